"""The annotated domains the SCU model learns from, as a data root holds them.

Four domains carry human decisions of which units a summary holds: DUC 2006, DUC 2007 and the
DUC 2007 update task (:data:`DUC`: full pyramids with peer annotations, each also seen as lite
views, :func:`.scu_sets.lite_frame`) and a labelled lite dataset (PyrXSum: one reference's units
with crowd labels, :mod:`pyrabench.data.lite_pyramids`). :func:`annotated` finds those a data
root holds; :meth:`Domains.without` leaves one out (the leave-one-domain-out study) and
:meth:`Domains.only` keeps one (``--calibrate-on``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...data.corpora import discover, load_corpus
from ...errors import MissingDataError, PyrabenchError
from . import scu_sets

#: The annotated DUC corpora, each a domain of its own.
DUC = ("duc2006", "duc2007", "duc2007-update")


def lite_name(dataset) -> str:
    """A lite dataset's domain name: its folder's (``pyrxsum``; the bundled sample's ``lite``)."""
    return dataset.folder.name


def content_key(dataset) -> list:
    """What a labelled lite dataset's cached results depend on: its name (the domain's, which
    labels the rows) and its content (:func:`.scu_sets.dataset_key`)."""
    return [lite_name(dataset), scu_sets.dataset_key(dataset)]


@dataclass(frozen=True)
class Domains:
    """Loaded annotated domains: DUC ``corpora`` (pyramids and their lite views) and labelled
    ``lite`` datasets (lite rows only)."""

    corpora: tuple = ()
    lite: tuple = ()

    @property
    def names(self) -> tuple[str, ...]:
        return (*(c.name for c in self.corpora), *(lite_name(d) for d in self.lite))

    def without(self, name: str) -> "Domains":
        """Every domain but ``name``."""
        if name not in self.names:
            raise PyrabenchError(f"no annotated domain {name!r} here (domains: {', '.join(self.names)})")
        return Domains(tuple(c for c in self.corpora if c.name != name),
                       tuple(d for d in self.lite if lite_name(d) != name))

    def only(self, name: str) -> "Domains":
        """The domain ``name`` alone."""
        self.without(name)  # an unknown name is an error
        return Domains(tuple(c for c in self.corpora if c.name == name),
                       tuple(d for d in self.lite if lite_name(d) == name))

def annotated(root) -> Domains:
    """The annotated domains under the data root path ``root``: each of :data:`DUC` present (in
    that order) and the labelled lite dataset, when there is one (a dataset without labels
    teaches nothing)."""
    from ...data import lite_pyramids

    present = discover(root)
    corpora = tuple(load_corpus(name, root) for name in DUC if name in present)
    try:
        dataset = lite_pyramids.read_dataset(lite_pyramids.dataset_folder(root))
    except MissingDataError:
        dataset = None
    lite = (dataset,) if dataset is not None and dataset.labels is not None else ()
    return Domains(tuple(c for c in corpora if c.peers), lite)
