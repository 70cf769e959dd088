"""Studies of the calibrated SCU model: its transfer across corpora and domains, what a user's own
labels buy, why it misses per system, and its levers (the search ``benchmarks/bench_levers.py`` runs)."""
