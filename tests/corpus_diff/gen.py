#!/usr/bin/env python3
"""Writes the expected values of the corpus differential test (tests/corpus_diff/main.rs).

Each case is aggregated by rouge-score 0.1.2 itself: `scoring.BootstrapAggregator` fed with
per-pair scores, after `np.random.seed(seed)`, then `aggregate()`. Two kinds of cases:

- "scores": per-pair (precision, recall, fmeasure) drawn from numpy's PCG64 `default_rng`
  (a generator independent of the MT19937 under test), including ties, zeros, one pair, one
  resample, pair counts around powers of two (the masked rejection sampling) and several
  confidence levels and seeds;
- "texts": synthetic candidate/reference texts scored by `rouge_scorer.RougeScorer` (no
  stemmer), so the test runs the whole path: tokeniser, pair scores, aggregation.

Floats are written as Python `repr` strings (shortest round-trip), which Rust's `str::parse`
reads back exactly. Usage: gen.py OUT.jsonl (run through tests/corpus_diff/run.sh).
"""
import json
import sys

import numpy as np
from rouge_score import rouge_scorer, scoring

TOOL = "rouge-score 0.1.2 scoring.BootstrapAggregator, numpy %s" % np.__version__
WORDS = ("the cat sat on a mat dog ran far away big red small house tree park "
         "river bank went home quickly slowly under over city news report").split()


def f(x):
    return repr(float(x))


def aggregate(metric_names, per_pair, seed, n_samples, confidence):
    """per_pair: list over pairs of {metric: Score}. Returns the case's expected dict."""
    agg = scoring.BootstrapAggregator(confidence_interval=confidence, n_samples=n_samples)
    for scores in per_pair:
        agg.add_scores(scores)
    np.random.seed(seed)
    result = agg.aggregate()
    expected = {}
    for m in metric_names:
        matrix = np.vstack([s[m] for s in per_pair])
        r = result[m]
        expected[m] = {
            "low": [f(x) for x in r.low],
            "mid": [f(x) for x in r.mid],
            "high": [f(x) for x in r.high],
            "mean": [f(x) for x in np.mean(matrix, axis=0)],
        }
    return expected


def score_case(case_id, rng, n, metrics, seed, n_samples, confidence, kind="uniform"):
    names = ["m%d" % i for i in range(metrics)]
    per_pair = []
    for _ in range(n):
        scores = {}
        for m in names:
            if kind == "ties":
                p, r = rng.integers(0, 9, size=2) / 8.0
            elif kind == "zeros":
                p = r = 0.0
            else:
                p, r = rng.random(2)
            scores[m] = scoring.Score(precision=p, recall=r, fmeasure=scoring.fmeasure(p, r))
        per_pair.append(scores)
    return {
        "id": case_id,
        "tool": TOOL,
        "kind": "scores",
        "seed": seed,
        "n_samples": n_samples,
        "confidence": f(confidence),
        "metrics": names,
        "scores": [[[f(x) for x in s[m]] for m in names] for s in per_pair],
        "expected": aggregate(names, per_pair, seed, n_samples, confidence),
    }


def random_text(rng, max_words):
    words = [WORDS[i] for i in rng.integers(0, len(WORDS), size=rng.integers(0, max_words + 1))]
    out = []
    for w in words:
        out.append(w)
        if rng.random() < 0.15:
            out.append("\n")
    return " ".join(out).replace(" \n ", "\n").strip(" ")


def text_case(case_id, rng, n, metric_names, seed, n_samples, confidence):
    scorer = rouge_scorer.RougeScorer(metric_names, use_stemmer=False)
    pairs, per_pair = [], []
    for _ in range(n):
        cand, ref = random_text(rng, 30), random_text(rng, 30)
        pairs.append({"candidate": cand, "reference": ref})
        per_pair.append(scorer.score(ref, cand))
    return {
        "id": case_id,
        "tool": TOOL,
        "kind": "texts",
        "seed": seed,
        "n_samples": n_samples,
        "confidence": f(confidence),
        "metrics": metric_names,
        "pairs": pairs,
        "expected": aggregate(metric_names, per_pair, seed, n_samples, confidence),
    }


def main():
    out = sys.argv[1]
    rng = np.random.default_rng(20240611)
    cases = []
    # (n pairs, metrics, seed, n_samples, confidence, kind)
    grid = [
        (1, 1, 0, 1000, 0.95, "uniform"),
        (2, 1, 0, 1000, 0.95, "uniform"),
        (3, 2, 1, 1000, 0.95, "uniform"),
        (5, 3, 42, 1000, 0.95, "uniform"),
        (17, 1, 7, 1, 0.95, "uniform"),
        (17, 1, 7, 2, 0.95, "uniform"),
        (33, 4, 2**31, 1000, 0.9, "uniform"),
        (64, 2, 2**32 - 1, 1000, 0.99, "uniform"),
        (65, 2, 123456789, 1000, 0.999, "uniform"),
        (100, 3, 0, 1001, 0.68, "uniform"),
        (100, 1, 3, 500, 0.5, "uniform"),
        (121, 8, 0, 1000, 0.95, "uniform"),
        (128, 1, 5, 1000, 0.01, "uniform"),
        (129, 1, 5, 1000, 0.95, "uniform"),
        (257, 2, 99, 300, 0.95, "uniform"),
        (1000, 1, 2024, 200, 0.95, "uniform"),
        (40, 3, 11, 1000, 0.95, "ties"),
        (12, 2, 13, 1000, 0.95, "zeros"),
    ]
    for i, (n, k, seed, samples, conf, kind) in enumerate(grid):
        cases.append(score_case("scores-%02d-n%d-k%d-%s" % (i, n, k, kind), rng, n, k, seed,
                                samples, conf, kind))
    text_grid = [
        (1, ["rouge1"], 0, 1000, 0.95),
        (30, ["rouge1", "rouge2", "rougeL", "rougeLsum"], 0, 1000, 0.95),
        (57, ["rougeLsum", "rouge1"], 42, 1000, 0.9),
        (200, ["rouge1", "rouge2", "rouge3", "rougeL"], 1, 1000, 0.95),
    ]
    for i, (n, names, seed, samples, conf) in enumerate(text_grid):
        cases.append(text_case("texts-%02d-n%d" % (i, n), rng, n, names, seed, samples, conf))
    with open(out, "w") as fh:
        for c in cases:
            fh.write(json.dumps(c, sort_keys=False) + "\n")
    print("corpus-diff: wrote %d cases to %s (%s)" % (len(cases), out, TOOL))


if __name__ == "__main__":
    main()
