"""The Spark functions in PySpark local[2], against the C library on the same inputs.

Expected per-pair values come from the `rouge` command-line scorer (examples-c, C on the C API,
no JNI) run on the same pairs (`--jsonl`, `--format jsonl`, shortest round-trip doubles), and
the corpus aggregates from corpus_check.c (C) over those per-pair results in the same order;
every value is compared bit for bit. One Spark session for everything; closes with
"spark: N passed, N failed".
"""
import argparse
import json
import os
import random
import struct
import subprocess
import sys
import time
import traceback

PASSED, FAILED = [], []


def check(name, fn):
    t0 = time.time()
    try:
        fn()
        PASSED.append(name)
        print(f"ok   {name} ({time.time() - t0:.1f} s)", flush=True)
    except Exception as e:  # noqa: BLE001 - any failure fails the check, the rest go on
        FAILED.append(name)
        print(f"FAIL {name}: {e}", flush=True)
        if not isinstance(e, AssertionError):
            traceback.print_exc(file=sys.stdout)


def bits(x):
    return struct.pack("<d", x)


FIELDS = ["precision", "recall", "fmeasure", "hit", "reference_total", "candidate_total"]


def same_result(got, exp, what, fields=FIELDS):
    for k in fields:
        g, e = got[k], float(exp[k])
        if bits(g) != bits(e):
            raise AssertionError(f"{what}.{k}: spark {g!r}, C {e!r}")


def generated_pairs(n, seed=15):
    """Pairs unlike W1: mixed case, punctuation, digits, non-ASCII letters, several references
    and sentences, empty texts."""
    rnd = random.Random(seed)
    words = ["the", "The", "cat", "CAT", "sat", "on", "a", "mat", "dog's", "ran", "42", "x1", "café", "naïve",
             "Über", "straße", "мир", "東京", "running", "runs", "ran,", "(quoted)", "e-mail", "U.S.", "well-known"]

    def text():
        if rnd.random() < 0.03:
            return ""
        out = []
        for _ in range(rnd.randint(1, 60)):
            out.append(rnd.choice(words))
            r = rnd.random()
            out.append(".\n" if r < 0.08 else ", " if r < 0.15 else " ")
        return "".join(out)

    return [(text(), [text() for _ in range(rnd.randint(1, 3))]) for _ in range(n)]


def run_cli(cli, pairs, path, args):
    with open(path, "w", encoding="utf-8") as f:
        for i, (c, refs) in enumerate(pairs):
            f.write(json.dumps({"id": f"r{i}", "candidate": c, "references": refs}) + "\n")
    out = subprocess.run([cli, "--jsonl", path, "--format", "jsonl", "--bootstrap", "0"] + args,
                         check=True, capture_output=True, text=True).stdout
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert len(rows) == len(pairs), f"cli gave {len(rows)} rows for {len(pairs)} pairs"
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jar", required=True)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--corpus-check", required=True)
    ap.add_argument("--workload", required=True)
    ap.add_argument("--build", required=True)
    a = ap.parse_args()

    # ---- inputs: W1's 10,000 pairs and 10,000 generated ones ----
    w1 = []
    with open(a.workload, encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            w1.append((d["cand"], [d["ref"]]))
    pairs = w1 + generated_pairs(10000)
    n = len(pairs)
    print(f"{n} pairs ({len(w1)} W1, {n - len(w1)} generated)", flush=True)

    metrics = "rouge1,rouge2,rougeL,rougeLsum"
    t0 = time.time()
    want = run_cli(a.cli, pairs, os.path.join(a.build, "pairs.jsonl"), ["--metrics", metrics])
    want_stem = run_cli(a.cli, pairs, os.path.join(a.build, "pairs.jsonl"), ["--metrics", "rougeLsum", "--stem"])
    perl_n = 3000
    want_perl = run_cli(a.cli, pairs[:perl_n], os.path.join(a.build, "perl.jsonl"),
                        ["--flavour", "perl", "--metrics", "ROUGE-1,ROUGE-2,ROUGE-L,ROUGE-SU4", "--stem"])
    print(f"expected values from the C CLI in {time.time() - t0:.1f} s", flush=True)

    # ---- one Spark session, the jar as a cluster would get it (--jars) ----
    from pyspark.sql import SparkSession, functions as F, types as T

    spark = (SparkSession.builder.master("local[2]").appName("librouge-spark-test")
             .config("spark.jars", a.jar).config("spark.ui.enabled", "false")
             # JNI's checks on every call; the Makefile fails the run on any warning they print.
             .config("spark.driver.extraJavaOptions", "-Xcheck:jni")
             .config("spark.ui.showConsoleProgress", "false")
             .config("spark.sql.shuffle.partitions", "4").config("spark.driver.memory", "2g")
             .config("spark.sql.extensions", "org.librouge.spark.RougeExtensions").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    jvm = spark._jvm

    schema = T.StructType([T.StructField("id", T.LongType()), T.StructField("cand", T.StringType()),
                           T.StructField("refs", T.ArrayType(T.StringType()))])
    df = spark.createDataFrame([(i, c, r) for i, (c, r) in enumerate(pairs)], schema).repartition(4).cache()
    df.createOrReplaceTempView("pairs")
    assert df.count() == n

    def check_version():
        v = jvm.org.librouge.spark.RougeFunctions.version()
        assert v.count(".") == 2, v
        # No -Dorg.librouge.jni.path and no java.library.path copy: the library came from the jar.
        assert jvm.java.lang.System.getProperty("org.librouge.jni.path") is None
        print(f"     librouge {v}, loaded from the jar", flush=True)
    check("native library loads from the jar", check_version)

    def extensions():
        # Before any registration: the functions come from spark.sql.extensions alone.
        r = spark.sql(f"SELECT rouge_all(cand, refs, '{metrics}', '') AS s, rouge(cand, refs, 'rougeL') AS l,"
                      " rouge_opts(cand, refs, 'rougeLsum', 'stem=true') AS t, id FROM pairs WHERE id < 500").collect()
        assert len(r) == 500
        for x in r:
            for m in metrics.split(","):
                same_result(x.s[m].asDict(), want[x.id][m], f"pair {x.id} {m}")
            same_result(x.l.asDict(), want[x.id]["rougeL"], f"pair {x.id} rougeL", FIELDS[:3])
            same_result(x.t.asDict(), want_stem[x.id]["rougeLsum"], f"pair {x.id} rougeLsum stem", FIELDS[:3])
        usage = [row[0] for row in spark.sql("DESCRIBE FUNCTION rouge_all").collect()]
        assert any("rouge_all(candidate, references, metrics, options)" in u for u in usage), usage
        try:
            spark.sql("SELECT rouge('a', array('a'))").collect()
        except Exception as e:  # noqa: BLE001 - Spark wraps the builder's exception
            assert "rouge(candidate, references, metric) takes 3 arguments, got 2" in str(e), str(e)[:300]
        else:
            raise AssertionError("rouge with 2 arguments did not fail")
    check("spark.sql.extensions=RougeExtensions: the functions with no registration, bit for bit", extensions)

    jvm.org.librouge.spark.RougeFunctions.register(spark._jsparkSession)
    # The PySpark way a user registers a single function by class name.
    spark.udf.registerJavaFunction("rouge_py", "org.librouge.spark.RougeUdf",
                                   "struct<precision:double,recall:double,fmeasure:double>")

    all_rows = {}

    def sql_rouge_all():
        rows = spark.sql(f"SELECT id, rouge_all(cand, refs, '{metrics}', '') AS s FROM pairs").collect()
        assert len(rows) == n
        for r in rows:
            all_rows[r.id] = r.s
        for i in range(n):
            got = all_rows[i]
            for m in metrics.split(","):
                same_result(got[m].asDict(), want[i][m], f"pair {i} {m}")
        print(f"     {n} pairs x 4 metrics x 6 fields identical to the C CLI's", flush=True)
    check("SQL rouge_all: every per-pair score bit for bit the C library's", sql_rouge_all)

    def dataframe_stem():
        rows = df.select("id", F.call_udf("rouge_opts", F.col("cand"), F.col("refs"), F.lit("rougeLsum"),
                                          F.lit("stem=true")).alias("s")).collect()
        assert len(rows) == n
        for r in rows:
            same_result(r.s.asDict(), want_stem[r.id]["rougeLsum"], f"pair {r.id} rougeLsum stem", FIELDS[:3])
        print(f"     {n} pairs identical (rougeLsum, Porter stemming)", flush=True)
    check("DataFrame API rouge_opts(stem=true): bit for bit the C library's", dataframe_stem)

    def registered_java_function():
        rows = spark.sql("SELECT id, rouge_py(cand, refs, 'rouge2') AS s FROM pairs WHERE id % 7 = 0").collect()
        assert len(rows) == len(range(0, n, 7))
        for r in rows:
            same_result(r.s.asDict(), want[r.id]["rouge2"], f"pair {r.id} rouge2", FIELDS[:3])
    check("registerJavaFunction from PySpark: rouge2 bit for bit", registered_java_function)

    def perl_flavour():
        rows = (df.where(F.col("id") < perl_n)
                .select("id", F.call_udf("rouge_all", "cand", "refs", F.lit("ROUGE-1,ROUGE-2,ROUGE-L,ROUGE-SU4"),
                                         F.lit("flavour=perl, stem=true")).alias("s")).collect())
        assert len(rows) == perl_n
        for r in rows:
            for m in ["ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-SU4"]:
                got, exp = r.s[m].asDict(), want_perl[r.id][m]
                for k in FIELDS[:3]:  # the CLI prints Perl's rounded scores with 5 decimals
                    if f"{got[k]:.5f}" != f"{exp[k]:.5f}":
                        raise AssertionError(f"pair {r.id} {m}.{k}: spark {got[k]!r}, C {exp[k]!r}")
                same_result(got, exp, f"pair {r.id} {m}", FIELDS[3:])
    check(f"perl flavour, stemmed, {perl_n} pairs: as the C CLI prints (5 decimals), counts bit for bit",
          perl_flavour)

    def rouge_score_rs_tokenizers():
        # The rougers crate 0.2.1's values (RougeScorer::with_tokenizer(.., Tokenizer::unicode()
        # / character()).score(ref, cand)), through the options string.
        cases = [("tokenizer=unicode-v1", "Привет, мир! Don't pay $3.50 for e-mail.",
                  "привет мир, don't pay 3.50 dollars", 0.7142857142857143, 0.6666666666666666),
                 ("tokenizer=character-v1", "我爱北京天安门。", "我爱上海。",
                  0.36363636363636365, 0.2222222222222222)]
        for opts, cand, ref, f1, f2 in cases:
            r = (spark.createDataFrame([(cand, [ref])], "cand string, refs array<string>")
                 .select(F.call_udf("rouge_all", "cand", "refs", F.lit("rouge1,rouge2"), F.lit(opts)).alias("s"))
                 .collect()[0].s)
            assert (r["rouge1"]["fmeasure"], r["rouge2"]["fmeasure"]) == (f1, f2), (opts, r)
    check("rouge-score-rs's unicode-v1 and character-v1 (options string): rougers' values",
          rouge_score_rs_tokenizers)

    def token_ids():
        # W1 words are lowercase ASCII letters: ids by whitespace split give rouge-score's tokens.
        vocab = {}

        def ids(t):
            return [vocab.setdefault(w, len(vocab) - 2**31) for w in t.split()]  # negative ints too
        rows = [(i, ids(c), [ids(r) for r in refs]) for i, (c, refs) in enumerate(w1)]
        s = T.StructType([T.StructField("id", T.LongType()), T.StructField("c", T.ArrayType(T.IntegerType())),
                          T.StructField("r", T.ArrayType(T.ArrayType(T.IntegerType())))])
        d = spark.createDataFrame(rows, s)
        got = d.select("id", F.call_udf("rouge_ids", "c", "r", F.lit("rouge1")).alias("a"),
                       F.call_udf("rouge_ids", "c", "r", F.lit("rougeL")).alias("b")).collect()
        assert len(got) == len(w1)
        for r in got:
            same_result(r.a.asDict(), want[r.id]["rouge1"], f"ids pair {r.id} rouge1", FIELDS[:3])
            same_result(r.b.asDict(), want[r.id]["rougeL"], f"ids pair {r.id} rougeL", FIELDS[:3])
    check("rouge_ids over ARRAY<INT>: W1 rouge1 and rougeL bit for bit the C library's", token_ids)

    def corpus():
        scored = spark.sql(f"SELECT id, rouge_all(cand, refs, '{metrics}', '') AS scores FROM pairs")
        agg = jvm.org.librouge.spark.RougeCorpus.aggregate(scored._jdf, "id", "scores", metrics, "", 1000, 7, 0.9)
        from pyspark.sql import DataFrame
        got = {(r.metric, r.statistic): r for r in DataFrame(agg, spark).collect()}
        numbers = []
        for i in range(n):
            for m in metrics.split(","):
                numbers.extend(repr(float(want[i][m][k])) for k in FIELDS)
        c = subprocess.run([a.corpus_check, metrics, "rouge-score", "1000", "7", "0.9"], input=" ".join(numbers),
                           check=True, capture_output=True, text=True).stdout.split("\n")
        lines = [x.split() for x in c if x.strip()]
        assert len(lines) == 4 * 5, c
        for m, stat, p, rr, f in lines:
            g = got[(m, stat)]
            assert g.pairs == n and g.null_rows == 0, g
            for k, e in (("precision", p), ("recall", rr), ("fmeasure", f)):
                if bits(g[k]) != bits(float.fromhex(e)):
                    raise AssertionError(f"{m} {stat} {k}: spark {g[k]!r}, C {float.fromhex(e)!r}")
        lo, mid, hi = got[("rougeLsum", "low")], got[("rougeLsum", "mid")], got[("rougeLsum", "high")]
        print(f"     rougeLsum F: macro {got[('rougeLsum', 'macro')].fmeasure:.6f}, micro "
              f"{got[('rougeLsum', 'micro')].fmeasure:.6f}, 90% interval [{lo.fmeasure:.6f}, {hi.fmeasure:.6f}]"
              f" mid {mid.fmeasure:.6f}", flush=True)
    check("corpus macro, micro, bootstrap (seed 7, 90%): bit for bit rouge_corpus_* in C", corpus)

    def joinable():
        scored = spark.sql("SELECT id, rouge(cand, refs, 'rougeLsum').fmeasure AS f FROM pairs")
        j = df.join(scored, "id").where("id IN (3, 10003)").orderBy("id").collect()
        assert [r.id for r in j] == [3, 10003], j
        for r in j:
            assert bits(r.f) == bits(float(want[r.id]["rougeLsum"]["fmeasure"])), r
    check("per-pair scores join back to the input rows by id", joinable)

    def readme_sql():
        # The README's SQL block, as a user pastes it, over a `generations` view of the pairs.
        readme = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "README.md"), encoding="utf-8").read()
        block = readme.split("```sql\n", 1)[1].split("```", 1)[0]
        queries = [q.strip() for q in block.split(";") if q.strip()]
        assert len(queries) == 5, f"README's SQL block has {len(queries)} statements"
        spark.sql("""SELECT id, cand AS summary, refs AS references, refs[0] AS reference, refs[0] AS article,
                            CAST(id % 3 AS STRING) AS model FROM pairs""").createOrReplaceTempView("generations")
        results = [spark.sql(q).collect() for q in queries]
        four, stemmed, filtered, perl, per_model = results
        assert len(four) == n and len(stemmed) == n and len(perl) == n
        # `reference` and `article` are the first reference: rows with one reference (all of W1's,
        # a third of the generated ones) can be checked against the CLI's values.
        single = [len(refs) == 1 for _, refs in pairs]
        checked = 0
        for r in four:
            if single[r.id]:
                checked += 1
                for m in metrics.split(","):
                    assert bits(r[m]) == bits(float(want[r.id][m]["fmeasure"])), (r.id, m)
        assert checked > len(w1), checked
        for r in stemmed:
            assert bits(r.rougeLsum) == bits(float(want_stem[r.id]["rougeLsum"]["fmeasure"])), r.id
        kept = {r.id for r in filtered}
        for i in range(n):
            if single[i]:
                assert (i in kept) == (float(want[i]["rouge2"]["precision"]) >= 0.5), i
        assert all(r.su4 is not None for r in perl)
        assert len(per_model) == 3 and all(0 < r.rougeL < 1 for r in per_model), per_model
        print(f"     5 statements; {checked} single-reference rows checked, {len(kept)} kept by the filter", flush=True)
    check("the README's SQL block runs as pasted, values bit for bit the C library's", readme_sql)

    # ---- malformed rows: NULL by default, never a JVM crash ----
    def malformed():
        r = spark.sql("""SELECT
            rouge(CAST(NULL AS STRING), array('a b'), 'rouge1') AS null_cand,
            rouge('a b', CAST(NULL AS ARRAY<STRING>), 'rouge1') AS null_refs,
            rouge('a b', array('a', NULL), 'rouge1') AS null_ref,
            rouge('a b', CAST(array() AS ARRAY<STRING>), 'rouge1') AS no_refs,
            rouge(unhex('61C328'), array(unhex('6162')), 'rouge1') AS bad_utf8,
            rouge(unhex('612062'), array(unhex('61')), 'rouge1') AS good_bytes,
            rouge(concat('a', char(0), 'b'), array('a'), 'rouge1') AS nul,
            rouge('a b', array('a'), 'rouge1') AS plain,
            rouge(CAST(unhex('61C328') AS STRING), array('a'), 'rouge1') AS decoded,
            rouge(concat('a', char(65533), '('), array('a'), 'rouge1') AS replacement,
            rouge_ids(CAST(NULL AS ARRAY<INT>), array(array(1)), 'rouge1') AS ids_null_cand,
            rouge_ids(array(1, NULL), array(array(1)), 'rouge1') AS ids_null_token,
            rouge_ids(array(1, 2), array(array(1), NULL), 'rouge1') AS ids_null_ref,
            rouge_ids(array(1, 2), CAST(array() AS ARRAY<ARRAY<INT>>), 'rouge1') AS ids_no_refs,
            rouge_ids(array(1, 2), array(array(1)), 'rouge1') AS ids_plain""").collect()[0]
        for k in ["null_cand", "null_refs", "null_ref", "no_refs", "bad_utf8", "nul", "ids_null_cand", "ids_null_token",
                  "ids_null_ref", "ids_no_refs"]:
            assert r[k] is None, f"{k}: {r[k]}"
        assert r.ids_plain == r.plain, r.ids_plain
        # "a b" against "a": P 1/2, R 1, F 2/3 -- from text and from BINARY alike.
        assert r.plain.asDict() == {"precision": 0.5, "recall": 1.0, "fmeasure": 2 / 3}, r.plain
        assert r.good_bytes == r.plain, r.good_bytes
        # A STRING column with invalid bytes reaches the function as Spark decodes it (U+FFFD).
        assert r.decoded == r.replacement and r.decoded.recall == 1.0, (r.decoded, r.replacement)
    check("malformed rows give NULL (null text, null/empty references, invalid UTF-8 bytes, NUL, null ids)", malformed)

    def errors_fail_query():
        spark.sparkContext.setLogLevel("OFF")  # the failing tasks' stack traces; the checks read the errors
        for q, text in [("SELECT rouge('a', array('a'), 'rougeX')", 'unknown metric name "rougeX"'),
                        ("SELECT rouge_opts('a', array('a'), 'rouge1', 'colour=red')", 'unknown key "colour"'),
                        ("SELECT rouge_opts(CAST(NULL AS STRING), array('a'), 'rouge1', 'errors=fail')",
                         "malformed row (errors=fail): NULL candidate"),
                        ("SELECT rouge('a', array('a'), 'rouge1,rouge2')", "one metric expected")]:
            try:
                spark.sql(q).collect()
            except Exception as e:  # noqa: BLE001 - Spark wraps the UDF's exception
                assert text in str(e), f"{q}: error does not say {text!r}: {str(e)[:300]}"
            else:
                raise AssertionError(f"{q} did not fail")
        spark.sparkContext.setLogLevel("ERROR")
        # The JVM and the functions are still fine afterwards.
        assert spark.sql("SELECT rouge('a b', array('a'), 'rouge1').recall AS r").collect()[0].r == 1.0
    check("query mistakes fail the query with a clear message; the session goes on", errors_fail_query)

    spark.stop()

    def spark_sql_cli():
        # What a SQL-only user runs: Spark's own spark-sql shell, the jar by --jars, the functions
        # by spark.sql.extensions; output JSON compared bit for bit with the C CLI's.
        ids = [0, 1, 2, 9999]

        def lit(t):
            return "'" + t.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'"
        sql = "; ".join(f"SELECT rouge_all({lit(w1[i][0])}, array({lit(w1[i][1][0])}), '{metrics}', '')" for i in ids)
        cwd = os.path.join(a.build, "spark-sql")
        os.makedirs(cwd, exist_ok=True)
        env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
        p = subprocess.run([os.path.join(os.path.dirname(sys.executable), "spark-sql"), "--master", "local[1]",
                            "--jars", os.path.abspath(a.jar), "--conf", "spark.ui.enabled=false",
                            "--conf", "spark.driver.extraJavaOptions=-Xcheck:jni",
                            "--conf", "spark.sql.extensions=org.librouge.spark.RougeExtensions", "-e", sql],
                           cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr[-2000:]
        jni = [ln for ln in (p.stdout + p.stderr).splitlines() if "WARNING in native method" in ln or "WARNING: JNI" in ln]
        assert not jni, f"-Xcheck:jni warnings: {jni[:5]}"
        out = [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")]
        assert len(out) == len(ids), p.stdout
        for i, got in zip(ids, out):
            for m in metrics.split(","):
                same_result(got[m], want[i][m], f"spark-sql pair {i} {m}")
    check("spark-sql shell with --jars and spark.sql.extensions: bit for bit the C library's", spark_sql_cli)

    print(f"spark: {len(PASSED)} passed, {len(FAILED)} failed")
    return 0 if not FAILED else 1


if __name__ == "__main__":
    sys.exit(main())
