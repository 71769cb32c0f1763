#!/usr/bin/env python3
"""Test data and comparisons for examples-c/tests/run.sh (the `rouge` command's end-to-end tests).

The expected numbers come from the conformance files, i.e. from running rouge-score 0.1.2 and
ROUGE-1.5.5.pl themselves, never from librouge, so the comparisons are independent of the code
under test. The texts are written to a temporary directory at test time (those from
../shared/conformance are not vendored: see its README for their provenance and terms).

  cases.py gen DIR SOURCE SELECT N     write DIR/{cand.txt, ref1..K.txt, pairs.jsonl, system/,
                                       model/, expected.json} for N pairs of SOURCE chosen by SELECT
                                       (SELECT+stem: the use_stemmer=True / -m cases of SELECT)
  cases.py gen-corpus DIR CORPUS REAL155   the corpus case of CORPUS (corpus_rouge155.jsonl) with
                                       the texts of its pairs from REAL155: DIR/{system/, model/,
                                       pairs.jsonl} placed so that the command's Perl order (the
                                       string order of the pair numbers 1..N) is ROUGE-1.5.5's order
                                       of the case's EVAL ids, and DIR/expected.txt, the Average lines
                                       ROUGE-1.5.5 printed
  cases.py rouge-score-bootstrap PAIRS.jsonl METRICS SEED SAMPLES CONFIDENCE
                                       (in a Python with rouge-score 0.1.2) the summary lines of
                                       rouge-score's BootstrapAggregator after np.random.seed(SEED)
                                       over score_multi of every pair, as the command prints them
  cases.py cmp-lines EXPECTED.txt OUT.txt  every line of EXPECTED is a line of OUT (blanks collapsed)
  cases.py fmeasure OUT.jsonl METRIC positive|zero   the METRIC F of every row is > 0, or is 0
  cases.py at-most OUT.jsonl METRIC FIELD N          the METRIC FIELD of every row is at most N
  cases.py fewer A.jsonl B.jsonl METRIC FIELD        the METRIC FIELD of every row of A is below B's
  cases.py gen-xlsum DIR CASES LANG STEM N   DIR/{pairs.jsonl, expected.json} for the first N
                                       cases of ../shared/multilingual/cases.jsonl (CASES) with
                                       lang LANG ("none": the fork's lang=None) and use_stemmer
                                       STEM (0 or 1), without NUL (the command refuses it); the
                                       expected values are the XL-Sum scorer's, read from float.hex
  cases.py cmp-exact OUT.jsonl EXPECTED.json   the values bit for bit (the output's shortest
                                       round-trip decimals read back as the same doubles)
  cases.py cmp-score OUT.jsonl EXPECTED.json   rouge-score values, within 1e-9
  cases.py cmp-perl OUT.jsonl EXPECTED.json    ROUGE-1.5.5 values, as printed (5 decimals)
  cases.py cmp-csv OUT.csv EXPECTED.json       the sample's CSV table, within 1e-9
  cases.py same A.jsonl B.jsonl                every number equal (ids aside)
  cases.py summary OUT.jsonl SUMMARY.txt FLAVOUR   means and pooled scores of the summary agree with
                                       the table; low <= mid <= high
"""
import json
import os
import re
import sys

SEP = " <q> "  # the line-file sentence separator the tests pass as --sentence-sep '<q>'


def select(case, how):
    """Which cases of a conformance file a test uses."""
    if how.endswith("+stem"):  # the stemmed variant of a selection
        return case["id"].endswith("stem=True") and select(dict(case, id=case["id"][:-4] + "False"), how[:-5])
    refs = len(case["references"])
    multi_sentence = "\n" in case["candidate"]
    if how == "sample":
        return case["id"].endswith("stem=False")
    if how == "en4":  # four references each: the line-file layout needs a fixed count
        return case["lang"] == "en" and refs == 4 and multi_sentence and case["id"].endswith("stem=False")
    if how == "mixed":  # one to four references
        return case["id"].startswith("pyrouge-summaries_1-") and 14 <= int(case["pair_id"].rsplit("-", 1)[1]) and \
            case["id"].endswith("stem=False")
    if how == "de1":
        return case["lang"] == "de" and case["id"].endswith("stem=False")
    if how == "zh":  # the raw Chinese texts (not the code-point tool_input the tools were given)
        return case["lang"] == "zh" and case["id"].endswith("stem=False")
    if how.startswith("perl:"):  # perl:ID_PREFIX:OPTION_SET, e.g. perl:pltrdy-:base|stem=False|f=A
        prefix, option_set = how[5:].split(":", 1)
        return case["id"].startswith(prefix) and case["id"].endswith("|" + option_set)
    raise SystemExit("unknown selection " + how)


def gen(out, source, how, count):
    cases = [c for c in map(json.loads, open(source, encoding="utf-8")) if select(c, how)][:count]
    if len(cases) < count:
        raise SystemExit(f"{source}: only {len(cases)} cases for {how}")
    os.makedirs(os.path.join(out, "system"), exist_ok=True)
    os.makedirs(os.path.join(out, "model"), exist_ok=True)
    refs = max(len(c["references"]) for c in cases)
    line_files = all(len(c["references"]) == refs for c in cases)
    with open(os.path.join(out, "pairs.jsonl"), "w", encoding="utf-8") as f:
        for c in cases:  # ensure_ascii: non-ASCII text arrives as \uXXXX escapes
            f.write(json.dumps({"id": c["pair_id"], "candidate": c["candidate"], "references": c["references"]}) + "\n")
    if line_files:
        texts = [[c["candidate"]] + c["references"] for c in cases]
        for k, name in enumerate(["cand.txt"] + [f"ref{i + 1}.txt" for i in range(refs)]):
            with open(os.path.join(out, name), "w", encoding="utf-8") as f:
                for t in texts:
                    assert "<q>" not in t[k] and "\r" not in t[k]
                    f.write(SEP.join(t[k].split("\n")) + "\n")
    for i, c in enumerate(cases):
        with open(os.path.join(out, "system", f"{i + 1:02d}.txt"), "w", encoding="utf-8") as f:
            f.write(c["candidate"] + "\n")
        for k, r in enumerate(c["references"]):
            with open(os.path.join(out, "model", f"{i + 1:02d}.{'ABCD'[k]}.txt"), "w", encoding="utf-8") as f:
                f.write(r + "\n")
    with open(os.path.join(out, "expected.json"), "w", encoding="utf-8") as f:
        json.dump([{"id": c["pair_id"], "expected": c["expected"]} for c in cases], f)


def gen_xlsum(out, source, lang, stem, count):
    """Cases of the XL-Sum scorer (the fork's RougeScorer run on them, see ../shared/multilingual)."""
    lang = None if lang == "none" else lang
    cases = [c for c in map(json.loads, open(source, encoding="utf-8"))
             if c["lang"] == lang and c["use_stemmer"] == (stem == "1")
             and "\0" not in c["target"] + c["prediction"]][:count]
    if len(cases) < count:
        raise SystemExit(f"{source}: only {len(cases)} cases for lang={lang} use_stemmer={stem}")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "pairs.jsonl"), "w", encoding="utf-8") as f:
        for c in cases:
            f.write(json.dumps({"id": c["id"], "candidate": c["prediction"], "references": [c["target"]]}) + "\n")
    expected = [{"id": c["id"], "expected": {m: {k: float.fromhex(v["hex"]) for k, v in s.items()}
                                             for m, s in c["scores"].items()}} for c in cases]
    with open(os.path.join(out, "expected.json"), "w", encoding="utf-8") as f:
        json.dump(expected, f)


def cmp_exact(out, expected):
    return compare(out, expected, lambda got, want: got != want, "the XL-Sum scorer")


def rouge155_eval_id(pair_id):
    """The EVAL id ROUGE-1.5.5 ran a pair under (tests/conformance.rs, rouge155_eval_id)."""
    m = re.fullmatch(r"liplus-(\d+)-sys(\d+)", pair_id)
    if m and 1 <= int(m.group(1)) <= 25:
        return (int(m.group(1)) - 1) * 8 + int(m.group(2)) + 1
    for prefix, base in (("pyrouge-summaries_1-", 201), ("pyrouge-summaries_2-", 250), ("pltrdy-", 300)):
        if pair_id.startswith(prefix) and pair_id[len(prefix):].isdigit():
            return base + int(pair_id[len(prefix):])
    raise SystemExit(f"no EVAL id known for pair {pair_id}")


def gen_corpus(out, corpus, real155):
    case = json.loads(open(corpus, encoding="utf-8").readline())
    texts = {}
    for c in map(json.loads, open(real155, encoding="utf-8")):
        texts.setdefault(c["pair_id"], (c["candidate"], c["references"]))
    # ROUGE-1.5.5 resamples its evaluations sorted by "<EVAL id>.<peer id>" as strings.
    perl = sorted(case["pair_ids"], key=lambda p: f"{rouge155_eval_id(p)}.1")
    n = len(perl)
    # The command resamples its pairs 1..n in the string order of those numbers: put the k-th
    # pair of Perl's order at the k-th number of that order.
    numbers = sorted(range(1, n + 1), key=str)
    place = dict(zip(numbers, perl))
    width = len(str(n))  # zero-padded names: sorting them by name keeps the numbers' order
    os.makedirs(os.path.join(out, "system"), exist_ok=True)
    os.makedirs(os.path.join(out, "model"), exist_ok=True)
    with open(os.path.join(out, "pairs.jsonl"), "w", encoding="utf-8") as f:
        for k in range(1, n + 1):
            pair_id = place[k]
            cand, refs = texts[pair_id]
            name = f"{k:0{width}d}"
            f.write(json.dumps({"id": pair_id, "candidate": cand, "references": refs}) + "\n")
            with open(os.path.join(out, "system", name + ".txt"), "w", encoding="utf-8") as g:
                g.write(cand + "\n")
            for i, r in enumerate(refs):
                with open(os.path.join(out, "model", f"{name}.{'ABCD'[i]}.txt"), "w", encoding="utf-8") as g:
                    g.write(r + "\n")
    with open(os.path.join(out, "expected.txt"), "w", encoding="utf-8") as f:
        for metric, fields in case["expected"].items():
            for letter, field in zip("RPF", ("recall", "precision", "fmeasure")):
                e = fields[field]
                f.write(f"1 {metric} Average_{letter}: {e['mean']} (95%-conf.int. {e['ci95_low']} - {e['ci95_high']})\n")
    with open(os.path.join(out, "metrics.txt"), "w", encoding="utf-8") as f:
        f.write(",".join(case["expected"]) + "\n")


def rouge_score_bootstrap(pairs, metrics, seed, samples, confidence):
    import numpy as np
    from rouge_score import rouge_scorer, scoring
    names = metrics.split(",")
    scorer = rouge_scorer.RougeScorer(names, use_stemmer=False)
    np.random.seed(int(seed))
    agg = scoring.BootstrapAggregator(confidence_interval=float(confidence), n_samples=int(samples))
    for r in rows(pairs):
        refs = r["references"] if isinstance(r["references"], list) else [r["references"]]
        agg.add_scores(scorer.score_multi(refs, r["candidate"]))
    result = agg.aggregate()
    for m in names:
        a = result[m]
        print(f"{m}: " + ", ".join(f"{label} P {s.precision:.6f} R {s.recall:.6f} F {s.fmeasure:.6f}"
                                   for label, s in (("low", a.low), ("mid", a.mid), ("high", a.high))))
    return 0


def cmp_lines(expected, out):
    norm = lambda line: " ".join(line.split())
    have = set(map(norm, open(out, encoding="utf-8").read().splitlines()))
    want = [norm(line) for line in open(expected, encoding="utf-8").read().splitlines() if line.strip()]
    return fail([f"missing: {line}" for line in want if line not in have] + ([] if want else ["nothing expected"]))


def fmeasure(out, metric, want):
    bad = []
    for i, r in enumerate(rows(out)):
        f = r[metric]["fmeasure"]
        if (f > 0) != (want == "positive"):
            bad.append(f"row {i + 1}: {metric} F {f!r}, expected {want}")
    return fail(bad)


def at_most(out, metric, field, n):
    return fail([f"row {i + 1}: {metric} {field} {r[metric][field]!r} > {n}"
                 for i, r in enumerate(rows(out)) if r[metric][field] > float(n)])


def fewer(a, b, metric, field):
    return fail([f"row {i + 1}: {metric} {field} {x[metric][field]!r}, not below {y[metric][field]!r}"
                 for i, (x, y) in enumerate(zip(rows(a), rows(b))) if not x[metric][field] < y[metric][field]])


def rows(path):
    return [json.loads(line) for line in open(path, encoding="utf-8")]


def fail(msgs):
    for m in msgs[:10]:
        print("  " + m)
    return 1 if msgs else 0


def compare(out, expected, differs, tool):
    """Every expected metric's P, R and F of every row; differs(got, expected) says a value is off."""
    got, want, bad = rows(out), json.load(open(expected)), []
    if len(got) != len(want):
        return fail([f"{len(got)} rows, expected {len(want)}"])
    for g, w in zip(got, want):
        for metric, score in w["expected"].items():
            if metric not in g:
                bad.append(f"{w['id']}: no {metric} in the output")
                continue
            for field in ("precision", "recall", "fmeasure"):
                if differs(g[metric][field], score[field]):
                    bad.append(f"{w['id']} {metric} {field}: {g[metric][field]!r}, {tool} {score[field]!r}")
    return fail(bad)


def cmp_score(out, expected):
    return compare(out, expected, lambda got, want: abs(got - want) > 1e-9, "rouge-score")


def cmp_perl(out, expected):  # ROUGE-1.5.5's expected values are the strings it prints
    return compare(out, expected, lambda got, want: "%.5f" % got != want, "ROUGE-1.5.5")


def cmp_csv(out, expected):
    lines = [line for line in open(out, encoding="utf-8").read().split("\n\n")[0].splitlines()]
    header, want, bad = lines[0].split(","), json.load(open(expected)), []
    if len(lines) - 1 != len(want):
        return fail([f"{len(lines) - 1} rows, expected {len(want)}"])
    for line, w in zip(lines[1:], want):
        cells = dict(zip(header, line.split(",")))
        for metric, score in w["expected"].items():
            for field in ("precision", "recall", "fmeasure"):
                key = f"{metric}_{field}"
                if key in cells and abs(float(cells[key]) - score[field]) > 1e-9:
                    bad.append(f"{w['id']} {key}: {cells[key]}, rouge-score {score[field]!r}")
                elif key not in cells and metric in ("rouge1", "rouge2", "rougeL", "rougeLsum"):
                    bad.append(f"no column {key}")
    return fail(bad)


def same(a, b):
    ra, rb, bad = rows(a), rows(b), []
    if len(ra) != len(rb):
        return fail([f"{len(ra)} rows against {len(rb)}"])
    for i, (x, y) in enumerate(zip(ra, rb)):
        x.pop("id"), y.pop("id")
        if x != y:
            bad.append(f"row {i + 1}: {json.dumps(x)[:200]} != {json.dumps(y)[:200]}")
    return fail(bad)


def summary(out, text, flavour):
    """The summary's means and pooled scores against those computed here from the table. In the
    Perl layout with intervals, Average is the mean of the resampled means, as ROUGE-1.5.5 prints
    it: inside its interval and within half its width of the table's mean (the exact values are
    checked against ROUGE-1.5.5 by cmp-lines); without, the table's mean."""
    table, bad = rows(out), []
    lines = open(text, encoding="utf-8").read().splitlines()
    metrics = [k for k in table[0] if k != "id"]
    n = len(table)
    for m in metrics:
        mean = {f: sum(r[m][f] for r in table) / n for f in ("precision", "recall", "fmeasure")}
        hit = sum(r[m]["hit"] for r in table)
        ref = sum(r[m]["reference_total"] for r in table)
        cand = sum(r[m]["candidate_total"] for r in table)
        if flavour == "perl":
            pat = re.compile(r"^1 %s Average_([RPF]): (\d\.\d{5})(?: \((\d+)%%-conf\.int\. (\d\.\d{5}) - (\d\.\d{5})\))?$"
                             % re.escape(m))
            found = {}
            for line in lines:
                g = pat.match(line)
                if g:
                    found[g.group(1)] = [float(g.group(2))] + ([float(g.group(4)), float(g.group(5))] if g.group(3) else [])
            for letter, field in zip("RPF", ("recall", "precision", "fmeasure")):
                if letter not in found:
                    bad.append(f"no Average_{letter} line for {m}")
                    continue
                avg, interval = found[letter][0], found[letter][1:]
                if interval:
                    low, high = interval
                    ok = low <= avg <= high and abs(avg - mean[field]) <= (high - low) / 2 + 1e-5
                else:
                    ok = abs(avg - mean[field]) <= 0.5e-5 + 1e-12
                if not ok:
                    bad.append(f"{m} Average_{letter}: {avg} (interval {interval}), mean of the table {mean[field]}")
            pat = re.compile(r"^1 %s M_count: (\S+) P_count: (\S+) H_count: (\S+) " % re.escape(m))
            counts = [tuple(map(float, g.groups())) for g in map(pat.match, lines) if g]
            if not counts or any(abs(a - b) > 1e-5 * max(1.0, b) for a, b in zip(counts[0], (ref, cand, hit))):
                bad.append(f"{m} counts: {counts}, table sums {(ref, cand, hit)}")
        else:
            num = r"(\d+\.\d{6})"
            prf = rf"P {num} R {num} F {num}"
            mean_re = re.compile(rf"^{re.escape(m)}: +mean {prf}, pooled {prf}$")
            boot_re = re.compile(rf"^{re.escape(m)}: +low {prf}, mid {prf}, high {prf}$")
            g = next(filter(None, map(mean_re.match, lines)), None)
            if g is None:
                bad.append(f"no mean line for {m}")
                continue
            v = list(map(float, g.groups()))
            p = hit / cand if cand else 0.0
            r = hit / ref if ref else 0.0
            if m.startswith("rougeW-"):
                w = float(m[len("rougeW-"):])
                p, r = p ** (1 / w), r ** (1 / w)
            f = 2 * p * r / (p + r) if p + r else 0.0
            for got, want in zip(v, [mean["precision"], mean["recall"], mean["fmeasure"], p, r, f]):
                if abs(got - want) > 0.5e-6 + 1e-12:
                    bad.append(f"{m}: summary {v}, computed {[mean[k] for k in mean] + [p, r, f]}")
                    break
            b = next(filter(None, map(boot_re.match, lines)), None)
            if b is not None:
                q = list(map(float, b.groups()))
                for k in range(3):
                    if not q[k] <= q[3 + k] <= q[6 + k]:
                        bad.append(f"{m}: low/mid/high out of order: {q}")
    return fail(bad)


def main(argv):
    cmd = argv[1] if len(argv) > 1 else ""
    if cmd == "gen" and len(argv) == 6:
        return gen(argv[2], argv[3], argv[4], int(argv[5])) or 0
    if cmd == "gen-xlsum" and len(argv) == 7:
        return gen_xlsum(argv[2], argv[3], argv[4], argv[5], int(argv[6])) or 0
    if cmd == "gen-corpus" and len(argv) == 5:
        return gen_corpus(argv[2], argv[3], argv[4]) or 0
    if cmd == "rouge-score-bootstrap" and len(argv) == 7:
        return rouge_score_bootstrap(*argv[2:7])
    if cmd == "cmp-lines" and len(argv) == 4:
        return cmp_lines(argv[2], argv[3])
    if cmd == "fmeasure" and len(argv) == 5:
        return fmeasure(argv[2], argv[3], argv[4])
    if cmd == "fewer" and len(argv) == 6:
        return fewer(*argv[2:6])
    if cmd == "at-most" and len(argv) == 6:
        return at_most(argv[2], argv[3], argv[4], argv[5])
    commands = {"cmp-score": cmp_score, "cmp-perl": cmp_perl, "cmp-csv": cmp_csv, "same": same,
                "cmp-exact": cmp_exact}
    if cmd in commands and len(argv) == 4:
        return commands[cmd](argv[2], argv[3])
    if cmd == "summary" and len(argv) == 5:
        return summary(argv[2], argv[3], argv[4])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
