"""Fetch a registered vector file into the download cache (``$PYRABENCH_CACHE/downloads``).

Uses pooch (resumable HTTP with a progress bar; a SHA-256 check when the registry knows the
hash), writing to a temporary name first so a failed download never leaves a partial file.
Entries that gensim-data also carries (GoogleNews, GloVe 6B) can be fetched through
``gensim.downloader`` instead (``via="gensim"``). A file you already have never needs this:
put it in ``$PYRABENCH_VECTORS`` or pass ``name=path`` to :func:`pyrabench.embeddings.load_embedding`.

Command line: ``python -m pyrabench.embeddings.download NAME [--url URL] [--dir DIR]``;
``--list`` prints the paper's rows, which are available here and the command for the others.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pooch

from ..cache import cache_dir
from ..errors import MissingDataError, PyrabenchError, UnknownNameError
from .registry import REGISTRY, paper_rows


def fetch(
    name: str,
    *,
    url: str | None = None,
    directory: str | Path | None = None,
    known_hash: str | None = None,
    via: str = "pooch",
    progress: bool = True,
) -> Path:
    """Download the file of registry entry ``name`` (or ``url``) and return its local path."""
    if name not in REGISTRY:
        raise UnknownNameError(f"unknown embedding {name!r}; known: {', '.join(REGISTRY)}")
    entry = REGISTRY[name]
    if not entry.needs_file:
        raise PyrabenchError(f"{name} needs no file: it is computed here")
    if via == "gensim":
        if not entry.gensim_name:
            raise PyrabenchError(f"gensim-data does not carry {name}; use via='pooch'")
        import gensim.downloader

        return Path(gensim.downloader.load(entry.gensim_name, return_path=True))
    url = url or entry.url
    if not url:
        raise MissingDataError(f"{name}: no download URL is known for {entry.filename}; see {entry.page}")

    target = Path(directory) if directory else cache_dir("downloads")
    target.mkdir(parents=True, exist_ok=True)
    try:
        path = pooch.retrieve(url, known_hash=known_hash, fname=entry.filename, path=target, progressbar=progress)
    except Exception as exc:  # requests/pooch raise many types; give one clear line
        raise MissingDataError(f"{name}: download of {url} failed ({type(exc).__name__}: {exc})") from None
    return Path(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyrabench.embeddings.download", description=__doc__.split("\n")[0])
    parser.add_argument("name", nargs="?", choices=sorted(n for n, e in REGISTRY.items() if e.needs_file))
    parser.add_argument("--list", action="store_true", help="list Table 1's embeddings: available here, or how to get them")
    parser.add_argument("--url", help="download from this URL instead of the registry's")
    parser.add_argument("--dir", help="directory to save into (default: the download cache)")
    parser.add_argument("--sha256", help="expected SHA-256 of the file")
    parser.add_argument("--via", choices=("pooch", "gensim"), default="pooch")
    args = parser.parse_args(argv)
    if args.list or args.name is None:

        rows = paper_rows()
        for r in rows.itertuples():
            print(f"{r.row:28s} {r.embedding:20s} {r.status}")
            if not r.available:
                print(f"{'':28s} {'':20s} to compute: {r.command}")
        return 0 if args.list else 2
    try:
        path = fetch(args.name, url=args.url, directory=args.dir,
                     known_hash=f"sha256:{args.sha256}" if args.sha256 else None, via=args.via)
    except PyrabenchError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
