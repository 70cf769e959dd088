"""DUCView files from other people: no external entity is ever read (local file, device, FIFO,
URL), entity bombs and deep nesting are clean errors, the file's ``startDocumentRegEx`` cannot
hang the reader, and a FIFO or device among the inputs is refused, never opened for reading."""

from __future__ import annotations

import http.server
import os
import re
import subprocess
import sys
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyrabench.data import corpora, ducview
from pyrabench.errors import DataFormatError, PyrabenchError

SECRET = "TOPSECRET-7d1f"


def _pyr(doctype: str, line: str = "hello") -> bytes:
    """A small ``.pyr`` whose summary line is ``line``, after the DOCTYPE ``doctype``."""
    return f"""<?xml version="1.0"?>
{doctype}
<pyramid>
<startDocumentRegEx><![CDATA[---\\n]]></startDocumentRegEx>
<text><line>---</line><line>{line}</line></text>
<scu uid="1" label="x"><contributor label="hello"><part label="hello" start="4" end="9"/></contributor></scu>
</pyramid>
""".encode()


def _read(path):
    return ducview.read_pyramid(path, "duc2006", "D0999", default_regex=None)


@pytest.fixture
def secret(tmp_path):
    p = tmp_path / "secret.txt"
    p.write_text(SECRET)
    return p


@pytest.mark.parametrize(
    "doctype, use",
    [
        ('<!DOCTYPE pyramid [<!ENTITY x SYSTEM "file://{secret}">]>', "&x;"),
        ('<!DOCTYPE pyramid [<!ENTITY x SYSTEM "{secret}">]>', "&x;"),
        ('<!DOCTYPE pyramid [<!ENTITY x PUBLIC "-//X//EN" "{secret}">]>', "&x;"),
        ('<!DOCTYPE pyramid [<!ENTITY % p SYSTEM "{dtd}"> %p;]>', "&leak;"),
        ('<!DOCTYPE pyramid SYSTEM "{dtd}">', "&leak;"),
    ],
    ids=["file-url", "path", "public", "parameter-entity", "external-subset"],
)
def test_no_external_entity_is_read(tmp_path, secret, doctype, use, within):
    dtd = tmp_path / "ext.dtd"
    dtd.write_text(f'<!ENTITY leak "{SECRET}">')
    path = tmp_path / "D0999.pyr"
    path.write_bytes(_pyr(doctype.format(secret=secret, dtd=dtd), f"hello {use}"))
    with pytest.raises(DataFormatError) as err:
        within(10, _read, path)
    assert str(path) in str(err.value) and "never read" in str(err.value)
    assert SECRET not in str(err.value)


def test_internal_entities_still_resolve(tmp_path):
    path = tmp_path / "D0999.pyr"
    path.write_bytes(_pyr('<!DOCTYPE pyramid [<!ENTITY w "hello">]>', "&w; &amp; &quot;"))
    assert _read(path).summaries == ('hello & "',)


#: Reads one ``.pyr`` and prints the DataFormatError (exit 3), in a child process.
_CHILD_READ = """import sys
from pyrabench.data import ducview
from pyrabench.errors import DataFormatError
try:
    ducview.read_pyramid(sys.argv[1], "duc2006", "D0999", default_regex=None)
except DataFormatError as exc:
    print(exc)
    sys.exit(3)
"""


def _read_in_child(path, seconds: float = 15):
    """Read ``path`` in a child process killed after ``seconds``. A reader that opens the device or
    FIFO would never return; in a thread of this process it would also keep holding lxml's shared
    parser, so every later parse of the session would wait on it. A child is simply killed."""
    try:
        proc = subprocess.run([sys.executable, "-c", _CHILD_READ, str(path)], capture_output=True, text=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        pytest.fail(f"reading {path.name} did not return within {seconds} s: the entity's target was opened")
    return proc


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom", "fifo"])
def test_devices_and_fifos_named_by_an_entity_are_never_opened(tmp_path, target):
    """Opening a FIFO with no writer blocks and /dev/zero never ends: either would hang here."""
    if target == "fifo":
        target = str(tmp_path / "fifo")
        os.mkfifo(target)
    for decl, use in ((f'<!ENTITY x SYSTEM "{target}">', "&x;"), (f'<!ENTITY % x SYSTEM "{target}"> %x;', "")):
        path = tmp_path / "D0999.pyr"
        path.write_bytes(_pyr(f"<!DOCTYPE pyramid [{decl}]>", f"hello {use}"))
        proc = _read_in_child(path)
        assert proc.returncode == 3 and "never read" in proc.stdout, proc.stdout + proc.stderr


@pytest.fixture
def http_log():
    hits = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            hits.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(f'<!ENTITY leak "{SECRET}">'.encode())

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", hits
    server.shutdown()


def test_no_url_is_fetched(tmp_path, http_log, within):
    url, hits = http_log
    for doctype, use in (
        (f'<!DOCTYPE pyramid [<!ENTITY x SYSTEM "{url}/general">]>', "&x;"),
        (f'<!DOCTYPE pyramid [<!ENTITY % p SYSTEM "{url}/parameter"> %p;]>', "&leak;"),
        (f'<!DOCTYPE pyramid SYSTEM "{url}/subset">', "&leak;"),
    ):
        path = tmp_path / "D0999.pyr"
        path.write_bytes(_pyr(doctype, f"hello {use}"))
        with pytest.raises(DataFormatError):
            within(10, _read, path)
    time.sleep(0.2)
    assert hits == []


def test_xinclude_is_not_processed(tmp_path, secret):
    path = tmp_path / "D0999.pyr"
    data = _pyr("").replace(
        b"<line>hello</line>",
        f'<line>hello<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="{secret}" parse="text"/></line>'.encode(),
    )
    path.write_bytes(data)
    assert SECRET not in "".join(_read(path).summaries)


def test_billion_laughs_is_a_clean_error(tmp_path, within):
    ents = '<!ENTITY a "aaaaaaaaaa">' + "".join(
        f'<!ENTITY {chr(98 + i)} "' + f"&{chr(97 + i)};" * 10 + '">' for i in range(9)
    )
    path = tmp_path / "D0999.pyr"
    path.write_bytes(_pyr(f"<!DOCTYPE pyramid [{ents}]>", "&j;"))
    with pytest.raises(DataFormatError, match="malformed XML") as err:
        within(20, _read, path)
    assert str(path) in str(err.value)


def test_quadratic_blowup_is_a_clean_error(tmp_path, within):
    big = "x" * 100_000
    path = tmp_path / "D0999.pyr"
    path.write_bytes(_pyr(f'<!DOCTYPE pyramid [<!ENTITY a "{big}">]>', "&a;" * 20_000))
    with pytest.raises(DataFormatError, match="malformed XML"):
        within(20, _read, path)


def test_deep_nesting_is_a_clean_error(tmp_path, within):
    depth = 100_000
    path = tmp_path / "D0999.pyr"
    path.write_bytes(_pyr("", "<b>" * depth + "x" + "</b>" * depth))
    with pytest.raises(DataFormatError, match="malformed XML"):
        within(20, _read, path)


# ---------------------------------------------------------------- the file's own regex


def test_redos_regex_from_the_file_cannot_hang(tmp_path, within):
    """``(x+x+)+y`` on 40 ``x`` takes hours with backtracking; RE2 answers at once."""
    path = tmp_path / "D0999.pyr"
    data = _pyr("", "x" * 40).replace(b"---\\n]]", b"(x+x+)+y]]")
    path.write_bytes(data)
    start = time.perf_counter()
    with pytest.raises(DataFormatError, match="matches no summary header"):
        within(10, _read, path)
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize("regex", [r"(a)\1", r"(?<=-)D", r"(?=D)D", r"a{5000}"])
def test_regex_re2_cannot_run_is_an_error_naming_the_file(tmp_path, regex, capfd):
    path = tmp_path / "D0999.pyr"
    path.write_bytes(_pyr("").replace(b"---\\n]]", regex.encode() + b"]]"))
    with pytest.raises(DataFormatError, match="not a valid regex") as err:
        _read(path)
    assert str(path) in str(err.value)
    assert capfd.readouterr().err == ""  # RE2 logs nothing of its own


def test_summary_splitting_is_linear_in_long_blank_runs(within):
    """The trailing-blank trim once used an end-anchored regex: quadratic on 40k blanks."""
    text = "---\n" + "word" + " " * 200_000 + "x\n---\nnext" + "\n" * 200_000
    split = within(10, ducview.split_summaries, text, ducview.PASSONNEAU_REGEX, "x.pyr")
    assert [text[s:e] for s, e in zip(split.starts, split.ends)] == ["word" + " " * 200_000 + "x", "next"]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="a-\n \t\r\u00a0", max_size=30))
def test_trailing_trim_equals_the_old_regex(body):
    """The backward scan drops exactly what ``(?:\\s|(?<=\\n)-+)+\\Z`` dropped."""
    assert body[: ducview._trim_end(body)] == re.sub(r"(?:\s|(?<=\n)-+)+\Z", "", body)


# ---------------------------------------------------------------- what gets opened


def test_a_fifo_among_the_pyramids_is_refused_not_opened(tmp_path, within, sample_root):
    import shutil

    root = tmp_path / "root"
    shutil.copytree(sample_root / "duc2006", root / "duc2006")
    fifo = root / "duc2006/DUC2006pyramiddata/allpyramids/D0699.pyr"
    os.mkfifo(fifo)
    corpora.clear_cache()
    with pytest.raises(DataFormatError, match="FIFO") as err:
        within(10, corpora.load_corpus, "duc2006", root)
    assert str(fifo) in str(err.value)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused(device, within):
    with pytest.raises(DataFormatError, match="character device"):
        within(10, _read, device)
