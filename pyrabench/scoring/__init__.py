"""The summary-scoring task: pyramid scores from manual peer annotations (:mod:`.manual`) and
automated ones: the 2013 recipe of Passonneau et al. (:mod:`.recipe2013`), the calibrated SCU model
(:mod:`.scu_model`), what the book measures of it (:mod:`.studies`), a user's own summaries
(:mod:`.own`) and pyramids built automatically (:mod:`.pyramids`). The imports run one way:
recipe2013 → scu_model → studies and own."""
