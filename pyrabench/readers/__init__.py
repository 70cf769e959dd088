"""Readers for every pyramid file format: DUCView ``.pyr``/``.pan`` (DUC 2005–2007, TAC NIST
layout, Passonneau 2013) and SacreROUGE Pyramid JSON Lines (TAC). Each returns the plain records
of :mod:`pyrabench.pyramid` and appends its repairs/skips to a :class:`~pyrabench.repairs.RepairLog`."""

from .ducview import PeerFile, PyramidCache, parse_xml, read_peer, read_pyramid, split_summaries
from .sacrerouge import read_annotations, read_pyramids, write_annotations, write_pyramids

__all__ = [
    "PeerFile",
    "PyramidCache",
    "parse_xml",
    "read_peer",
    "read_pyramid",
    "split_summaries",
    "read_annotations",
    "read_pyramids",
    "write_annotations",
    "write_pyramids",
]
