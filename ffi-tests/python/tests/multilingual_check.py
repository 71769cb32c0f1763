"""Scores files of XL-Sum scored pairs (the shape of ../shared/multilingual/cases.jsonl:
`lang`, `use_stemmer`, `target`, `prediction`, `tokens`, `scores` with P/R/F as float.hex)
through librouge.multilingual.rouge_scorer.RougeScorer and compares bit for bit (and the
tokens of both paths through the `tokenize` module); prints the counts per language. test_multilingual.py runs it on cases.jsonl and
tests/xlsum/diff_scores.jsonl, multilingual_diff.sh on pairs the XL-Sum scorer scores afresh.

  python multilingual_check.py FILE... [--given-tokens]

--given-tokens: Chinese, Japanese and Thai from each pair's own `tokens` (the segmenter's
output the file records, passed as a callable_tokenizer) instead of jieba, fugashi, pythainlp.
Exits 1 when a pair differs."""

import collections
import json
import sys
import warnings

from librouge.multilingual import rouge_scorer, tokenize
from librouge.multilingual.tokenizers import LANG2TOKENIZER, resolve

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
FIELDS = ["precision", "recall", "fmeasure"]


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def label(lang):
    """A language name as counts print it ('' and None quoted apart)."""
    return lang if lang else repr(lang)


def host_segmented(lang):
    return resolve(lang) in LANG2TOKENIZER


def differences(case, got):
    """[(type, field, expected hex, got hex)] where `got` differs from the case's scores."""
    out = []
    for t in TYPES:
        for f in FIELDS:
            want = case["scores"][t][f]["hex"]
            have = float(getattr(got[t], f)).hex()
            if float.fromhex(want) != float.fromhex(have):
                out.append((t, f, want, have))
    return out


class GivenTokens:
    """A callable_tokenizer giving each text the segmenter tokens its case records."""

    def __init__(self):
        self.by_text = {}

    def __call__(self, cleaned):
        return list(self.by_text.get(cleaned, []))


def check(cases, given_tokens=False, scorers=None):
    """{lang: [exact, total]} and the list of differing cases."""
    from librouge import _native

    scorers = {} if scorers is None else scorers
    counts = collections.defaultdict(lambda: [0, 0])
    bad = []
    given = GivenTokens()
    for case in cases:
        lang, stem = case["lang"], case["use_stemmer"]
        use_given = given_tokens and host_segmented(lang)
        key = (lang, stem, use_given)
        if key not in scorers:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                scorers[key] = rouge_scorer.RougeScorer(
                    TYPES, use_stemmer=stem, lang=lang,
                    callable_tokenizer=given if use_given else None,
                )
        if use_given:
            for side in ("target", "prediction"):
                given.by_text[_native.xlsum_clean_text(case[side])] = case["tokens"][side]
        scorer = scorers[key]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = scorer.score(case["target"], case["prediction"])
            diff = differences(case, got)
            # The tokens too, through the tokenize module as the fork's scorer calls it.
            for side in ("target", "prediction"):
                text = case[side]
                if "tokens" in case and tokenize.tokenize(text, scorer._stemmer, scorer._tokenizer) != case["tokens"][side]:
                    diff.append(("tokens", side, None, None))
                lsum = [tokenize.tokenize(s, scorer._stemmer) for s in text.split("\n") if len(s)]
                if "lsum_tokens" in case and lsum != case["lsum_tokens"][side]:
                    diff.append(("lsum_tokens", side, None, None))
        counts[label(lang)][1] += 1
        if diff:
            bad.append((case.get("id"), diff))
        else:
            counts[label(lang)][0] += 1
    return counts, bad


def report(counts, bad, label):
    exact = sum(c[0] for c in counts.values())
    total = sum(c[1] for c in counts.values())
    per = " ".join("%s %d/%d" % (lang, c[0], c[1]) for lang, c in sorted(counts.items()))
    print("%s: %d of %d exact (%d languages): %s" % (label, exact, total, len(counts), per))
    for case_id, diff in bad[:10]:
        print("  differs: %s %s" % (case_id, diff[:2]))
    return exact == total


def main(argv):
    given = "--given-tokens" in argv
    ok = True
    for path in [a for a in argv if not a.startswith("--")]:
        counts, bad = check(load(path), given_tokens=given)
        ok &= report(counts, bad, path)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
