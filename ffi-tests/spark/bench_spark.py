"""Pairs per second of the librouge Spark UDF against a Python UDF calling rouge-score 0.1.2,
on the same rows in the same run, in local[1] and local[2].

Both compute rouge1, rouge2, rougeL and rougeLsum (rouge-score's definitions, no stemming) for
each W1 pair and return a map of (precision, recall, fmeasure) structs; each job writes to
Spark's "noop" sink, so the time is the scoring plus Spark's own per-row work. The rows are
cached and counted first, and each function runs once on a slice before it is timed (JIT,
Python workers, the native library's extraction). The librouge UDF also runs on W1 repeated 20
times, where Spark's fixed cost per job no longer dominates. Medians of --repeat runs.
"""
import argparse
import json
import os
import statistics
import sys
import time

METRICS = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jar", required=True)
    ap.add_argument("--workload", required=True)
    ap.add_argument("--rows", type=int, default=10000, help="W1 pairs for both UDFs")
    ap.add_argument("--scale", type=int, default=20, help="W1 repeated this often for the librouge-only row")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()

    pairs = []
    with open(a.workload, encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            pairs.append((d["cand"], [d["ref"]]))
    pairs = pairs[:a.rows]

    # Python workers run this interpreter (the venv's, which has rouge-score), not python3.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession, functions as F, types as T

    score_t = T.StructType([T.StructField(k, T.DoubleType()) for k in ("precision", "recall", "fmeasure")])
    map_t = T.MapType(T.StringType(), score_t)

    def rouge_score_udf():
        scorer = None

        def score(cand, refs):
            nonlocal scorer
            if scorer is None:
                from rouge_score import rouge_scorer
                scorer = rouge_scorer.RougeScorer(METRICS, use_stemmer=False)
            s = scorer.score_multi(refs, cand)
            return {m: (v.precision, v.recall, v.fmeasure) for m, v in s.items()}
        return F.udf(score, map_t)

    results = []
    for cores in (1, 2):
        spark = (SparkSession.builder.master(f"local[{cores}]").appName("librouge-spark-bench")
                 .config("spark.jars", a.jar).config("spark.ui.enabled", "false")
                 .config("spark.ui.showConsoleProgress", "false").config("spark.driver.memory", "3g")
                 .getOrCreate())
        spark.sparkContext.setLogLevel("ERROR")
        spark._jvm.org.librouge.spark.RougeFunctions.register(spark._jsparkSession)
        schema = T.StructType([T.StructField("cand", T.StringType()),
                               T.StructField("refs", T.ArrayType(T.StringType()))])
        df = spark.createDataFrame(pairs, schema).repartition(4 * cores).cache()
        n = df.count()
        big = spark.range(a.scale).crossJoin(df).select("cand", "refs").repartition(4 * cores).cache()
        n_big = big.count()
        py = rouge_score_udf()
        jobs = [
            ("Spark alone (read the rows, no scoring)", df, lambda d: d.select("cand", "refs"), n),
            ("librouge rouge_all (JNI)", df,
             lambda d: d.select(F.call_udf("rouge_all", "cand", "refs", F.lit(",".join(METRICS)), F.lit(""))), n),
            ("Python UDF, rouge-score 0.1.2", df, lambda d: d.select(py("cand", "refs")), n),
            (f"librouge rouge_all (JNI), W1 x {a.scale}", big,
             lambda d: d.select(F.call_udf("rouge_all", "cand", "refs", F.lit(",".join(METRICS)), F.lit(""))), n_big),
        ]
        for name, data, job, rows in jobs:
            job(data.limit(200)).write.format("noop").mode("overwrite").save()  # warm-up
            times = []
            for _ in range(a.repeat):
                t0 = time.perf_counter()
                job(data).write.format("noop").mode("overwrite").save()
                times.append(time.perf_counter() - t0)
            t = statistics.median(times)
            results.append((cores, name, rows, t))
            print(f"local[{cores}] {name}: {rows} pairs in {t:.2f} s, {rows / t:,.0f} pairs/s", flush=True)
        spark.stop()

    print()
    print("| master | function | pairs | seconds | pairs/s | vs Python UDF |")
    print("| --- | --- | --- | --- | --- | --- |")
    for cores in (1, 2):
        base = next(r[2] / r[3] for r in results if r[0] == cores and r[1].startswith("Python"))
        for c, name, rows, t in results:
            if c == cores:
                rate = rows / t
                print(f"| local[{c}] | {name} | {rows:,} | {t:.2f} | {rate:,.0f} | {rate / base:.1f}x |")


if __name__ == "__main__":
    main()
