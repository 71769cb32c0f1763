#!/usr/bin/env python3
"""Writes xlsum_cases.jsonl: the cases of ../shared/multilingual/cases.jsonl (XL-Sum's scorer's
own outputs, P/R/F as float.hex) that the Go, Java, Spark and JavaScript hosts assert, copied
line for line so that their tests run without the shared folder.

Chosen so that a host that drops the language or the stemming fails: stemmed pairs whose
scores differ from the same pair unstemmed, in six scripts and an alias (Bengali, Russian,
Hindi, Arabic, turkce, French), NLTK's Porter (no language), a name the fork does not know
(`English`: no stemmer even with stemming on), and the three languages whose segmenter the
host runs (their `tokens` field is that segmenter's output)."""
import json
import os
import sys

IDS = [
    "pub-bengali-stem-017-ml_diff",
    "pub-russian-stem-009-diff",
    "pub-hindi-stem-009-diff",
    "pub-arabic-stem-009-diff",
    "pub-turkce-stem-009-diff",
    "pub-french-stem-010-diff",
    "pub-null-stem-008-combo",
    "pub-English-stem-001-combo",
    "pub-chinese_simplified-nostem-008-combo",
    "pub-japanese-stem-008-combo",
    "pub-thai-nostem-008-combo",
]

here = os.path.dirname(os.path.abspath(__file__))
source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "../../../shared/multilingual/cases.jsonl")
lines = {}
with open(source, encoding="utf-8") as f:
    for line in f:
        case = json.loads(line)
        if case["id"] in IDS:
            lines[case["id"]] = line if line.endswith("\n") else line + "\n"
missing = [i for i in IDS if i not in lines]
if missing:
    sys.exit(f"not in {source}: {missing}")
with open(os.path.join(here, "xlsum_cases.jsonl"), "w", encoding="utf-8") as f:
    f.writelines(lines[i] for i in IDS)
print(f"xlsum_cases.jsonl: {len(IDS)} cases from {source}")
