"""The ``{how-to-cite}`` directive: the intro page's *How to cite*, generated from CITATION.cff.

The section is Markdown written by :func:`pyrabench.citation.how_to_cite` and parsed in place, so
the page shows what the citation file says; the page is rebuilt when the file changes.
"""

from pathlib import Path

from sphinx.util.docutils import SphinxDirective

from pyrabench import citation


class HowToCite(SphinxDirective):
    has_content = False

    def run(self):
        path = Path(self.env.srcdir) / citation.FILE_NAME
        self.env.note_dependency(str(path))
        return self.parse_text_to_nodes(citation.how_to_cite(citation.read_cff(path)))


def setup(app):
    app.add_directive("how-to-cite", HowToCite)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
