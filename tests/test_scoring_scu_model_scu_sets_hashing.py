"""The SCU model's features do not depend on the process's string hashing.

Python salts ``str`` hashes per process, so iterating a set of n-grams gives another column order
in each run; a weighted sum over those columns then differs in its last bits, and a near-tie can
flip a counted SCU. The bags take n-grams in the order they first occur instead."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pyrabench

CODE = """
import hashlib, numpy as np
from pyrabench.scoring.scu_model import calibrated, scu_sets
rng = np.random.default_rng(7)
words = [f"w{i}" for i in range(400)]
texts = [[words[j] for j in rng.integers(0, 400, 60)] for _ in range(40)]
vocab = {}
units, targets = calibrated._bags(texts[:20], 1, vocab), calibrated._bags(texts[20:], 1, vocab)
units.resize((units.shape[0], len(vocab)))
weights = rng.uniform(0.1, 3.0, len(vocab))
recall = scu_sets._weighted_recall(units, targets, weights)
print(hashlib.sha256(recall.tobytes()).hexdigest())
"""


def _run(seed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(Path(pyrabench.__file__).parents[1]))
    return subprocess.run([sys.executable, "-c", CODE], env=env, capture_output=True, text=True, check=True,
                          timeout=120).stdout.strip()


def test_weighted_recall_is_identical_under_any_hash_seed():
    digests = {_run(seed) for seed in ("1", "2", "3")}
    assert len(digests) == 1, digests
