"""What the book measures about the calibrated SCU model: its levers, its transfer across corpora and
why it misses per system."""
