"""Pyramids without annotators: built from the model summaries (:mod:`.builder`), measured
against NIST's (:mod:`.agreement`), and scored with (:mod:`.evaluation`)."""
