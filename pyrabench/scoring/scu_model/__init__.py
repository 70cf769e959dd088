"""The project's calibrated SCU model: the probability that an annotator marks each SCU in a
summary, its features, recalibration, intervals, and its agreement with labels."""
