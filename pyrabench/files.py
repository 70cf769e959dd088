"""Files in and out.

Reading: every failure names the file (and the line, for bad UTF-8 or JSON), and only *regular*
files are read — a FIFO would block forever and ``/dev/zero`` never ends, so both are refused
before a byte is read (the check is made on the opened descriptor, so a file swapped for a FIFO
between a check and the open cannot slip through).

A leading UTF-8 byte-order mark (Notepad writes one) is accepted by every text reader and
dropped (:func:`without_bom`): the text read is the same with or without it.

Files read whole are at most :data:`MAX_READ_BYTES` (a larger one is refused before a byte is
read, with the limit in the message); JSON Lines are streamed a line at a time.

Writing: :func:`atomic_write` for one file and :func:`atomic_directory` for a directory that
must change as a whole (a built benchmark): readers see the old version or the new one, never a
mix, even when the writer is killed or the disk fills; what a killed writer leaves behind is
removed by the next write of the same name; and files get the user's umask like any other
program's output.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import glob
import json
import os
import shutil
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from .errors import DataFormatError, MissingDataError, OutputError

_KINDS = {
    stat.S_IFIFO: "a FIFO (named pipe)",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
    stat.S_IFDIR: "a directory",
}


def _kind(mode: int) -> str:
    return _KINDS.get(stat.S_IFMT(mode), "not a regular file")


def open_regular(path: str | Path):
    """A binary file object for ``path``, refused unless it is a regular file.

    Opened with ``O_NONBLOCK`` so that opening a FIFO cannot block, then checked with ``fstat``
    on the descriptor itself; a missing file is :class:`MissingDataError`, anything else
    (FIFO, device, directory, no permission) a :class:`DataFormatError` naming the path.
    """
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise MissingDataError(f"{path}: file not found") from None
    except OSError as exc:
        raise DataFormatError(path, f"cannot read file: {exc.strerror or exc}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise DataFormatError(path, f"cannot read file: {_kind(mode)}, not a regular file")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def ensure_regular(path: str | Path) -> Path:
    """``path`` if it is a regular file (for libraries that open files themselves)."""
    open_regular(path).close()
    return Path(path)


#: The largest file read whole (every input of the real data is under 20 MB): a larger one would
#: take several times its size in memory once decoded and split, so it is refused instead.
MAX_READ_BYTES = 256 << 20


def _too_large(path: str | Path, size: str, limit: int) -> DataFormatError:
    return DataFormatError(path, f"{size} bytes, larger than the {limit >> 20} MiB limit for an input file "
                                 "(pyrabench.files.MAX_READ_BYTES); is this the right file?")


def _open_limited(path: str | Path, limit: int):
    """:func:`open_regular`, refusing a file larger than ``limit`` before a byte is read."""
    fh = open_regular(path)
    size = os.fstat(fh.fileno()).st_size
    if size > limit:
        fh.close()
        raise _too_large(path, f"{size:,}", limit)
    return fh


def read_bytes(path: str | Path, limit: int = MAX_READ_BYTES) -> bytes:
    """The file's bytes; a missing file is :class:`MissingDataError`, any other problem (not a
    regular file, larger than ``limit``, an OS error) a :class:`DataFormatError`, both naming
    the path."""
    with _open_limited(path, limit) as fh:
        try:
            data = fh.read(limit + 1)
        except OSError as exc:
            raise DataFormatError(path, f"cannot read file: {exc.strerror or exc}") from None
        if len(data) > limit:  # grew while being read
            raise _too_large(path, f"more than {limit:,}", limit)
        return data


#: The UTF-8 byte-order mark.
BOM = b"\xef\xbb\xbf"


def without_bom(raw: bytes) -> bytes:
    """``raw`` without a leading UTF-8 byte-order mark: the one place every text reader (those
    reading bytes a line at a time too) drops it."""
    return raw[len(BOM):] if raw.startswith(BOM) else raw


def read_utf8(path: str | Path) -> str:
    """The file as UTF-8 text (a leading byte-order mark dropped); a byte that is not UTF-8 is an
    error naming its line."""
    return decode_utf8(read_bytes(path), path)


def decode_utf8(raw: bytes, path: str | Path) -> str:
    """``raw`` as UTF-8 text, a leading byte-order mark dropped; a byte that is not UTF-8 is an
    error naming the file and its line."""
    raw = without_bom(raw)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataFormatError(path, f"not UTF-8 ({exc.reason})", line=line) from None


# --------------------------------------------------------------------------- JSON


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON (only finite numbers are)")


def _no_duplicate_keys(pairs):
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen = set()
        dup = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise ValueError(f"key {dup!r} appears twice in one object")
    return obj


def parse_json(text: str, path: str | Path, line: int | None = None):
    """One JSON document; *every* decode failure is a :class:`DataFormatError` naming file and line.

    ``json.loads`` raises more than ``JSONDecodeError``: ``ValueError`` for an integer of more
    than 4,300 digits, ``RecursionError`` for deeply nested arrays. NaN/Infinity (not JSON) and
    a key repeated in one object (which would silently keep the last value) are refused too.
    """
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        where = exc.lineno if line is None else line
        raise DataFormatError(path, f"invalid JSON: {exc.msg} (column {exc.colno})", line=where) from None
    except RecursionError:
        raise DataFormatError(path, "invalid JSON: nested too deeply", line=line) from None
    except ValueError as exc:  # huge integers, NaN/Infinity, duplicate keys
        raise DataFormatError(path, f"invalid JSON: {exc}", line=line) from None


def read_jsonl(path: str | Path, on_blank: Callable[[int], None] | None = None) -> Iterator[tuple[int, object]]:
    """``(line number, value)`` for each line of a JSON Lines file (UTF-8, a leading byte-order
    mark dropped, regular file).

    A blank line calls ``on_blank(line)`` (to count it) or, without ``on_blank``, is an error.
    Streamed a line at a time, so the file's text is never all in memory (lines end at ``\\n``;
    a ``\\r`` before it is JSON whitespace); the file is still limited to :data:`MAX_READ_BYTES`,
    since readers keep what they parse.
    """
    with _open_limited(path, MAX_READ_BYTES) as fh:
        total, number = 0, 0
        while True:
            try:
                raw = fh.readline(MAX_READ_BYTES + 1 - total)
            except OSError as exc:
                raise DataFormatError(path, f"cannot read file: {exc.strerror or exc}") from None
            if not raw:
                return
            total, number = total + len(raw), number + 1
            if total > MAX_READ_BYTES:  # grew while being read
                raise _too_large(path, f"more than {MAX_READ_BYTES:,}", MAX_READ_BYTES)
            if number == 1:
                raw = without_bom(raw)
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise DataFormatError(path, f"not UTF-8 ({exc.reason})", line=number) from None
            if not line.strip():
                if on_blank is None:
                    raise DataFormatError(path, "blank line in a JSON Lines file", line=number)
                on_blank(number)
                continue
            yield number, parse_json(line, path, number)


# --------------------------------------------------------------------------- writing


def _umask() -> int:
    """The process umask (read from /proc where possible: ``os.umask`` can only be read by setting it)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _output_error(path: Path, exc: OSError, what: str) -> OutputError:
    reasons = {
        errno.ENOTDIR: "a component of the path is a file, not a directory",
        errno.EEXIST: "a file is in the way",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.EROFS: "read-only file system",
        errno.ENOSPC: "no space left on device (disk full)",
        errno.EDQUOT: "disk quota exceeded (disk full)",
        errno.EFBIG: "file too large (the file-size limit was reached, or the disk is full)",
    }
    return OutputError(f"{path}: cannot {what}: {reasons.get(exc.errno, exc.strerror or str(exc))}")


def atomic_write(path: str | Path, write) -> None:
    """``write(tmp_path)`` then ``os.replace``: readers never see a partial file, and an
    interrupt leaves the old file (or none) in place, never half of a new one.

    The temporary file is a hidden sibling ``.<name>.*.tmp``, locked (``flock``) while it is
    written and synced to disk (``fsync``) before it takes the name, so neither a kill nor a
    power cut can put a partial file under ``path``. A write that fails (a full disk, the
    file-size limit) is an :class:`OutputError` naming ``path`` and leaves no temporary file;
    one left by a SIGKILL is removed by the next write of the same name (its lock died with its
    writer, so a concurrent writer's live file is never touched). The file gets the mode a plain
    ``open`` would give it (0666 less the umask), not ``mkstemp``'s 0600."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale(path.parent, path.name)
        fd, tmp = _locked_temporary(path)
    except OSError as exc:
        raise _output_error(path.parent, exc, "create a file in this directory") from None
    try:
        try:
            write(Path(tmp))
            os.fchmod(fd, 0o666 & ~_umask())
            os.fsync(fd)
            os.replace(tmp, path)
        except OSError as exc:
            raise _output_error(path, exc, "write the file") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    finally:
        os.close(fd)


def _locked_temporary(path: Path) -> tuple[int, str]:
    """A new hidden sibling of ``path``, created and locked: ``(descriptor, name)``.

    Between its creation and its lock, a writer sweeping stale files may lock it first and
    remove it; the file then locked is no longer at its name, so another is made."""
    while True:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            if os.path.samestat(os.fstat(fd), os.stat(tmp)):
                return fd, tmp
        except FileNotFoundError:
            pass
        os.close(fd)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one atomic step (Linux ``renameat2(RENAME_EXCHANGE)``); False where
    the system cannot, so the caller falls back to two renames."""
    try:
        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(err, os.strerror(err), str(b))


@contextmanager
def _locked(fd: int, blocking: bool = True):
    fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _remove_stale(parent: Path, name: str) -> list[Path]:
    """Temporary siblings ``.<name>.*.tmp`` / ``.old`` left by a killed write or build (their
    owner's lock is gone); a live one is held under an exclusive ``flock``, so it is never touched."""
    removed = []
    pattern = glob.escape(name)
    for p in sorted(parent.glob(f".{pattern}.*.tmp")) + sorted(parent.glob(f".{pattern}.*.old")):
        try:
            fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            continue  # a build is still writing there
        try:
            shutil.rmtree(p) if p.is_dir() and not p.is_symlink() else p.unlink()
            removed.append(p)
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


@contextmanager
def atomic_directory(path: str | Path, replaceable: Callable[[Path], bool]) -> Iterator[Path]:
    """Build a directory in a sibling temporary one, then swap it in whole.

    Yields the temporary directory to write into. On success the old ``path`` (if any) is
    replaced in one step — atomically where Linux allows (``RENAME_EXCHANGE``), else by two
    renames under a lock on the parent — so a reader never sees new files beside old ones, and
    of two concurrent builds the last to finish wins whole. On failure (or Ctrl-C) the
    temporary directory is removed and ``path`` is untouched; one left by a SIGKILL is removed
    by the next build. An existing ``path`` is replaced only if ``replaceable(path)`` (it holds
    only files we write), so a mistyped ``--out`` cannot wipe a folder of other files.
    """
    path = Path(path).expanduser().absolute()
    if path.exists() and not path.is_dir():
        raise OutputError(f"{path}: exists and is a file, not a directory")
    if path.is_dir() and not replaceable(path):
        raise OutputError(
            f"{path}: exists and holds files pyrabench did not write; choose a new or empty directory"
        )
    parent, name = path.parent, path.name
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _output_error(parent, exc, "create the directory") from None
    if not parent.is_dir():
        raise OutputError(f"{parent}: not a directory")
    # Under the parent's lock: clearing stale temporaries and creating (and locking) ours, so a
    # concurrent build never takes our fresh, not yet locked, directory for a stale one.
    parent_fd = os.open(parent, os.O_RDONLY)
    try:
        with _locked(parent_fd):
            _remove_stale(parent, name)
            try:
                tmp = Path(tempfile.mkdtemp(prefix=f".{name}.", suffix=".tmp", dir=parent))
            except OSError as exc:
                raise _output_error(parent, exc, "create a directory in it") from None
            lock = os.open(tmp, os.O_RDONLY)
            fcntl.flock(lock, fcntl.LOCK_EX)  # marks the build as live for _remove_stale
    except BaseException:
        os.close(parent_fd)
        raise
    try:
        os.chmod(tmp, 0o777 & ~_umask())
        try:
            yield tmp
        except OutputError as exc:  # a file that could not be written is named where it belongs
            raise OutputError(str(exc).replace(str(tmp), str(path))) from None
        try:
            with _locked(parent_fd):
                if path.is_dir() and not replaceable(path):
                    raise OutputError(f"{path}: now holds files pyrabench did not write; not replaced")
                if path.exists() and not path.is_dir():
                    raise OutputError(f"{path}: exists and is a file, not a directory")
                if path.is_dir():
                    if not _exchange(tmp, path):
                        old = Path(tempfile.mkdtemp(prefix=f".{name}.", suffix=".old", dir=parent))
                        os.rename(path, old / name)
                        os.rename(tmp, path)
                        tmp = old
                else:
                    os.rename(tmp, path)
        except OSError as exc:
            raise _output_error(path, exc, "replace the directory") from None
    finally:
        os.close(parent_fd)
        os.close(lock)
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
