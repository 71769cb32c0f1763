#!/usr/bin/env python3
"""Atheris fuzz target over the package's Python API, differential against rouge-score 0.1.2:
each input picks texts (any code points: lone surrogates, NULs, case-changing letters such as
U+0130 and the Kelvin sign, line breaks), rouge types, stemming, single or multi-reference,
batch or per call, a thread count, and checks that librouge gives exactly rouge-score's
scores (or raises where it raises), that score_batch on those threads gives the per-call
values (and from Arrow columns, when pyarrow is installed), that tokens are rouge-score's,
that a pickled scorer scores alike, and that the Perl flavour and the Unicode tokeniser score
without crashing. Any difference, crash or unexpected
exception is a finding (atheris stops and writes the input as crash-*).

    build/venv/bin/python tests/fuzz_api.py -max_total_time=60 [libFuzzer flags] [CORPUS_DIR]

`make fuzz` installs atheris (PyPI) in the venv and runs it for FUZZ_SECONDS (the CI smoke).
Only Python code is coverage-instrumented (the extension is built with gcc, not with clang's
-fsanitize=fuzzer): the target steers by the Python paths it reaches.
"""

import pickle
import sys

import atheris

with atheris.instrument_imports():
    from rouge_score import rouge_scorer as rs_scorer
    from rouge_score import tokenize as rs_tokenize

    from librouge import rouge_scorer, tokenize

try:  # not instrumented: the Arrow columns are a second form of the same texts
    import pyarrow
except ImportError:
    pyarrow = None

ALPHABET = "ab cAB\n\t.-\x00\ud800\udfff\u0130\u212a\u00e9\u00df\u4e2d12"
TYPES = ["rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum"]
OURS = {}
THEIRS = {}


def scorers(types, stem):
    key = (types, stem)
    if key not in OURS:
        OURS[key] = rouge_scorer.RougeScorer(list(types), use_stemmer=stem)
        THEIRS[key] = rs_scorer.RougeScorer(list(types), use_stemmer=stem)
    return OURS[key], THEIRS[key]


def text(fdp):
    """Mostly letters from ALPHABET (so words repeat and match), sometimes any code point."""
    if fdp.ConsumeBool():
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 60))
    n = fdp.ConsumeIntInRange(0, 40)
    return "".join(ALPHABET[fdp.ConsumeIntInRange(0, len(ALPHABET) - 1)] for _ in range(n))


def outcome(f):
    try:
        return ("ok", {k: tuple(v) for k, v in f().items()})
    except Exception as e:  # noqa: BLE001 - compared by type
        return ("error", type(e))


def test_one_input(data):
    fdp = atheris.FuzzedDataProvider(data)
    types = tuple(t for t in TYPES if fdp.ConsumeBool()) or ("rouge1",)
    stem = fdp.ConsumeBool()
    ours, theirs = scorers(types, stem)
    pairs = [([text(fdp) for _ in range(fdp.ConsumeIntInRange(1, 3))], text(fdp)) for _ in range(fdp.ConsumeIntInRange(1, 6))]
    expected = []
    for refs, pred in pairs:
        if len(refs) == 1:
            want = outcome(lambda: theirs.score(refs[0], pred))
            got = outcome(lambda: ours.score(refs[0], pred))
        else:
            want = outcome(lambda: theirs.score_multi(refs, pred))
            got = outcome(lambda: ours.score_multi(refs, pred))
        if got != want:
            raise AssertionError("score differs: %r %r: %r != %r" % (refs, pred, got, want))
        expected.append(got)
        for t in refs + [pred]:
            if tokenize.tokenize(t, None) != rs_tokenize.tokenize(t, None):
                raise AssertionError("tokens differ: %r" % t)
    if all(e[0] == "ok" for e in expected):
        threads = fdp.ConsumeIntInRange(1, 4)
        targets = [r[0] if len(r) == 1 and fdp.ConsumeBool() else r for r, _ in pairs]
        batch = ours.score_batch(targets, [p for _, p in pairs], threads=threads)
        if [{k: tuple(v) for k, v in d.items()} for d in batch] != [e[1] for e in expected]:
            raise AssertionError("score_batch on %d threads differs: %r" % (threads, pairs))
        if pyarrow is not None and fdp.ConsumeBool():
            # The same batch from Arrow columns (texts with lone surrogates have no UTF-8 and
            # no Arrow form), the predictions cut into two chunks anywhere.
            preds = [p for _, p in pairs]
            try:
                column = pyarrow.array([r[0] for r, _ in pairs], type=pyarrow.large_string() if fdp.ConsumeBool() else pyarrow.string())
                cut = fdp.ConsumeIntInRange(0, len(preds))
                chunked = pyarrow.chunked_array([preds[:cut], preds[cut:]], type=pyarrow.string())
            except UnicodeEncodeError:
                column = None
            if column is not None and all(len(r) == 1 for r, _ in pairs):
                arrow = ours.score_batch(column, chunked, threads=threads)
                if [{k: tuple(v) for k, v in d.items()} for d in arrow] != [e[1] for e in expected]:
                    raise AssertionError("score_batch from Arrow columns differs: %r" % (pairs,))
        back = pickle.loads(pickle.dumps(ours))
        if outcome(lambda: back.score(pairs[0][0][0], pairs[0][1])) != outcome(lambda: ours.score(pairs[0][0][0], pairs[0][1])):
            raise AssertionError("a pickled scorer differs")
    # The other tokenisers: no crash, no error on any text.
    extended = rouge_scorer.RougeScorer(["rougeW-1.2", "rougeSU4", "rougeL"], flavour="rouge-score", tokenizer="unicode")
    extended.score(pairs[0][0][0], pairs[0][1])
    perl = rouge_scorer.RougeScorer(["ROUGE-1", "ROUGE-L", "ROUGE-W-1.2"], flavour="perl", use_stemmer=stem)
    perl.score_multi(pairs[0][0], pairs[0][1])
    tokenize.token_spans(pairs[0][1], stem=stem, tokenizer="perl" if fdp.ConsumeBool() else "rouge-score")


def main():
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
