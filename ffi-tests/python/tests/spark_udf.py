"""PySpark Python UDFs whose closures hold librouge scorers (PySpark 3.5, local[2], this venv's
Python as the workers' Python): Spark pickles each closure with cloudpickle, so the scorer
crosses to the Python workers through its __reduce__ and is rebuilt there. Every score must
be rouge-score 0.1.2's own value for the row (plain UDF), and the per-partition batch
(mapPartitions over score_batch on 2 threads) the same. Run by `make spark-udf` (not in the
default `test_*.py` run: it needs pyspark and a JVM)."""

import os
import random
import sys

import pytest
from rouge_score import rouge_scorer as rs_scorer

from librouge import rouge_scorer
from test_librouge import TYPES, text


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("librouge-udf")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def cases(seed, count):
    rng = random.Random(seed)
    return [(text(rng), text(rng)) for _ in range(count)]


def test_a_python_udf_capturing_a_scorer_scores_as_rouge_score(spark):
    from pyspark.sql import functions as F
    from pyspark.sql import types as T

    rows = cases(301, 400)
    scorer = rouge_scorer.RougeScorer(TYPES, use_stemmer=True)

    @F.udf(returnType=T.ArrayType(T.ArrayType(T.DoubleType())))
    def rouge(target, prediction):
        s = scorer.score(target, prediction)
        return [list(s[t]) for t in TYPES]

    df = spark.createDataFrame(rows, ["target", "prediction"]).repartition(4)
    got = {(r.target, r.prediction): r.scores for r in df.select("target", "prediction", rouge("target", "prediction").alias("scores")).collect()}
    theirs = rs_scorer.RougeScorer(TYPES, use_stemmer=True)
    assert len(got) == len(set(rows))
    for t, p in rows:
        s = theirs.score(t, p)
        assert got[(t, p)] == [list(s[k]) for k in TYPES]


def test_a_custom_tokenizer_scorer_in_a_udf(spark):
    from pyspark.sql import functions as F
    from pyspark.sql import types as T

    class Words(object):  # defined here: cloudpickle ships the class itself to the workers
        def tokenize(self, t):
            return t.lower().split()

    rows = cases(302, 100)
    scorer = rouge_scorer.RougeScorer(["rouge1", "rougeL"], tokenizer=Words())

    @F.udf(returnType=T.DoubleType())
    def rouge_l(target, prediction):
        return scorer.score(target, prediction)["rougeL"].fmeasure

    df = spark.createDataFrame(rows, ["target", "prediction"])
    got = [r[0] for r in df.select(rouge_l("target", "prediction")).collect()]
    theirs = rs_scorer.RougeScorer(["rouge1", "rougeL"], tokenizer=Words())
    assert got == [theirs.score(t, p)["rougeL"].fmeasure for t, p in rows]


def test_score_batch_per_partition(spark):
    rows = cases(303, 300)
    scorer = rouge_scorer.RougeScorer(TYPES)

    def score_partition(it):
        part = list(it)
        batch = scorer.score_batch([t for t, _ in part], [p for _, p in part], threads=2)
        return [(t, p, [list(d[k]) for k in TYPES]) for (t, p), d in zip(part, batch)]

    got = spark.sparkContext.parallelize(rows, 3).mapPartitions(score_partition).collect()
    theirs = rs_scorer.RougeScorer(TYPES)
    assert [(t, p) for t, p, _ in got] == rows
    for t, p, s in got:
        want = theirs.score(t, p)
        assert s == [list(want[k]) for k in TYPES]
