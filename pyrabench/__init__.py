"""pyrabench: pyramid annotations as a paraphrase benchmark, STS conventions, pyramid scoring."""

from . import dataroot, errors  # light modules every notebook and command needs

__version__ = "0.1.0"
__all__ = ["dataroot", "errors", "__version__"]
