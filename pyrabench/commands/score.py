"""``pyrabench score``: manual pyramid scores of every peer annotation, or automated ones, or
(``--peers PATH``) the calibrated estimate of summaries nobody annotated."""

from __future__ import annotations

import argparse
import math

import pandas as pd

from ..data.corpora import CORPUS_NAMES, load_corpus
from ..data.lite_pyramids import is_line_aligned, read_labels, read_line_summaries, read_units
from ..data.summaries import read_summaries
from ..dataroot import resolve
from ..errors import PyrabenchError
from ..reports.own import (
    explain_blocks,
    figure_text,
    foreign_lines,
    interval_legend,
    interval_notes,
    known_intervals,
    pair_lines,
    summaries_text,
    systems_text,
    text_legend,
    wrapped,
)
from ..reports.tables import MISSING
from ..scoring.foreign import foreign_units
from ..scoring.manual import agreement, score_corpus, topic_summary
from ..scoring.own.adapt import adapt_scores
from ..scoring.own.pan_export import write_pan
from ..scoring.own.summaries import score_summaries
from ..scoring.recipe2013.pipeline import run_corpus
from ..scoring.scu_model import adaptation
from ..scoring.scu_model.label_agreement import SCORES, label_agreement
from ..scoring.system_pairs import system_pairs
from ._common import (
    add_data_argument,
    add_json_argument,
    finite_float,
    nonempty,
    nonnegative_int,
    print_json,
    print_table,
)


def adapt_n(text: str) -> int:
    """``--adapt N``: an integer, at least :data:`.adaptation.MIN_ADAPT` (its :data:`~.adaptation.N_RULE`)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer; {adaptation.N_RULE}") from None
    if value < adaptation.MIN_ADAPT:
        raise argparse.ArgumentTypeError(f"{text!r}: {adaptation.N_RULE}")
    return value


def add_arguments(parser) -> None:
    add_data_argument(parser)
    add_json_argument(parser)
    parser.add_argument("--corpus", default=None, choices=CORPUS_NAMES, metavar="NAME",
                        help="corpus to score (default duc2006), or with --peers the corpus whose pyramids score "
                             "them: " + ", ".join(CORPUS_NAMES))
    parser.add_argument("--convention", default="nist", choices=("nist", "sacrerouge"),
                        help="modified-score convention (default nist: weight = contributors, A = mean contributors "
                             "per model rounded half up, NIST's DUC 2006/2007 table; sacrerouge: weight = distinct "
                             "model summaries, A = mean distinct SCUs per model rounded up)")
    parser.add_argument("--rounding", default=None, choices=("ceil", "round", "floor"),
                        help="override the convention's rounding of A ('round' is half up)")
    parser.add_argument("--auto", metavar="SIMILARITY", default=None,
                        help="automated scoring with 'uni', 'lsa', 'wmf', 'wmf-aug' or 'emb:<embedding>' "
                             "(with --peers: the 2013 recipe's similarity, default wmf)")
    parser.add_argument("--combine", default="max", choices=("max", "mean", "min"),
                        help="how segment/contributor similarities combine per SCU (default max)")
    parser.add_argument("--threshold", type=finite_float, action="append", default=None,
                        help="similarity threshold (repeatable); default: KDE thresholds from the human matches")
    parser.add_argument("--seed", type=nonnegative_int, default=0, help="seed of the latent model (default 0)")
    parser.add_argument("--summary", action="store_true",
                        help="only the per-topic summary (and agreement), not one row per peer annotation "
                             "(with --peers: only the per-system table)")
    own = parser.add_argument_group("summaries nobody annotated (--peers PATH)")
    own.add_argument("--peers", metavar="PATH", type=nonempty, default=None,
                     help="score these summaries: a folder of DUC-named files (D0701.M.250.A.<system>), a folder "
                          "<system>/<topic>.txt, a folder of <system>.txt (one pyramid), a SacreROUGE-style .jsonl, "
                          "or (with --units) <system>.summary files, one summary a line aligned with the units")
    own.add_argument("--pyramid", metavar="PATH", type=nonempty, default=None,
                     help="your own pyramid instead of --corpus: a DUCView .pyr (scores every summary), a folder "
                          "of .pyr (file name = topic) or a SacreROUGE pyramids .jsonl")
    own.add_argument("--units", metavar="FILE", type=nonempty, default=None,
                     help="a lite pyramid per example instead of --corpus or --pyramid: the content units of one "
                          "reference, every unit weight 1; a text file (one line per example, units separated by "
                          "tabs) or a .jsonl ({\"instance_id\", \"units\": [...]})")
    own.add_argument("--ids", metavar="FILE", type=nonempty, default=None,
                     help="the examples' ids, one a line, aligned with the --units text file (default: line numbers)")
    own.add_argument("--labels", metavar="DIR", type=nonempty, default=None,
                     help="with --units: <system>.label files (per summary, 1/0 per unit, tab-separated); also "
                          "report how the counted units and the scores agree with them")
    own.add_argument("--adapt", metavar="N", type=adapt_n, default=None,
                     help="with --labels: recalibrate the model and its intervals on N labelled examples drawn with "
                          "--seed (every system's summary of each), then score and report on the other examples "
                          f"only; {adaptation.N_RULE}, and at least {adaptation.MIN_REST} labelled examples must be "
                          "left")
    own.add_argument("--calibrate-on", metavar="CORPUS", choices=CORPUS_NAMES, default=None,
                     help="annotated corpus the calibrated model is fitted on (default: with --corpus, that "
                          "corpus; with --pyramid or --units, the default model, fitted on every annotated domain "
                          "the data root holds: the DUC corpora's pyramids and lite views and a labelled lite "
                          "dataset's crowd labels, named in the output's header)")
    own.add_argument("--no-truncate", action="store_true",
                     help="do not cut summaries at the corpus's word limit (DUC 250, update task 100)")
    own.add_argument("--explain", action="store_true",
                     help="also list the SCUs the model finds in each summary: probability, the sentence carrying "
                          "the evidence, whether it counts")
    own.add_argument("--write-pan", metavar="DIR", type=nonempty, default=None,
                     help="write the SCUs the model counts as DUCView .pan files into DIR (to correct by hand)")
    own.add_argument("--token-recall", action=argparse.BooleanOptionalAction, default=None,
                     help="add (or leave out) the MiniLM token recall column, BERTScore's recall of the units (the "
                          "minilm extra; it encodes every summary with MiniLM); default: with --labels only, where "
                          "the agreement report sets it beside ROUGE-2")
    own.add_argument("--recipe-2013", action="store_true",
                     help="also score with the 2013 recipe (segments matched at one similarity threshold, "
                          "--auto SIMILARITY, default wmf, scored with NIST's formula): the book's reproduction "
                          "of Passonneau et al. 2013, not an estimate of the manual score")


def _manual(args, corpus) -> int:
    df = score_corpus(corpus, args.convention, rounding=args.rounding)
    per_peer, summary = agreement(corpus.peers, args.convention, rounding=args.rounding)
    if args.json:
        peers = [{"topic": r.topic, "peer": r.peer, "annotator": r.annotator, "scus": int(r.scus),
                  "original": float(r.original), "modified": float(r.modified), "coverage": float(r.coverage),
                  "weight": int(r.weight), "ideal": int(r.ideal), "weights": [int(w) for w in r.weights],
                  "unmatched": int(r.unmatched), "repetitions": int(r.repetitions)} for r in df.itertuples()]
        agree = {"summary": summary, "peers": per_peer.to_dict("records")} if len(per_peer) else None
        summary_table = topic_summary(df)
        topics = summary_table.rename(columns=lambda c: c.replace(" ", "_")).reset_index().to_dict("records")
        print_json({"corpus": corpus.name, "convention": args.convention, "rounding": args.rounding,
                    "peers": peers, "topics": topics, "agreement": agree, "repairs": corpus.log.counts()})
        return 0
    print(resolve(args.data).describe())
    print(f"convention: {args.convention}" + (f", rounding {args.rounding}" if args.rounding else ""))
    if not args.summary:
        table = df.assign(weights=df["weights"].map(lambda w: " ".join(map(str, w))))
        print_table(table[["topic", "peer", "annotator", "scus", "unmatched", "weights", "weight", "ideal",
                           "original", "modified", "coverage"]])
        print()
    print(f"per topic ({len(df)} peer annotations, {df['topic'].nunique()} topics; means over the annotations):")
    print_table(topic_summary(df))
    print(f"all topics: mean original {df['original'].mean():.4f}, mean modified {df['modified'].mean():.4f}, "
          f"mean coverage {df['coverage'].mean():.4f}")
    if len(per_peer):
        print(f"\npeers annotated twice: {len(per_peer)}")
        print_table(per_peer)
        print(", ".join(f"{k} {v:.4f}" if isinstance(v, float) else f"{k} {v}" for k, v in summary.items()))
    return 0


def _auto(args, corpus) -> int:
    run = run_corpus(corpus, args.auto, args.combine, args.threshold, seed=args.seed)
    auto = run.joined()
    if args.json:
        peers = [{"topic": r.topic, "peer": r.peer, "annotator": r.annotator, "threshold": float(r.threshold),
                  "scus": int(r.scus), "weight": int(r.weight), "modified": float(r.modified),
                  "retrieved": list(map(int, r.retrieved)), "manual_weight": int(r.weight_manual),
                  "manual_modified": float(r.modified_manual), "human_set": list(map(int, r.human_set))}
                 for r in auto.itertuples()]
        stats = run.stats.astype(object).where(run.stats.notna(), None).to_dict("records")
        print_json({"corpus": corpus.name, "similarity": args.auto, "combine": args.combine,
                    "thresholds": {str(k): v for k, v in run.thresholds.items()}, "peers": peers, "stats": stats})
        return 0
    print(resolve(args.data).describe())
    if run.thresholds:
        print("thresholds (KDE level → similarity): "
              + ", ".join(f"{k:.2f} → {v:.4f}" for k, v in run.thresholds.items()))
    auto = auto.assign(scus_manual=auto["human_set"].map(len))
    if not args.summary:
        print_table(auto[["topic", "peer", "annotator", "threshold", "scus", "weight", "modified",
                          "scus_manual", "weight_manual", "modified_manual"]])
        print()
    print("per topic and threshold (means over the peer annotations):")
    print_table(pd.concat({t: topic_summary(g, ("scus", "modified", "scus_manual", "modified_manual"))
                           for t, g in auto.groupby("threshold", sort=True)}, names=["threshold"]))  # fmt: skip
    print()
    print_table(run.stats[["similarity", "combine", "threshold", "n", "pearson", "spearman", "kendall",
                           "jaccard", "scu_ratio"]])
    return 0


def _records(df: pd.DataFrame) -> list[dict]:
    """Rows as JSON-ready dicts (numpy scalars as Python ones, NaN and an unbounded end as null)."""
    out = []
    for row in df.to_dict("records"):
        out.append({k: (None if isinstance(v, float) and not math.isfinite(v) else v.item() if hasattr(v, "item") else v)
                    for k, v in row.items()})
    return out


def _own(args) -> int:
    if args.threshold is not None and len(args.threshold) > 1:
        raise PyrabenchError("--peers takes one --threshold")
    if args.threshold is not None and not args.recipe_2013:
        raise PyrabenchError("--threshold sets the 2013 recipe's threshold: give --recipe-2013 too")
    if args.units is not None and (args.pyramid is not None or args.corpus is not None):
        raise PyrabenchError("give one of --units FILE, --pyramid PATH or --corpus NAME")
    if args.units is None and (args.ids is not None or args.labels is not None):
        raise PyrabenchError("--ids and --labels go with --units FILE")
    if args.pyramid is None and args.corpus is None and args.units is None:
        raise PyrabenchError("--peers needs --corpus NAME (its pyramids), --pyramid PATH (your own) or --units FILE "
                             "(a lite pyramid per example)")
    if args.adapt is not None and args.labels is None:
        raise PyrabenchError("--adapt N recalibrates the model on N labelled examples: give --labels DIR (with "
                             "--units FILE)")
    peers, pyramid, labels = args.peers, args.pyramid, None
    if args.units is not None:
        units = read_units(args.units, args.ids)
        pyramid = units.pyramids()
        peers = read_line_summaries(args.peers, units) if is_line_aligned(args.peers) else read_summaries(args.peers)
        if args.labels is not None:  # read before scoring, so a bad label file (or N) fails at once
            labels = read_labels(args.labels, units, systems=sorted({s.system for s in peers}),
                                 summaries={(s.topic, s.system) for s in peers})
            if args.adapt is not None:
                adaptation.check_n(args.adapt, labels["topic"].nunique())
    scores = score_summaries(
        peers, corpus=args.corpus, pyramid=pyramid, similarity=args.auto or "wmf",
        threshold=args.threshold[0] if args.threshold else None, calibrate_on=args.calibrate_on,
        truncate=not args.no_truncate, data=args.data, seed=args.seed, combine=args.combine,
        recipe_2013=args.recipe_2013,
        token_recall=args.labels is not None if args.token_recall is None else args.token_recall,
    )
    scores, foreign = foreign_units(scores, args.data, adapted=labels is not None and args.adapt is not None)
    agreement = adapted = None
    if labels is not None and args.adapt is not None:
        adapted = adapt_scores(scores, labels, pyramid, args.adapt, args.seed)
        scores, agreement = adapted.scores, adapted.agreement
    elif labels is not None:
        agreement = label_agreement(scores.scus, scores.summaries, scores.systems, labels, seed=args.seed)
    written = write_pan(scores, args.write_pan) if args.write_pan else []
    pairs = system_pairs(scores.summaries, [c for c in SCORES if c in scores.summaries], seed=args.seed)
    recipe = scores.recipe_2013
    notes = {name: interval_notes(getattr(scores, name), scores.summary_errors, scores.withheld)
             for name in ("summaries", "systems")}
    if args.json:
        out = {"foreign": foreign.to_json() if foreign is not None else None, "corpus": scores.corpus, "pyramid": args.pyramid, "units": args.units,
               "fitted_on": scores.fitted_on, "estimate_from": scores.estimate_from, "trust": scores.trust,
               "columns": scores.legend(), "truncated": scores.truncated, "empty": scores.empty,
               "summaries": _records(known_intervals(scores.summaries, notes["summaries"], with_notes=True)),
               "systems": _records(known_intervals(scores.systems, notes["systems"], with_notes=True))}
        if recipe is not None:
            out["recipe_2013"] = {"similarity": recipe.similarity, "combine": recipe.combine,
                                  "threshold": recipe.threshold, "threshold_from": recipe.threshold_from}
        if args.explain:
            out["scus"] = _records(scores.explained())
            if recipe is not None:
                out["recipe_2013"]["matches"] = _records(recipe.matches)
        if written:
            out["pan_files"] = [str(p) for p in written]
        out["system_pairs"] = pairs.to_json(listed=("estimate",))
        if agreement is not None:
            out["labels"] = agreement.to_json()
        if adapted is not None:
            out["adapt"] = adapted.to_json()
        print_json(out)
        return 0
    for line in foreign_lines(foreign) if foreign is not None else ():
        print(line)
    print(wrapped(resolve(args.data).describe()))
    print(wrapped(scores.estimate_from))
    print(wrapped(scores.trust))
    if adapted is not None:
        print(wrapped(adapted.note()))
    if recipe is not None:
        print(wrapped(f"2013 recipe: {recipe.threshold_from}"))
    print(f"{len(scores.summaries)} summaries, {scores.summaries['system'].nunique()} systems, "
          f"{scores.truncated} truncated, {scores.empty} empty")
    print(text_legend(scores.legend()))
    if not args.summary:
        print(summaries_text(scores.summaries, notes["summaries"]).to_string(index=False))
        if interval_legend(notes["summaries"]):
            print(wrapped(interval_legend(notes["summaries"])))
        print()
    print(wrapped(f"per system (means over topics; rank by the estimate; {scores.system_interval}; partial: not "
                  "every topic):"))
    print(systems_text(scores.systems, notes["systems"]).to_string(index=False))
    if interval_legend(notes["systems"]):
        print(wrapped(interval_legend(notes["systems"])))
    print()
    print(pair_lines(pairs, "examples" if args.units is not None else "topics"))
    if agreement is not None:
        print("\n" + wrapped(f"agreement with the labels of {args.labels} ({agreement.summaries} summaries, "
                             f"{agreement.systems} systems, {agreement.examples} examples"
                             f"{' not used to adapt' if adapted is not None else ''}; summary level per example across "
                             "its systems, averaged over the examples with a defined correlation, as Lite²Pyramid; "
                             "pooled: over every summary):"))
        figures = agreement.figures()
        shown = [figure_text(v) for v in figures.values()]
        print_table(pd.DataFrame({"value": shown}, index=pd.Index(list(figures), name="figure")))
        if MISSING in shown:
            print(wrapped(f"{MISSING}: not defined here (no interval could be computed, or one side is constant)"))
    if args.explain:
        print()
        print(explain_blocks(scores.explained(), scores.summaries, f"SCUs the model finds ({scores.explain_rule}):"))
        if recipe is not None:
            print("\nthe 2013 recipe's matches (span of the summary, its similarity to the SCU):")
            print_table(recipe.matches)
    if written:
        print(f"\n{len(written)} .pan files written to {args.write_pan} (contributors: the evidence of the counted SCUs)")
    return 0


def run(args) -> int:
    if args.peers is not None:
        return _own(args)
    for option in ("pyramid", "calibrate_on", "write_pan", "units", "ids", "labels", "adapt"):
        if getattr(args, option) is not None:
            raise PyrabenchError(f"--{option.replace('_', '-')} needs --peers PATH (summaries to score)")
    if args.no_truncate or args.explain or args.recipe_2013:
        raise PyrabenchError("--no-truncate, --explain and --recipe-2013 need --peers PATH (summaries to score)")
    corpus = load_corpus(args.corpus or "duc2006", resolve(args.data).path)
    return _auto(args, corpus) if args.auto else _manual(args, corpus)
