"""How to cite the compendium, read from its ``CITATION.cff`` (Citation File Format 1.2.0).

The file at the top of the repository is the one statement of how pyrabench is cited (GitHub,
Zenodo and reference managers read it); the intro page of the book prints it through
:func:`how_to_cite`, so the page and the file never disagree.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import yaml

from .errors import DataFormatError, MissingDataError

FILE_NAME = "CITATION.cff"
BIBTEX_KEY = "pyrabench"
BIBTEX_WIDTH = 72


def read_cff(path: str | Path) -> dict:
    """The parsed ``CITATION.cff``; a clear error naming the file when it is missing or not YAML."""
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MissingDataError(f"{path}: no citation file") from None
    except yaml.YAMLError as exc:
        raise DataFormatError(path, f"not valid YAML ({' '.join(str(exc).split())})") from None
    if not isinstance(data, dict) or not {"title", "authors", "version", "message"} <= data.keys():
        raise DataFormatError(path, "not a citation file (needs title, authors, version and message)")
    return data


def person(entry: dict) -> str:
    """``Baumel, T.`` for a person, the name itself for an entity."""
    if "family-names" not in entry:
        return entry.get("name", "")
    given = entry.get("given-names", "")
    initials = " ".join(part[0] + "." for part in given.replace("-", " ").split() if part)
    particle = f"{entry['name-particle']} " if entry.get("name-particle") else ""
    return f"{particle}{entry['family-names']}, {initials}".strip().rstrip(",")


def authors_text(authors: list[dict]) -> str:
    names = [person(a) for a in authors]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def link(reference: dict) -> str:
    """The reference's DOI as a link, else its URL, else nothing."""
    if reference.get("doi"):
        return f"<https://doi.org/{reference['doi']}>"
    if reference.get("url"):
        return f"<{reference['url']}>"
    return ""


def _escaped(text: str) -> str:
    """Text as Markdown shows it literally ("*SEM 2013" is a name, not emphasis)."""
    return " ".join(text.split()).replace("\\", "\\\\").replace("*", "\\*").replace("_", "\\_")


def reference_text(reference: dict) -> str:
    """One reference as a line of Markdown: authors (year). Title. *Venue*, pages. Link."""
    parts = [f"{authors_text(reference['authors'])} ({reference['year']}). {_escaped(reference['title']).rstrip('.')}."]
    venue = reference.get("collection-title") or reference.get("journal")
    if venue:
        pages = f", {reference['start']}–{reference['end']}" if reference.get("start") and reference.get("end") else ""
        parts.append(f"*{_escaped(venue)}*{pages}.")
    if link(reference):
        parts.append(link(reference))
    return " ".join(parts)


def bibtex(cff: dict) -> str:
    """A BibTeX (biblatex ``@software``) entry for the compendium itself."""
    fields = [
        ("author", "{" + " and ".join(person(a) if "family-names" in a else "{" + a["name"] + "}" for a in cff["authors"]) + "}"),
        ("title", "{" + " ".join(cff["title"].split()) + "}"),
        ("version", "{" + str(cff["version"]) + "}"),
    ]
    if cff.get("license"):
        fields.append(("license", "{" + str(cff["license"]) + "}"))
    if cff.get("doi"):
        fields.append(("doi", "{" + cff["doi"] + "}"))
    width = max(len(name) for name, _ in fields)
    # long values wrap (BibTeX reads a line break inside braces as a space), so the entry fits a
    # page column and a terminal
    body = ",\n".join(
        textwrap.fill(f"  {name.ljust(width)} = {value}", BIBTEX_WIDTH, subsequent_indent=" " * (width + 6), break_long_words=False)
        for name, value in fields
    )
    return f"@software{{{BIBTEX_KEY},\n{body},\n}}"


def how_to_cite(cff: dict) -> str:
    """The *How to cite* section's Markdown: the message, the compendium as text and as BibTeX,
    and the papers it reproduces."""
    title = " ".join(cff["title"].split())
    text = f"{authors_text(cff['authors'])}. *{_escaped(title)}*. Version {cff['version']}"
    if cff.get("license"):
        text += f", {cff['license']} licence"
    lines = [" ".join(cff["message"].split()), "", f"> {text}.", "", "```bibtex", bibtex(cff), "```", ""]
    references = cff.get("references", [])
    if references:
        lines.append("The papers it reproduces:")
        lines.append("")
        lines += [f"- {reference_text(r)}" for r in references]
        lines.append("")
    lines.append(f"This section is generated from `{FILE_NAME}` at the top of the repository.")
    return "\n".join(lines) + "\n"
