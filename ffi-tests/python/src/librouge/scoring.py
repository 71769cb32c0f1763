"""rouge-score's `scoring` module: `Score`, `AggregateScore`, `BaseScorer`, `fmeasure` and a
`BootstrapAggregator` whose resampling runs in librouge (`rouge_corpus_bootstrap_numpy`),
drawing from numpy's global random state exactly as rouge-score's does and leaving it where
rouge-score would, so that results after `np.random.seed(s)` are bit-identical, consecutive
aggregations included."""

import abc
import collections
from typing import Dict

from . import _native


class Score(collections.namedtuple("Score", ["precision", "recall", "fmeasure"])):
    """Tuple containing precision, recall, and f-measure values."""


_native._set_score_type(Score)


class BaseScorer(object, metaclass=abc.ABCMeta):
    """Base class for Scorer objects."""

    @abc.abstractmethod
    def score(self, target: str, prediction: str) -> Dict[str, Score]:
        """Calculates score between the target and prediction."""


class AggregateScore(collections.namedtuple("AggregateScore", ["low", "mid", "high"])):
    """Tuple containing confidence intervals for scores."""


class BootstrapAggregator(object):
    """Aggregates scores to provide confidence intervals (rouge-score's, same draws)."""

    def __init__(self, confidence_interval=0.95, n_samples=1000):
        if confidence_interval < 0 or confidence_interval > 1:
            raise ValueError("confidence_interval must be in range [0, 1]")
        if n_samples <= 0:
            raise ValueError("n_samples must be positive")
        self._n_samples = n_samples
        self._confidence_interval = confidence_interval
        self._scores = collections.defaultdict(list)

    def add_scores(self, scores):
        """Adds a sample for future aggregation: a dict of score_type to a Score-like tuple."""
        for score_type, score in scores.items():
            self._scores[score_type].append(score)

    def aggregate(self):
        """A dict mapping score_type to AggregateScore objects."""
        import numpy as np

        result = {}
        for score_type, scores in self._scores.items():
            # Each score type draws from the global state in turn, as rouge-score's loop does.
            matrix = np.vstack(tuple(scores)).astype(np.float64)
            cls = scores[0].__class__
            if matrix.shape[1] != 3:
                # Not a (precision, recall, fmeasure) triple: rouge-score's numpy path.
                percentiles = self._numpy_resample(matrix)
            else:
                percentiles = self._native_resample(matrix)
            intervals = tuple(cls(*percentiles[j, :]) for j in range(3))
            result[score_type] = AggregateScore(
                low=intervals[0], mid=intervals[1], high=intervals[2]
            )
        return result

    def _native_resample(self, matrix):
        import numpy as np

        state = np.random.get_state()
        if state[0] != "MT19937":
            return self._numpy_resample(matrix)
        key = np.ascontiguousarray(state[1], dtype=np.uint32)
        agg, new_key, new_pos = _native.bootstrap_numpy(
            np.ascontiguousarray(matrix).tobytes(),
            matrix.shape[0],
            1,
            self._n_samples,
            float(self._confidence_interval),
            key.tobytes(),
            int(state[2]),
        )
        np.random.set_state(
            ("MT19937", np.frombuffer(new_key, dtype=np.uint32).copy(), new_pos)
            + tuple(state[3:])
        )
        # low, mid, high rows of (precision, recall, fmeasure), as np.percentile returns them.
        return np.frombuffer(agg, dtype=np.float64).reshape(3, 3)

    def _numpy_resample(self, matrix):
        import numpy as np

        sample_mean = np.zeros((self._n_samples, matrix.shape[1]))
        for i in range(self._n_samples):
            sample_idx = np.random.choice(np.arange(matrix.shape[0]), size=matrix.shape[0])
            sample_mean[i, :] = np.mean(matrix[sample_idx, :], axis=0)
        percentile_delta = (1 - self._confidence_interval) / 2
        q = 100 * np.array([percentile_delta, 0.5, 1 - percentile_delta])
        return np.percentile(sample_mean, q, axis=0)


def fmeasure(precision, recall):
    """Computes f-measure given precision and recall values."""
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    else:
        return 0.0
