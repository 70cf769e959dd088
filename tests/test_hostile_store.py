"""A built benchmark directory: verified on read (sha256 and rows from ``stats.json``, every row
checked), replaced whole on rebuild (never new files beside old ones), files with the user's
umask, stale temporaries cleaned, and clean errors for every bad ``--out``."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import stat
import threading

import pytest

from pyrabench.cli import main
from pyrabench.errors import DataFormatError, MissingDataError, OutputError
from pyrabench.paraphrase import build as benchmark
from pyrabench.paraphrase import store
from pyrabench.paraphrase.policy import Policy


@pytest.fixture(scope="module")
def small():
    return benchmark.corpora_from_root(names=["tac2008"])


@pytest.fixture(scope="module")
def bench(small):
    return benchmark.build(small)


@pytest.fixture
def built(bench, tmp_path):
    out = tmp_path / "bench"
    store.save(bench, out)
    return out


def _snapshot(directory):
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


def _rewrite(directory, name: str, lines: list[str], update_stats: bool = True) -> None:
    """Replace ``name`` by ``lines``; with ``update_stats``, record its new sha256 and rows as a
    hand-made (or hostile) stats.json would, so only the row checks stand in the way."""
    data = "".join(line + "\n" for line in lines).encode()
    (directory / name).write_bytes(data)
    if update_stats:
        stats = json.loads((directory / "stats.json").read_text())
        stats["files"][name] = {"rows": len(lines), "sha256": hashlib.sha256(data).hexdigest()}
        (directory / "stats.json").write_text(json.dumps(stats))


# ---------------------------------------------------------------- verified on read


def test_a_deleted_row_is_refused_by_load_stats_and_evaluate(built, capsys):
    lines = (built / "binary.jsonl").read_text().splitlines()
    _rewrite(built, "binary.jsonl", lines[:-1], update_stats=False)
    with pytest.raises(DataFormatError, match="does not match the sha256 recorded in stats.json") as err:
        store.load_benchmark(built)
    assert err.value.path == str(built / "binary.jsonl")
    with pytest.raises(DataFormatError, match="sha256"):
        store.load_stats(built)
    assert main(["stats", str(built)]) == 2
    assert "sha256" in capsys.readouterr().err
    assert main(["evaluate", str(built), "--embedding", "random"]) == 2
    err = capsys.readouterr().err
    assert "binary.jsonl" in err and "sha256" in err and "Traceback" not in err


def test_files_from_two_builds_are_refused(bench, small, tmp_path):
    store.save(bench, tmp_path / "a")
    store.save(benchmark.build(small, Policy(seed=9)), tmp_path / "b")
    (tmp_path / "a" / "ranking.jsonl").write_bytes((tmp_path / "b" / "ranking.jsonl").read_bytes())
    with pytest.raises(DataFormatError, match="ranking.jsonl: does not match the sha256"):
        store.load_benchmark(tmp_path / "a")


def test_row_count_is_checked_even_when_the_sha_matches(built):
    lines = (built / "binary.jsonl").read_text().splitlines()
    _rewrite(built, "binary.jsonl", lines)
    stats = json.loads((built / "stats.json").read_text())
    stats["files"]["binary.jsonl"]["rows"] += 1
    (built / "stats.json").write_text(json.dumps(stats))
    with pytest.raises(DataFormatError, match="rows, but stats.json recorded"):
        store.load_benchmark(built)


def test_stats_without_checksums_is_refused(built):
    stats = json.loads((built / "stats.json").read_text())
    del stats["files"]
    (built / "stats.json").write_text(json.dumps(stats))
    with pytest.raises(DataFormatError, match="records no sha256"):
        store.load_benchmark(built)
    with pytest.raises(DataFormatError, match="records no sha256"):
        store.load_stats(built)


@pytest.mark.parametrize(
    "edit, match",
    [
        (lambda row: {**row, "label": "yes"}, "column 'label': 'yes' is not 0 or 1"),
        (lambda row: {**row, "label": None}, "column 'label': None is not 0 or 1"),
        (lambda row: {**row, "label": 2}, "column 'label': 2 is not 0 or 1"),
        (lambda row: {**row, "label": True}, "column 'label': True is not 0 or 1"),
        (lambda row: {**row, "weight_a": 2**70}, "not a 64-bit integer"),
        (lambda row: {**row, "text_a": 5}, "column 'text_a': 5 is not a string"),
        (lambda row: {k: v for k, v in row.items() if k != "text_b"}, "differ from the first line"),
    ],
    ids=["yes", "null", "two", "bool", "huge", "text-int", "missing-key"],
)
def test_bad_rows_name_file_and_line(built, edit, match):
    lines = (built / "binary.jsonl").read_text().splitlines()
    lines[3] = json.dumps(edit(json.loads(lines[3])))
    _rewrite(built, "binary.jsonl", lines)
    with pytest.raises(DataFormatError, match=match) as err:
        store.load_benchmark(built)
    assert err.value.path == str(built / "binary.jsonl") and err.value.line == 4


@pytest.mark.parametrize(
    "bad, match",
    [
        ('{"pair_id": ' + "1" * 5000 + "}", "digits"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"label": NaN}', "NaN is not JSON"),
        ("", "blank line"),
        ("[1, 2]", "expected a JSON object"),
    ],
    ids=["huge-int", "deep", "nan", "blank", "array"],
)
def test_undecodable_lines_name_file_and_line(built, bad, match):
    lines = (built / "binary.jsonl").read_text().splitlines()
    lines[1] = bad
    _rewrite(built, "binary.jsonl", lines)
    with pytest.raises(DataFormatError, match=match) as err:
        store.load_benchmark(built)
    assert err.value.line == 2


def test_csv_label_is_checked_too(bench, tmp_path):
    store.save(bench, tmp_path / "c", "csv")
    lines = (tmp_path / "c" / "binary.csv").read_text().splitlines()
    header = lines[0].split(",")
    cells = lines[2].split(",")
    cells[header.index("label")] = "yes"
    lines[2] = ",".join(cells)
    _rewrite(tmp_path / "c", "binary.csv", lines)
    stats = json.loads((tmp_path / "c" / "stats.json").read_text())
    stats["files"]["binary.csv"]["rows"] = len(lines) - 1
    (tmp_path / "c" / "stats.json").write_text(json.dumps(stats))
    with pytest.raises(DataFormatError, match="'yes' is not 0 or 1") as err:
        store.load_benchmark(tmp_path / "c")
    assert err.value.line == 3  # the csv line (after the header)


# ---------------------------------------------------------------- the directory changes whole


def test_an_interrupted_rebuild_leaves_the_old_benchmark_whole(bench, small, built, monkeypatch):
    before = _snapshot(built)
    real = store._write_frame

    def interrupted(df, path, fmt):
        if path.name.startswith("ranking"):
            raise KeyboardInterrupt  # killed after binary.jsonl was written
        real(df, path, fmt)

    monkeypatch.setattr(store, "_write_frame", interrupted)
    with pytest.raises(KeyboardInterrupt):
        store.save(benchmark.build(small, Policy(seed=3)), built)
    assert _snapshot(built) == before
    assert [p.name for p in built.parent.iterdir()] == ["bench"]  # no temporary left
    store.load_benchmark(built)


def test_concurrent_builds_leave_one_whole_benchmark(bench, small, tmp_path):
    other = benchmark.build(small, Policy(seed=5))
    out = tmp_path / "bench"
    errors = []

    def save(b):
        try:
            for _ in range(4):
                store.save(b, out)
        except Exception as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=save, args=(b,)) for b in (bench, other)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors
    loaded = store.load_benchmark(out)  # verifies every sha256 against the one stats.json
    assert loaded.stats["policy"]["seed"] in (0, 5)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bench"]


def test_stale_temporaries_are_removed_live_ones_kept(built):
    stale = built.parent / ".bench.dead1.tmp"
    stale.mkdir()
    (stale / "binary.jsonl").write_text("half")
    old = built.parent / ".bench.dead2.old"
    old.mkdir()
    live = built.parent / ".bench.live.tmp"
    live.mkdir()
    fd = os.open(live, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)  # as a build in progress holds it
    try:
        store.save(store.load_benchmark(built), built)
        assert not stale.exists() and not old.exists() and live.exists()
    finally:
        os.close(fd)


def test_old_per_file_temporaries_inside_the_directory_go_with_it(built, bench):
    (built / ".binary.jsonl.abc123.tmp").write_text("left by a SIGKILL")
    store.save(bench, built)
    assert sorted(p.name for p in built.iterdir()) == ["README.md", "binary.jsonl", "ranking.jsonl", "stats.json"]


def test_files_get_the_users_umask(bench, tmp_path):
    old = os.umask(0o027)
    try:
        store.save(bench, tmp_path / "b")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "b").stat().st_mode) == 0o750
    for p in (tmp_path / "b").iterdir():
        assert stat.S_IMODE(p.stat().st_mode) == 0o640, p.name


# ---------------------------------------------------------------- bad --out


def test_out_is_a_file(bench, tmp_path, capsys):
    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(OutputError, match="is a file, not a directory"):
        store.save(bench, f)
    with pytest.raises(OutputError, match="a file is in the way|a component of the path is a file"):
        store.save(bench, f / "below")
    for out in (f, f / "below"):
        assert main(["build", "--corpus", "tac2008", "--out", str(out), "--no-progress"]) == 2
        err = capsys.readouterr().err
        assert "pyrabench build: error:" in err and str(f) in err and "Traceback" not in err
    assert f.read_text() == "x"


def test_out_not_writable(bench, tmp_path):
    with pytest.raises(OutputError, match="cannot create the directory: permission denied"):
        store.save(bench, "/sys/pyrabench-test/bench")  # even root cannot create files in sysfs
    if os.geteuid() != 0:
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o500)
        with pytest.raises(OutputError, match="permission denied"):
            store.save(bench, ro / "bench")


def test_missing_parents_are_created(bench, tmp_path):
    store.save(bench, tmp_path / "a" / "b" / "bench")
    store.load_benchmark(tmp_path / "a" / "b" / "bench")


def test_a_folder_of_other_files_is_never_replaced(bench, tmp_path, capsys):
    home = tmp_path / "home"
    home.mkdir()
    (home / "thesis.tex").write_text("precious")
    with pytest.raises(OutputError, match="holds files pyrabench did not write"):
        store.save(bench, home)
    assert main(["build", "--corpus", "tac2008", "--out", str(home), "--no-progress"]) == 2
    assert (home / "thesis.tex").read_text() == "precious" and "did not write" in capsys.readouterr().err


def test_missing_test_file_is_missing_data(built):
    (built / "ranking.jsonl").unlink()
    with pytest.raises(MissingDataError, match="ranking.jsonl is missing"):
        store.load_benchmark(built)


def test_sigkill_mid_rebuild_leaves_the_old_benchmark_and_the_next_build_cleans_up(bench, built):
    """A rebuild killed for real (SIGKILL) after the new binary.jsonl is written."""
    import signal
    import subprocess
    import sys
    from pathlib import Path

    before = _snapshot(built)
    code = (
        "import sys, time\n"
        "from pyrabench.paraphrase import store\n"
        "real = store._write_frame\n"
        "def slow(df, path, fmt):\n"
        "    real(df, path, fmt)\n"
        "    if path.name.startswith('binary'):\n"
        "        print('binary written', flush=True); time.sleep(60)\n"
        "store._write_frame = slow\n"
        "bench = store.load_benchmark(sys.argv[1])\n"
        "bench.card = 'a different card'\n"
        "store.save(bench, sys.argv[1])\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    proc = subprocess.Popen([sys.executable, "-c", code, str(built)], stdout=subprocess.PIPE, env=env, text=True)
    try:
        assert proc.stdout.readline().strip() == "binary written"
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    finally:
        proc.kill()
    assert _snapshot(built) == before  # the old benchmark, whole
    store.load_benchmark(built)
    stale = [p.name for p in built.parent.iterdir() if p.name != "bench"]
    assert len(stale) == 1 and stale[0].startswith(".bench.") and stale[0].endswith(".tmp")
    store.save(bench, built)
    assert [p.name for p in built.parent.iterdir()] == ["bench"]
