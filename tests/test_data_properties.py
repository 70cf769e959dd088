"""Property tests: any truncation or corruption of a valid file read by any reader yields a
:class:`PyrabenchError` or a counted repair/skip — never another exception type."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyrabench.data import ducview, sacrerouge
from pyrabench.data.repairs import RepairLog
from pyrabench.dataroot import SAMPLE_ROOT
from pyrabench.errors import PyrabenchError

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _small_files(sample_root, tmp_path_factory):
    """The smallest sample file of each kind, plus a one-line JSONL."""
    out = tmp_path_factory.mktemp("valid")
    pyr = sample_root / "passonneau2013" / "pyramid_HOW_VOLCANOES_FORM.pyr"
    pan = min((sample_root / "duc2005" / "pans").glob("*.pan"), key=lambda p: p.stat().st_size)
    jsonl = out / "pyramids.jsonl"
    jsonl.write_text((sample_root / "tac2008" / "pyramids.jsonl").read_text().splitlines()[0] + "\n")
    shutil.copy(pyr, out / pyr.name)
    shutil.copy(pan, out / pan.name)
    annotations = out / "pyramid-annotations.jsonl"
    sacrerouge.write_annotations(_tac_peers(sample_root), annotations)
    return {
        "pyr": (out / pyr.name).read_bytes(),
        "pan": (out / pan.name).read_bytes(),
        "jsonl": jsonl.read_bytes(),
        "annotations": annotations.read_bytes(),
    }


def _tac_peers(sample_root):
    """Two peers for the first TAC sample pyramid: its first two model summaries, self-matched."""
    from pyrabench.data.corpora import load_corpus
    from pyrabench.data.model import SCU, Contributor, PeerAnnotation

    pyramid = load_corpus("tac2008", sample_root).pyramids[0]
    peers = []
    for index in (0, 1):
        scus = tuple(
            SCU(s.scu_id, s.label, tuple(Contributor(c.label, c.parts, 0) for c in s.contributors if c.summary_index == index))
            for s in pyramid.scus
        )
        peers.append(PeerAnnotation("tac2008", pyramid.topic, str(index + 1), "", pyramid.summaries[index], scus, pyramid))
    return peers


@pytest.fixture(scope="module")
def valid(sample_root, tmp_path_factory):
    return _small_files(sample_root, tmp_path_factory)


def _read(kind: str, path) -> RepairLog:
    log = RepairLog()
    if kind == "pyr":
        ducview.read_pyramid(path, "passonneau2013", "T", log, default_regex=ducview.PASSONNEAU_REGEX)
    elif kind == "pan":
        ducview.read_peer(path, "duc2005", "d301i", "2", "20", log)
    elif kind == "jsonl":
        sacrerouge.read_pyramids(path, "tac2008", log)
    else:
        from pyrabench.data.corpora import load_corpus

        pyramids = {p.topic: p for p in load_corpus("tac2008", SAMPLE_ROOT).pyramids}
        sacrerouge.read_annotations(path, "tac2008", pyramids, log)
    return log


def _check(kind: str, data: bytes, tmp_path) -> None:
    path = tmp_path / f"mutated.{kind}"
    path.write_bytes(data)
    try:
        _read(kind, path)
    except PyrabenchError as exc:
        assert str(path) in str(exc)


def test_valid_files_read_cleanly(valid, tmp_path):
    for kind, data in valid.items():
        path = tmp_path / f"valid.{kind}"
        path.write_bytes(data)
        assert len(_read(kind, path)) == 0


KINDS = st.sampled_from(["pyr", "pan", "jsonl", "annotations"])


@SETTINGS
@given(kind=KINDS, cut=st.floats(0, 1, exclude_max=True))
def test_truncation(valid, tmp_path, kind, cut):
    data = valid[kind]
    _check(kind, data[: int(cut * len(data))], tmp_path)


@SETTINGS
@given(kind=KINDS, where=st.floats(0, 1, exclude_max=True), junk=st.binary(min_size=1, max_size=4), drop=st.integers(0, 4))
def test_corruption(valid, tmp_path, kind, where, junk, drop):
    data = valid[kind]
    i = int(where * len(data))
    _check(kind, data[:i] + junk + data[i + drop :], tmp_path)


@SETTINGS
@given(kind=KINDS, where=st.floats(0, 1, exclude_max=True), digit=st.sampled_from(b"0123456789-"))
def test_digit_corruption_hits_offsets(valid, tmp_path, kind, where, digit):
    """Overwrite one digit (offsets, ids, weights live in digits) with another digit or a minus."""
    data = bytearray(valid[kind])
    positions = [k for k, b in enumerate(data) if chr(b).isdigit()]
    data[positions[int(where * len(positions))]] = digit
    _check(kind, bytes(data), tmp_path)
