from pyrabench.data.repairs import RepairLog
from pyrabench.errors import DataFormatError


def test_counts_split_repairs_and_skips():
    log = RepairLog()
    log.repair("a.pyr", "offset-whitespace", item="scu 3")
    log.repair("a.pyr", "offset-whitespace", item="scu 4")
    log.skip("b.pan", "unmatched-part", detail="no such text", item="scu 9")
    assert log.counts() == {"repaired:offset-whitespace": 2, "skipped:unmatched-part": 1}
    assert len(log.repairs) == 2 and len(log.skips) == 1 and len(log) == 3
    other = RepairLog()
    other.extend(log)
    assert other.counts() == log.counts()


def test_format_error_names_file_and_line():
    err = DataFormatError("x/y.pyr", "bad tag", line=12)
    assert str(err) == "x/y.pyr:12: bad tag" and err.line == 12 and err.path == "x/y.pyr"
    assert str(DataFormatError("z.txt", "empty")) == "z.txt: empty"
