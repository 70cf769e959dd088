"""Offer each chapter's executed notebook as ``.ipynb`` in the page's download menu.

sphinx-book-theme copies the notebook that MyST-NB executed from a chapter's MyST ``.md`` into
``_sources`` (and so lists ".ipynb" under the download button) only when a launch service such as
Binder or Colab is configured. This book has none, so the same copy is made here, before the
theme builds its header buttons (handlers with a lower priority run first).
"""

from pathlib import Path
from shutil import copy2

# MyST-NB writes executed notebooks to this folder beside the HTML output folder.
EXECUTED_FOLDER = "jupyter_execute"


def add_ipynb_source(app, pagename, templatename, context, doctree):
    """Copy the executed notebook of a notebook page into _sources and point the theme at it."""
    if context.get("ipynb_source") or "kernelspec" not in app.env.metadata.get(pagename, {}):
        return
    executed = Path(app.outdir).parent / EXECUTED_FOLDER / f"{pagename}.ipynb"
    if not executed.is_file():
        return
    target = Path(app.outdir) / "_sources" / f"{pagename}.ipynb"
    target.parent.mkdir(parents=True, exist_ok=True)
    copy2(executed, target)
    context["ipynb_source"] = f"{pagename}.ipynb"


def setup(app):
    app.connect("html-page-context", add_ipynb_source, priority=400)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
