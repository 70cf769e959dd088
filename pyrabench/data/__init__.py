"""Data files → model: the pyramid records, the DUCView and SacreROUGE readers, offset repair,
the repair log, and the corpora under a data root."""
