"""The fork's `scoring` module: rouge-score's `Score`, `AggregateScore`, `BaseScorer`,
`BootstrapAggregator` and `fmeasure`, which the fork did not change (librouge.scoring's, the
same objects: scores of both scorers aggregate together)."""

from ..scoring import AggregateScore, BaseScorer, BootstrapAggregator, Score, fmeasure

__all__ = ["AggregateScore", "BaseScorer", "BootstrapAggregator", "Score", "fmeasure"]
