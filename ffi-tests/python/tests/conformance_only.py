"""librouge against the shared conformance set alone: no numpy, nltk or rouge-score imported,
for interpreters where those cannot run (tests/musl.sh: the musl CPython built here has no
OpenSSL or SQLite, which nltk needs, and numpy's musllinux_1_2 wheel does not load there) or
where importing them costs minutes (tests/aarch64.sh's CI smoke under qemu). The batch test
scores the same cases with score_batch on four threads of the extension's pool (atomics and
thread start-up on the platform at hand).

The expected values were produced by running the reference tools themselves:
real_rouge_score.jsonl by rouge-score 0.1.2 (RougeScorer.score_multi; 336 cases), compared
exactly, as test_librouge.py compares with rouge-score; real_rouge155.jsonl by ROUGE-1.5.5.pl
(its printed five decimals; 1,344 cases)."""

import json
import os

from librouge import rouge_scorer

HERE = os.path.dirname(os.path.abspath(__file__))
CONFORMANCE = os.environ.get(
    "ROUGE_CONFORMANCE_DIR",
    os.path.normpath(os.path.join(HERE, "..", "..", "..", "..", "shared", "conformance")),
)


def cases(name):
    with open(os.path.join(CONFORMANCE, name)) as f:
        return [json.loads(line) for line in f]


def texts(case):
    """(candidate, references) as rouge-score was given them: `tool_input` where there is one
    (zh: code points as words), else the sentences joined by newlines (rougeLsum's separator)."""
    if "tool_input" in case:
        return case["tool_input"]["candidate"], case["tool_input"]["references"]
    return "\n".join(case["candidate_sentences"]), ["\n".join(r) for r in case["references_sentences"]]


def test_rouge_score_flavour_equals_rouge_score():
    checked = 0
    all_cases = cases("real_rouge_score.jsonl")
    for case in all_cases:
        options = case["options"]
        scorer = rouge_scorer.RougeScorer(options["rouge_types"], use_stemmer=options["use_stemmer"])
        candidate, references = texts(case)
        got = scorer.score_multi(references, candidate)
        for name, want in case["expected"].items():
            for field in ("precision", "recall", "fmeasure"):
                assert getattr(got[name], field) == want[field], (case["id"], name, field)
                checked += 1
    assert len(all_cases) == 336 and checked == 3 * sum(len(c["expected"]) for c in all_cases)


def test_batch_on_four_threads_equals_rouge_score():
    groups = {}
    for case in cases("real_rouge_score.jsonl"):
        options = case["options"]
        groups.setdefault((tuple(options["rouge_types"]), options["use_stemmer"]), []).append(case)
    checked = 0
    for (types, stem), group in sorted(groups.items()):
        scorer = rouge_scorer.RougeScorer(list(types), use_stemmer=stem)
        pairs = [texts(case) for case in group]
        got = scorer.score_batch([r for _, r in pairs], [c for c, _ in pairs], threads=4)
        for case, result in zip(group, got):
            for name, want in case["expected"].items():
                for field in ("precision", "recall", "fmeasure"):
                    assert getattr(result[name], field) == want[field], (case["id"], name, field)
                    checked += 1
    assert checked == 3 * sum(len(c["expected"]) for c in cases("real_rouge_score.jsonl"))


def test_perl_flavour_prints_what_rouge155_prints():
    checked = 0
    all_cases = cases("real_rouge155.jsonl")
    for case in all_cases:
        src = case.get("tool_input", case)
        command = case["options"]["command"]
        multi = command.split(" -f ")[1].split(" ")[0]
        names = list(case["expected"])
        scorer = rouge_scorer.RougeScorer(names, use_stemmer=" -m " in command, flavour="perl", multi=multi)
        got = scorer.score_multi(src["references"], src["candidate"])
        for name in names:
            for field in ("precision", "recall", "fmeasure"):
                assert "%.5f" % getattr(got[name], field) == case["expected"][name][field], (case["id"], name)
                checked += 1
    assert len(all_cases) == 1344 and checked == 3 * sum(len(c["expected"]) for c in all_cases)
