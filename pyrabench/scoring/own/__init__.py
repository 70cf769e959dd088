"""Scoring a user's own summaries: the calibrated model run on summaries nobody annotated, their
placement among a corpus's systems, the ``.pan`` export, lite datasets and the 2013 recipe beside it."""
