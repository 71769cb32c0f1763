#!/usr/bin/env python3
"""Writes build/cases.tsv for the cross-host agreement test (see README.md)."""
import json, os, random, sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
shared = os.environ.get("ROUGE_SHARED_DIR", os.path.join(root, "..", "shared"))
conf = os.path.join(shared, "conformance")
if not os.path.isdir(conf):
    conf = os.path.join(root, "tests", "conformance")

def ints(xs):
    return " ".join(str(x) for x in xs)

lines = []
for name in ("synthetic_ids.jsonl", "seed_examples.jsonl"):
    with open(os.path.join(conf, name)) as f:
        for line in f:
            c = json.loads(line)
            if "candidate_ids" not in c:
                continue
            lines.append([c["id"], ints(c["candidate_ids"]), ints(c.get("candidate_sentence_ends") or []),
                          ints(c["reference_ids"]), ints(c.get("reference_sentence_ends") or [])])

rng = random.Random(20261122)
for k in range(300):
    vocab = rng.choice([2, 5, 50, 1000])
    base = rng.choice([0, 2**31 - 3, 2**32 - vocab - 1])
    def seq():
        n = rng.choice([0, 1, 2, 3, rng.randrange(0, 200)])
        toks = [base + rng.randrange(vocab) for _ in range(n)]
        ends, p = [], 0
        while p < n and rng.random() < 0.7:
            p = min(n, p + 1 + rng.randrange(40))
            ends.append(p)
        return toks, ends
    cand = seq()
    row = ["gen-%03d" % k, ints(cand[0]), ints(cand[1])]
    for _ in range(rng.choice([1, 1, 2, 3])):
        r = seq()
        row += [ints(r[0]), ints(r[1])]
    lines.append(row)

os.makedirs(os.path.join(here, "build"), exist_ok=True)
with open(os.path.join(here, "build", "cases.tsv"), "w") as f:
    for row in lines:
        f.write("\t".join(row) + "\n")
print("agree: wrote %d cases to build/cases.tsv" % len(lines), file=sys.stderr)
