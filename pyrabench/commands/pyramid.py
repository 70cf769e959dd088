"""``pyrabench pyramid``: build a pyramid per topic from model summaries, with no annotator."""

from __future__ import annotations

import warnings

import pandas as pd

from ..data.model_summaries import read_models
from ..errors import PyrabenchWarning
from ..scoring.pyramids.builder import EDUA, UNITS_CHOICES, build_all, write_pyramids
from ._common import add_json_argument, finite_float, nonempty, print_json, print_table


def add_arguments(parser) -> None:
    add_json_argument(parser)
    parser.add_argument("--models", metavar="PATH", type=nonempty, required=True,
                        help="model summaries: a folder of DUC-named files (D0701.M.250.A.<model>), a folder "
                             "<topic>/<model>.txt, or SacreROUGE JSON Lines (instance_id, summaries, summarizer_ids)")
    parser.add_argument("--out", metavar="DIR", type=nonempty, required=True,
                        help="folder to write: one DUCView <topic>.pyr per topic and pyramids.jsonl (SacreROUGE)")
    parser.add_argument("--unit", default=EDUA.unit, choices=UNITS_CHOICES,
                        help=f"what a contributor is (default {EDUA.unit}, EDUA's)")
    parser.add_argument("--similarity", default=EDUA.similarity, metavar="NAME",
                        help="similarity of units: wmf (default, EDUA's WTMF), uni, minilm, emb:<embedding>")
    parser.add_argument("--percentile", type=finite_float, default=EDUA.percentile,
                        help=f"edge threshold: percentile of the cross-model similarities (default {EDUA.percentile:g}, "
                             "EDUA's)")
    parser.add_argument("--no-capacity", action="store_true",
                        help="no power-law cap on the number of SCUs of each weight (EDUA caps them)")


def run(args) -> int:
    recipe = EDUA.with_(unit=args.unit, similarity=args.similarity, percentile=args.percentile,
                        capacity=not args.no_capacity)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PyrabenchWarning)
        model_sets = read_models(args.models)
    uneven = [w for w in caught if issubclass(w.category, PyrabenchWarning)]
    for w in uneven:
        warnings.warn(str(w.message), PyrabenchWarning, stacklevel=1)
    built = build_all(model_sets, recipe)
    files = write_pyramids([b.pyramid for b in built], args.out)
    rows = []
    for b in built:
        weights = pd.Series([s.weight for s in b.pyramid.scus]).value_counts()
        rows.append({"topic": b.pyramid.topic, "models": b.pyramid.n_summaries, "units": b.units,
                     "scus": len(b.pyramid.scus), "threshold": b.threshold,
                     **{f"weight {w}": int(weights.get(w, 0)) for w in range(b.pyramid.n_summaries, 0, -1)}})
    table = pd.DataFrame(rows).fillna(0)
    if args.json:
        print_json({"recipe": {k: getattr(recipe, k) for k in recipe.__dataclass_fields__},
                    "topics": table.to_dict("records"), "uneven_topics": len(uneven),
                    "files": [str(f) for f in files]})
        return 0
    print(f"recipe: {recipe.unit} units, {recipe.similarity}, edges above percentile {recipe.percentile:g}, "
          + ("power-law capacity" if recipe.capacity else "no capacity"))
    print_table(table, formats={c: "{:.0f}" for c in table.columns if c.startswith("weight")})
    print(f"{len(built)} pyramids written to {args.out} ({len(files) - 1} .pyr and pyramids.jsonl)"
          + (f"; {len(uneven)} topic(s) with models of wildly different lengths" if uneven else ""))
    return 0
