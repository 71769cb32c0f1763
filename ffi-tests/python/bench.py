#!/usr/bin/env python3
"""Python benchmark of librouge against rouge-score 0.1.2, rouge-score-rs and rouge-rust (PyPI),
text in, on the shared workloads W1 (10,000 news-summary pairs) and W2 (500 pairs of ~1,000
words), single thread unless a row says otherwise. Run by hand (`make bench`), not by the tests:

    build/venv/bin/python bench.py [--quick]

Every row scores rouge1, rouge2, rougeL and rougeLsum without stemming, except rouge-rust's,
which has no rougeLsum (it scores rouge1, rouge2, rougeL only: a lighter job). "per call" is one
`score(target, prediction)` per pair in a Python loop; "batch" one call for the whole workload
(rouge-score-rs: a list of dicts of Score; librouge: a BatchScores, the same sequence of dicts
with each dict built when first read; "columns": numpy arrays per metric). The "every Score
read" rows add a loop reading every pair's every Score (`.fmeasure`), which builds all of
librouge's dicts: the cost of a caller that reads everything.
The `ctypes` row is the same prepared C scorer called through ctypes instead of the C extension:
it measures what the binding itself costs per call. Figures are the fastest of `REPEATS` runs
(rouge-score: one run on the first pairs only, it is slow), in CPU time, except the
thread-scaling table (wall time). The machine is shared and noisy: compare rows of one run only.

Then, for librouge's `score_batch`: the part of a single-thread W1 (and W2) batch that runs with
the GIL held (reading the texts, building the result, the Python wrapper), as a fraction of the
batch, from lists and tuples of str and from Arrow string arrays (when pyarrow is installed), in the
calling thread's CPU time (batch.c measures its phases; Amdahl's law bounds the speed-up on N
threads by 1 / (f + (1 - f) / N)); and pairs/s on 1, 2, ... threads up to the CPUs this
process may run on, wall time.

    build/venv/bin/python bench.py --threads     # only the GIL fraction and thread scaling
"""

import ctypes
import json
import os
import subprocess
import sys
import time

# Single thread for the Rust batch APIs (rayon's global pool reads this at first use).
os.environ["RAYON_NUM_THREADS"] = "1"

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
QUICK = "--quick" in sys.argv
THREADS_ONLY = "--threads" in sys.argv
REPEATS = 1 if QUICK else 5


def workload(name):
    """(targets, predictions) of workload `name`, generated into target/workloads if absent."""
    directory = os.path.join(ROOT, "target", "workloads")
    path = os.path.join(directory, name + ".jsonl")
    if not os.path.exists(path):
        shared = os.environ.get("ROUGE_SHARED_DIR", os.path.join(ROOT, "..", "shared"))
        subprocess.check_call([sys.executable, os.path.join(shared, "bench", "gen_workloads.py"), directory])
    with open(path) as f:
        rows = [json.loads(line) for line in f]
    return [r["ref"] for r in rows], [r["cand"] for r in rows]


def timed(run, pairs, repeats, clock=time.process_time):
    """Seconds per pair of `run()`, which scores `pairs` pairs: the fastest of `repeats` runs
    (on a shared machine the others measure the neighbours), in CPU time of this process
    (single thread: waiting for a core is not counted), or wall time for the threaded row."""
    times = []
    for _ in range(repeats):
        start = clock()
        run()
        times.append(clock() - start)
    return min(times) / pairs


def read_all(results):
    """Reads every Score of every pair (builds each of a BatchScores' dicts)."""
    for d in results:
        for score in d.values():
            score.fmeasure


def per_call(scorer, targets, predictions):
    def run():
        score = scorer.score
        for t, p in zip(targets, predictions):
            score(t, p)

    return run


class CtypesScorer(object):
    """librouge's prepared text scorer through ctypes (the alternative to the C extension)."""

    class Str(ctypes.Structure):
        _fields_ = [("ptr", ctypes.c_char_p), ("len", ctypes.c_size_t)]

    class Metric(ctypes.Structure):
        _fields_ = [("kind", ctypes.c_uint32), ("n", ctypes.c_uint32), ("skip", ctypes.c_int64), ("weight", ctypes.c_double)]

    class Options(ctypes.Structure):
        _fields_ = [("flavour", ctypes.c_uint32), ("multi_reference", ctypes.c_uint32), ("jackknife", ctypes.c_uint32),
                    ("round", ctypes.c_uint32), ("alpha", ctypes.c_double)]

    class TextOptions(ctypes.Structure):
        _fields_ = [("tokenizer", ctypes.c_uint32), ("stem", ctypes.c_uint32), ("stopwords", ctypes.c_uint32),
                    ("lcs_path", ctypes.c_uint32), ("word_limit", ctypes.c_uint64), ("byte_limit", ctypes.c_uint64)]

    class Dims(ctypes.Structure):
        _fields_ = [(f, ctypes.c_size_t) for f in ("reference_count", "candidate_bytes", "reference_bytes",
                                                   "candidate_line_bytes", "reference_line_bytes")]

    class Result(ctypes.Structure):
        _fields_ = [(f, ctypes.c_double) for f in ("precision", "recall", "fmeasure", "hit", "rt", "ct")]

    def __init__(self, types, max_bytes):
        from librouge import _native, scoring

        self.Score = scoring.Score
        # The checkout's shared library (ffi-tests/build-lib.sh; make bench builds it): the
        # package links the library into its extension and ships no separate one.
        here = os.path.dirname(os.path.abspath(__file__))
        lib = ctypes.CDLL(os.path.join(here, "..", "..", "target", "release", "librouge.so"))
        S = self
        Scorer = type("Scorer", (ctypes.Structure,), {"_fields_": [
            ("metrics", ctypes.POINTER(S.Metric)), ("metric_count", ctypes.c_size_t), ("options", S.Options),
            ("text_options", S.TextOptions), ("dims", S.Dims), ("scratch_words", ctypes.c_size_t),
            ("cpu_features", ctypes.c_uint32)]})
        self.types = types
        self.metrics = (S.Metric * len(types))()
        for i, t in enumerate(types):
            kind, n, skip, weight = _native.parse_metric(t)
            self.metrics[i] = S.Metric(kind, n, skip, weight)
        self.options, self.text_options, self.scorer = S.Options(), S.TextOptions(), Scorer()
        assert lib.rouge_options_init(_native.FLAVOUR_ROUGE_SCORE, ctypes.byref(self.options)) == 0
        assert lib.rouge_text_options_init(_native.TOKENIZER_ROUGE_SCORE, ctypes.byref(self.text_options)) == 0
        dims = S.Dims(1, max_bytes, max_bytes, max_bytes, max_bytes)
        assert lib.rouge_text_scorer_init(self.metrics, len(types), ctypes.byref(self.options),
                                          ctypes.byref(self.text_options), ctypes.byref(dims), ctypes.byref(self.scorer)) == 0
        self.scratch = (ctypes.c_uint64 * self.scorer.scratch_words)()
        self.results = (S.Result * len(types))()
        self.score_fn = lib.rouge_text_scorer_score
        self.score_fn.argtypes = [ctypes.POINTER(Scorer), ctypes.POINTER(S.Str), ctypes.POINTER(S.Str), ctypes.c_size_t,
                                  ctypes.POINTER(ctypes.c_uint64), ctypes.c_size_t, ctypes.POINTER(S.Result)]
        self.score_fn.restype = ctypes.c_uint32

    def score(self, target, prediction):
        t, p = target.encode(), prediction.encode()
        ref, cand = self.Str(t, len(t)), self.Str(p, len(p))
        st = self.score_fn(self.scorer, cand, ref, 1, self.scratch, self.scorer.scratch_words, self.results)
        if st:
            raise ValueError("librouge status %d" % st)
        return {k: self.Score(r.precision, r.recall, r.fmeasure) for k, r in zip(self.types, self.results)}


def rows_for(name, quick_limit):
    targets, predictions = workload(name)
    if QUICK:
        targets, predictions = targets[:quick_limit], predictions[:quick_limit]
    n = len(targets)
    from rouge_score import rouge_scorer as rs
    import rouge_score_rs.rouge_scorer as rsrs
    import fast_rouge
    from librouge import rouge_scorer as lr

    ours = lr.RougeScorer(TYPES)
    theirs_rs = rsrs.RougeScorer(TYPES)
    # Sanity: the same values as rouge-score-rs (itself checked against rouge-score) on every pair.
    got = ours.score_batch(targets, predictions, threads=1)
    want = theirs_rs.score_batch(targets, predictions)
    mismatches = sum(
        1 for g, w in zip(got, want) for k in TYPES if tuple(g[k]) != (w[k].precision, w[k].recall, w[k].fmeasure)
    )
    slow = 200 if name == "w1" else 5
    reference = rs.RougeScorer(TYPES)
    ctypes_scorer = CtypesScorer(TYPES, max(len(x.encode()) for x in targets + predictions))
    rows = [
        ("rouge-score 0.1.2, per call (first %d pairs)" % slow,
         timed(per_call(reference, targets[:slow], predictions[:slow]), slow, 1)),
        ("rouge-score-rs, per call", timed(per_call(theirs_rs, targets, predictions), n, REPEATS)),
        ("rouge-score-rs, batch", timed(lambda: theirs_rs.score_batch(targets, predictions), n, REPEATS)),
        ("rouge-score-rs, batch, every Score read",
         timed(lambda: read_all(theirs_rs.score_batch(targets, predictions)), n, REPEATS)),
        ("rouge-rust (fast_rouge; no rougeLsum), per call",
         timed(lambda: [fast_rouge.score(t, p) for t, p in zip(targets, predictions)], n, REPEATS)),
        ("rouge-rust (fast_rouge; no rougeLsum), batch",
         timed(lambda: fast_rouge.score_batch(targets, predictions), n, REPEATS)),
        ("librouge through ctypes, per call", timed(per_call(ctypes_scorer, targets, predictions), n, REPEATS)),
        ("librouge, per call", timed(per_call(ours, targets, predictions), n, REPEATS)),
        ("librouge, batch", timed(lambda: ours.score_batch(targets, predictions, threads=1), n, REPEATS)),
        ("librouge, batch, every Score read",
         timed(lambda: read_all(ours.score_batch(targets, predictions, threads=1)), n, REPEATS)),
        ("librouge, batch as numpy columns (score_columns)",
         timed(lambda: ours.score_columns(targets, predictions, threads=1), n, REPEATS)),
    ]
    return n, mismatches, rows


def gil_held(targets, predictions, repeats):
    """The GIL-held part of a single-thread score_batch, in the calling thread's CPU time:
    (fraction, total ns, C reading the texts ns, C rest ns, Python wrapper ns), of the run
    with the least total."""
    from librouge import rouge_scorer as lr

    scorer = lr.RougeScorer(TYPES)
    scorer.score_batch(targets, predictions, threads=1)
    best = None
    for _ in range(max(repeats, 3)):
        scorer._timings = []
        start = time.thread_time_ns()
        results = scorer.score_batch(targets, predictions, threads=1)
        total = time.thread_time_ns() - start
        del results  # freed by the caller when it is done with them: not part of the batch
        _, _, _, used, read, nogil, rest = scorer._timings[0]
        assert used == 1
        row = (total, read, nogil, rest)
        best = row if best is None or row[0] < best[0] else best
    total, read, nogil, rest = best
    return (total - nogil) / total, total, read, rest, total - read - nogil - rest


def scaling(targets, predictions, repeats):
    """[(threads, seconds per batch)] for 1, 2, ... threads up to the CPUs of the affinity
    mask, and the default (None), wall time, fastest of `repeats`."""
    from librouge import rouge_scorer as lr

    scorer = lr.RougeScorer(TYPES)
    cpus = lr._cpu_count()
    counts = sorted(set([1, 2] + [c for c in (4, 8, 16, 32, 64) if c <= cpus] + [cpus]))
    out = []
    for threads in counts + [None]:
        scorer.score_batch(targets, predictions, threads=threads)  # the pool's threads start here
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            scorer.score_batch(targets, predictions, threads=threads)
            times.append(time.perf_counter() - start)
        out.append((threads, min(times)))
    return cpus, out


def threads_report():
    """The GIL-held part and the thread scaling of W1 and W2, each from lists of str and
    (when pyarrow is installed) from Arrow string arrays (score_batch's zero-copy path)."""
    from librouge import _native

    load_before = os.getloadavg()
    lines = ["%s (CPython %s): %s build%s" % (
        os.path.basename(_native.__file__), sys.version.split()[0],
        "limited-API (abi3, the wheels')" if ".abi3." in _native.__file__ else "full-API (from source)",
        ", every str's UTF-8 copied (CPython 3.9)" if _native.STR_COPIED else ""), ""]
    try:
        import pyarrow
    except ImportError:
        pyarrow = None
        lines.append("(pyarrow is not installed: no Arrow rows)")
    for name in ("w1", "w2"):
        targets, predictions = workload(name)
        inputs = [("lists of str", targets, predictions), ("tuples of str", tuple(targets), tuple(predictions))]
        if pyarrow is not None:
            inputs.append(("Arrow arrays", pyarrow.array(targets), pyarrow.array(predictions)))
        for label, ts, ps in inputs:
            fraction, total, read, rest, wrapper = gil_held(ts, ps, REPEATS)
            lines.append(
                "%s from %s: GIL held %.2f%% of a 1-thread batch (CPU time of the calling thread: "
                "%.2f ms in all; C reading the texts %.3f ms, C arguments/allocation/result %.3f ms, "
                "Python wrapper %.3f ms); Amdahl's bound on 16 threads %.1fx" % (
                    name.upper(), label, 100 * fraction, total / 1e6, read / 1e6, rest / 1e6, wrapper / 1e6,
                    1 / (fraction + (1 - fraction) / 16)))
            cpus, rows = scaling(ts, ps, REPEATS)
            base = rows[0][1]
            lines.append("")
            lines.append("| %s from %s, %d pairs, score_batch threads= | pairs/s | speed-up over 1 |" % (
                name.upper(), label, len(targets)))
            lines.append("| --- | ---: | ---: |")
            for threads, t in rows:
                label_t = "None (default: %d CPUs)" % cpus if threads is None else str(threads)
                lines.append("| %s | %s | %.2fx |" % (label_t, "{:,.0f}".format(len(targets) / t), base / t))
            lines.append("")
    print("\n".join(lines))
    print("load average (1, 5, 15 min): %.2f %.2f %.2f before, %.2f %.2f %.2f after; %d CPUs in the affinity mask" % (
        load_before + os.getloadavg() + (len(os.sched_getaffinity(0)),)))


def main():
    if THREADS_ONLY:
        threads_report()
        return
    load_before = os.getloadavg()
    results = {}
    for name, quick_limit in (("w1", 1000), ("w2", 50)):
        results[name] = rows_for(name, quick_limit)
    (n1, m1, r1), (n2, m2, r2) = results["w1"], results["w2"]
    print("W1: %d pairs, W2: %d pairs; librouge vs rouge-score-rs: %d and %d values differ" % (n1, n2, m1, m2))
    print()
    print("| Python, text in, rouge1/2/L/Lsum | W1 pairs/s | W1 us/pair | W2 pairs/s | W2 ms/pair |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for (label, t1), (_, t2) in zip(r1, r2):
        print("| %s | %s | %.2f | %s | %.3f |" % (label, "{:,.0f}".format(1 / t1), t1 * 1e6, "{:,.1f}".format(1 / t2), t2 * 1e3))
    print()
    print("load average (1, 5, 15 min): %.2f %.2f %.2f before, %.2f %.2f %.2f after" % (load_before + os.getloadavg()))
    for name, (_, _, rows) in (("W1", results["w1"]), ("W2", results["w2"])):
        t = dict(rows)
        print("%s: librouge per call %.1fx rouge-score-rs per call (goal 3x); librouge batch %.1fx rouge-score-rs batch "
              "(goal 10x); %.0fx rouge-score per call; C extension %.1fx ctypes per call" % (
                  name,
                  t["rouge-score-rs, per call"] / t["librouge, per call"],
                  t["rouge-score-rs, batch"] / t["librouge, batch"],
                  [v for k, v in rows if k.startswith("rouge-score 0.1.2")][0] / t["librouge, per call"],
                  t["librouge through ctypes, per call"] / t["librouge, per call"]))
        print("%s: librouge columns %.1fx rouge-score-rs batch; librouge batch with every Score read %.1fx "
              "rouge-score-rs batch with every Score read" % (
                  name, t["rouge-score-rs, batch"] / t["librouge, batch as numpy columns (score_columns)"],
                  t["rouge-score-rs, batch, every Score read"] / t["librouge, batch, every Score read"]))
    print()
    threads_report()


if __name__ == "__main__":
    main()
