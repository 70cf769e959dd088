"""Reading a data file so that every failure names the file (and the line, for bad UTF-8)."""

from __future__ import annotations

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
