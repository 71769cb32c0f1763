"""rouge-score's `io` module: score files of records and write CSV, with the same behaviour
(record splitting, errors, CSV layout) and no dependency beyond the standard library."""

import glob
import itertools
import logging

_log = logging.getLogger(__name__)


def compute_scores_and_write_to_csv(
    target_filepattern,
    prediction_filepattern,
    output_filename,
    scorer,
    aggregator,
    delimiter="\n",
):
    """Scores the records of matching target and prediction files and writes a CSV: the
    aggregates when `aggregator` is given, else one row per record."""
    target_filenames = _glob(target_filepattern)
    prediction_filenames = _glob(prediction_filepattern)
    if len(target_filenames) < 1 or len(target_filenames) != len(prediction_filenames):
        raise ValueError(
            "Must have equal and positive number of target and "
            "prediction files. Found: %d target files (%s),"
            " %d prediction files (%s)."
            % (
                len(target_filenames),
                target_filepattern,
                len(prediction_filenames),
                prediction_filepattern,
            )
        )
    scores = _compute_scores(target_filenames, prediction_filenames, scorer, delimiter)
    if aggregator:
        for score in scores:
            aggregator.add_scores(score)
        _write_aggregates_to_csv(output_filename, aggregator.aggregate())
    else:
        _write_scores_to_csv(output_filename, scores)


def _glob(filepattern):
    return glob.glob(filepattern)


def _open(filepattern, mode="r"):
    return open(filepattern, mode)


def _record_gen(filename, delimiter):
    """Yields the records of a file; a final delimiter ends the last record."""
    with _open(filename) as f:
        records = f.read().split(str(delimiter))
    if records[-1]:
        _log.warning("Expected delimiter at end of file")
    else:
        records = records[:-1]
    for record in records:
        yield record


def _compute_scores(target_filenames, prediction_filenames, scorer, delimiter):
    scores = []
    for target_filename, prediction_filename in zip(
        sorted(target_filenames), sorted(prediction_filenames)
    ):
        targets = _record_gen(target_filename, delimiter)
        preds = _record_gen(prediction_filename, delimiter)
        for target_rec, prediction_rec in itertools.zip_longest(targets, preds):
            if target_rec is None or prediction_rec is None:
                raise ValueError(
                    "Must have equal number of lines across target and "
                    "prediction files. Mismatch between files: %s, %s."
                    % (target_filename, prediction_filename)
                )
            scores.append(scorer.score(target_rec, prediction_rec))
    return scores


def _write_aggregates_to_csv(output_filename, aggregates):
    """One line per score type and measure: score_type-(P|R|F),low,mid,high."""
    with _open(output_filename, "w") as output_file:
        output_file.write("score_type,low,mid,high\n")
        for score_type, aggregate in sorted(aggregates.items()):
            for m, field in (("R", "recall"), ("P", "precision"), ("F", "fmeasure")):
                output_file.write(
                    "%s-%s,%f,%f,%f\n"
                    % (
                        score_type,
                        m,
                        getattr(aggregate.low, field),
                        getattr(aggregate.mid, field),
                        getattr(aggregate.high, field),
                    )
                )


def _write_scores_to_csv(output_filename, scores):
    """One row per record: id, then P, R, F of each score type (sorted)."""
    if len(scores) < 1:
        _log.warning("No scores to write")
        return
    rouge_types = sorted(scores[0].keys())
    with _open(output_filename, "w") as out_file:
        out_file.write("id")
        for rouge_type in rouge_types:
            out_file.write(",{t}-P,{t}-R,{t}-F".format(t=rouge_type))
        out_file.write("\n")
        for i, result in enumerate(scores):
            out_file.write("%d" % i)
            for rouge_type in rouge_types:
                out_file.write(
                    ",%f,%f,%f"
                    % (
                        result[rouge_type].precision,
                        result[rouge_type].recall,
                        result[rouge_type].fmeasure,
                    )
                )
            out_file.write("\n")
