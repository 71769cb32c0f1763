#!/usr/bin/env python3
"""The XL-Sum scorer itself (csebuetnlp's fork, PyPI multilingual-rouge 0.0.1) timed on the pairs
benches/xlsum_pairs.rs times: the cases of ../shared/multilingual/cases.jsonl of each language
with use_stemmer=True, rouge1, rouge2, rougeL and rougeLsum, `RougeScorer(...).score(target,
prediction)` per pair, the scorer built once per language. Each rate is the median of 3 runs of
at least 0.3 s; one thread. Run it in the reference environment:

  NLTK_DATA=VENV/nltk_data VENV/bin/python benches/xlsum_python.py   # VENV: tests/xlsum/oracle-env.sh's
"""
import json
import os
import platform
import statistics
import sys
import time
import warnings

warnings.simplefilter("ignore")
from multilingual_rouge import rouge_scorer  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("ROUGE_SHARED_DIR", os.path.join(ROOT, "..", "shared"))
LANGS = [None, "english", "french", "spanish", "russian", "arabic", "bengali", "hindi", "turkish", "korean",
         "burmese"]
QUICK = bool(os.environ.get("ROUGE_BENCH_QUICK"))


def rate(pairs, scorer):
    rates = []
    for _ in range(1 if QUICK else 3):
        n, start = 0, time.perf_counter()
        while True:
            for t, p in pairs:
                scorer.score(t, p)
            n += len(pairs)
            if QUICK or time.perf_counter() - start >= 0.3:
                break
        rates.append(n / (time.perf_counter() - start))
    return statistics.median(rates)


def main():
    cases = [json.loads(line) for line in open(os.path.join(SHARED, "multilingual", "cases.jsonl"), encoding="utf-8")]
    print(f"xlsum_python: cases.jsonl, use_stemmer=True; Python {platform.python_version()}, {platform.processor() or platform.machine()}")
    print("| lang | pairs | XL-Sum scorer pairs/s |")
    print("| --- | ---: | ---: |")
    for lang in LANGS:
        pairs = [(c["target"], c["prediction"]) for c in cases if c["lang"] == lang and c["use_stemmer"]]
        scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"], use_stemmer=True, lang=lang)
        print(f"| {lang} | {len(pairs)} | {rate(pairs, scorer):.0f} |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
