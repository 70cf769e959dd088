
import pytest

from pyrabench import dataroot
from pyrabench.errors import MissingDataError


def test_sample_root_when_nothing_is_set(monkeypatch):
    monkeypatch.delenv(dataroot.ENV_DATA, raising=False)
    root = dataroot.resolve()
    assert root.is_sample and root.path == dataroot.SAMPLE_ROOT
    assert "sample" in root.describe()


def test_argument_beats_environment(monkeypatch, tmp_path):
    other = tmp_path / "env"
    other.mkdir()
    monkeypatch.setenv(dataroot.ENV_DATA, str(other))
    assert dataroot.resolve(tmp_path).path == tmp_path.resolve()
    assert dataroot.resolve().path == other.resolve()
    assert not dataroot.resolve().is_sample


def test_missing_root_names_the_source(monkeypatch, tmp_path):
    monkeypatch.setenv(dataroot.ENV_DATA, str(tmp_path / "nope"))
    with pytest.raises(MissingDataError, match="PYRABENCH_DATA"):
        dataroot.resolve()
    with pytest.raises(MissingDataError, match="--data"):
        dataroot.resolve(tmp_path / "nope")


@pytest.mark.parametrize("value,expected", [("1", True), ("true", True), ("0", False), ("", False)])
def test_data_required(monkeypatch, value, expected):
    monkeypatch.setenv(dataroot.ENV_REQUIRE, value)
    assert dataroot.data_required() is expected
