"""Install footprint: a fresh venv with the core dependencies only, beside this venv (``[all]``).

Builds the wheel, installs it with its core dependencies into a temporary venv (pip's cache
and configured indexes, as ``make test-core`` does), and prints the size on disk of that venv
and of the venv running this script, then the largest distributions of the core install.

    .venv/bin/python benchmarks/bench_install.py [--top N]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Run inside a venv: each installed distribution's size on disk (its RECORD's files), in bytes.
SIZES = r"""
import json, os
from importlib import metadata
out = {}
for d in metadata.distributions():
    total = 0
    for f in d.files or []:
        p = d.locate_file(f)
        if os.path.isfile(p):
            total += os.path.getsize(p)
    out[d.metadata["Name"]] = total
print(json.dumps(out))
"""


def du(path: Path) -> int:
    """Bytes of every regular file under ``path`` (symlinks not followed)."""
    total = 0
    for dirpath, _, files in os.walk(path):
        for f in files:
            p = os.path.join(dirpath, f)
            if not os.path.islink(p):
                total += os.path.getsize(p)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=8, help="how many of the largest core distributions to list")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    with tempfile.TemporaryDirectory(prefix="bench-install-") as tmp:
        tmp = Path(tmp)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                        "--wheel-dir", str(tmp / "wheels"), str(ROOT)], check=True, env=env)  # fmt: skip
        (wheel,) = (tmp / "wheels").glob("pyrabench-*.whl")
        venv = tmp / "core"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=env)
        python = venv / "bin" / "python"
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], check=True, env=env)
        core_bytes = du(venv)
        sizes = json.loads(subprocess.run([str(python), "-c", SIZES], capture_output=True, text=True, check=True,
                                          env=env).stdout)  # fmt: skip
    all_bytes = du(Path(sys.prefix))
    mb = 1 / 1e6
    print(f"core venv (pip install pyrabench): {core_bytes * mb:7.0f} MB, {len(sizes)} distributions")
    print(f"this venv ({sys.prefix}, [all]): {all_bytes * mb:7.0f} MB   core / all: {core_bytes / all_bytes:.0%}")
    print("largest core distributions:")
    for name, size in sorted(sizes.items(), key=lambda kv: -kv[1])[: args.top]:
        print(f"  {name:<24} {size * mb:6.0f} MB")


if __name__ == "__main__":
    main()
