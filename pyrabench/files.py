"""Files in and out: reading so that every failure names the file (and the line, for bad
UTF-8), and writing atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import DataFormatError, MissingDataError


def read_bytes(path: str | Path) -> bytes:
    """The file's bytes; a missing file is :class:`MissingDataError`, any other OS error a
    :class:`DataFormatError`, both naming the path."""
    path = Path(path)
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise MissingDataError(f"{path}: file not found") from None
    except OSError as exc:
        raise DataFormatError(path, f"cannot read file: {exc.strerror or exc}") from None


def read_utf8(path: str | Path) -> str:
    """The file as UTF-8 text; a byte that is not UTF-8 is an error naming its line."""
    raw = read_bytes(path)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataFormatError(path, f"not UTF-8 ({exc.reason})", line=line) from None


def atomic_write(path: str | Path, write) -> None:
    """``write(tmp_path)`` then ``os.replace``: readers never see a partial file, and an
    interrupt leaves the old file (or none) in place, never half of a new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        write(Path(tmp))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
