"""pyrabench: pyramid annotations as a paraphrase benchmark, STS conventions, pyramid scoring."""

__version__ = "0.1.0"
