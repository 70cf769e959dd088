"""The paraphrase task of Baumel, Cohen & Elhadad (2016): pyramids → items → the binary and
ranking tests → files, and embeddings scored on them (Table 1)."""
