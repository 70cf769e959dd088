"""The summary-scoring task: pyramid scores from manual peer annotations (:mod:`.manual`) and
automated ones from similarity (:mod:`.auto`, after Passonneau et al. 2013)."""
