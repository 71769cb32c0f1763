"""A Spark user's job on org.librouge:librouge-spark from a Maven repository (issue 26 point 2).

Submitted by `make package-test` as a user submits it, from an empty folder:

    spark-submit --master local[2] --packages org.librouge:librouge-spark:0.1.0 \
      --conf spark.jars.ivySettings=ivysettings.xml (the local Maven repository only) \
      --conf spark.jars.ivy=<empty ivy home> --conf spark.driver.extraJavaOptions=-Xcheck:jni \
      package_user.py --cli ... --workload w1.jsonl --readme README.md --top-readme README.md

Checks that ivy resolved both jars (librouge-spark and, through its POM, librouge with the
native libraries), then runs the top README's PySpark lines and the SQL block of
ffi-tests/spark/README.md as pasted, over W1's first pairs as a `generations` view, and compares
every score with the `rouge` CLI's (C, no JNI) on the same pairs bit for bit. Prints
"spark-packages: N passed, N failed".
"""
import argparse
import os
import sys

from test_spark import FAILED, PASSED, bits, check, run_cli, same_result

PAIRS = 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--workload", required=True)
    ap.add_argument("--readme", required=True)
    ap.add_argument("--top-readme", required=True)
    ap.add_argument("--build", required=True)
    a = ap.parse_args()

    import json
    pairs = []
    with open(a.workload, encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            pairs.append((d["cand"], [d["ref"]]))
            if len(pairs) == PAIRS:
                break
    metrics = "rouge1,rouge2,rougeL,rougeLsum"
    want = run_cli(a.cli, pairs, os.path.join(a.build, "user-pairs.jsonl"), ["--metrics", metrics])
    want_stem = run_cli(a.cli, pairs, os.path.join(a.build, "user-pairs.jsonl"), ["--metrics", "rougeLsum", "--stem"])

    from pyspark.sql import SparkSession
    spark = SparkSession.builder.appName("librouge-packages-user").getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")

    def resolved():
        jars = spark.sparkContext.getConf().get("spark.jars", "")
        names = sorted(os.path.basename(j) for j in jars.split(",") if j)
        assert "org.librouge_librouge-spark-0.1.0.jar" in names and "org.librouge_librouge-0.1.0.jar" in names, names
        print(f"     spark.jars from ivy: {', '.join(names)}", flush=True)
    check("--packages resolved librouge-spark and, through its POM, librouge", resolved)

    rows = [(i, c, refs, refs[0], refs[0], str(i % 3)) for i, (c, refs) in enumerate(pairs)]
    spark.createDataFrame(rows, "id long, summary string, references array<string>, reference string, "
                                "article string, model string").createOrReplaceTempView("generations")

    def top_readme():
        # The top README's Apache Spark block, its Python lines run as written.
        text = open(a.top_readme, encoding="utf-8").read()
        section = text.split("## Apache Spark", 1)[1]
        block = section.split("```python\n", 1)[1].split("```", 1)[0]
        scope = {"spark": spark}
        exec(compile(block, "README.md (Apache Spark)", "exec"), scope)  # noqa: S102 - the README's own lines
        got = spark.sql("""SELECT id, rouge_all(summary, array(reference), 'rouge1,rouge2,rougeL,rougeLsum', '') AS s
                           FROM generations""").collect()
        assert len(got) == len(pairs)
        for r in got:
            for m in metrics.split(","):
                same_result(r.s[m].asDict(), want[r.id][m], f"pair {r.id} {m}")
        print(f"     {len(got)} pairs x 4 metrics: P, R, F and counts bit for bit the C CLI's", flush=True)
    check("the top README's PySpark lines register the functions; rouge_all bit for bit the C library's", top_readme)

    def readme_sql():
        text = open(a.readme, encoding="utf-8").read()
        block = text.split("```sql\n", 1)[1].split("```", 1)[0]
        queries = [q.strip() for q in block.split(";") if q.strip()]
        assert len(queries) == 5, f"README's SQL block has {len(queries)} statements"
        four, stemmed, filtered, perl, per_model = [spark.sql(q).collect() for q in queries]
        assert len(four) == len(pairs) and len(stemmed) == len(pairs) and len(perl) == len(pairs)
        for r in four:
            for m in metrics.split(","):
                assert bits(r[m]) == bits(float(want[r.id][m]["fmeasure"])), (r.id, m)
        for r in stemmed:
            assert bits(r.rougeLsum) == bits(float(want_stem[r.id]["rougeLsum"]["fmeasure"])), r.id
        kept = {r.id for r in filtered}
        assert kept == {i for i in range(len(pairs)) if float(want[i]["rouge2"]["precision"]) >= 0.5}
        assert all(r.su4 is not None for r in perl)
        assert len(per_model) == 3 and all(0 < r.rougeL < 1 for r in per_model), per_model
        print(f"     5 statements over {len(pairs)} pairs; {len(kept)} kept by the filter", flush=True)
    check("ffi-tests/spark/README.md's SQL block as pasted: values bit for bit the C library's", readme_sql)

    spark.stop()
    print(f"spark-packages: {len(PASSED)} passed, {len(FAILED)} failed")
    return 0 if not FAILED else 1


if __name__ == "__main__":
    sys.exit(main())
