"""ROUGE as a reward for reinforcement-learning loops, in the shapes trainers call.

- TRL (`GRPOTrainer(reward_funcs=...)`): `RougeReward(...)` is a reward function
  `reward(completions, **kwargs) -> list[float]`. TRL calls it with `prompts`,
  `completions`, `completion_ids`, `trainer_state` and every other column of the dataset's
  rows as keyword arguments; the references are the column named by `reference_column`.
  Completions (and references) are plain strings, or conversational: a list of messages
  (`[{"role": "assistant", "content": "..."}]`), whose last assistant message is scored.
- verl (`custom_reward_function.path` / `.name`): `compute_score(data_source, solution_str,
  ground_truth, extra_info=None, **reward_kwargs) -> float` for its naive (per-sample) reward
  manager, and `compute_score_batch(data_sources, solution_strs, ground_truths,
  extra_infos=None, **reward_kwargs) -> list[float]` for its batch reward manager.

A reference may be one text or several (a list, or any non-str sequence such as the numpy
array a parquet list column becomes): several score as `score_multi` does (per type, the
reference with the best F). The reward is the chosen measure (`fmeasure` by default) of the
rouge type, or the mean over several types. Batches go through `RougeScorer.score_batch`'s
library path (`score_columns`): the GIL released, every CPU by default. Values are
rouge-score's, bit for bit. Neither TRL nor verl is needed to import or call these.
"""

from . import rouge_scorer

_MEASURES = ("precision", "recall", "fmeasure")


def _types_of(rouge_types):
    types = [rouge_types] if isinstance(rouge_types, str) else list(rouge_types)
    if not types:
        raise ValueError("rouge_types must name at least one rouge type")
    return types


def _make_scorer(types, use_stemmer, scorer_options):
    scorer = rouge_scorer.RougeScorer(types, use_stemmer=use_stemmer, **scorer_options)
    if scorer._error is not None:
        # rouge-score refuses a name only when scoring; a reward refuses it when made.
        raise scorer._error
    return scorer


def _message_text(content):
    """A message's content: a str, or a list of parts of which the text parts count."""
    if isinstance(content, str):
        return content
    if isinstance(content, (list, tuple)):
        return "\n".join(
            p.get("text", "") if isinstance(p, dict) else str(p)
            for p in content
            if not isinstance(p, dict) or p.get("type", "text") == "text"
        )
    raise TypeError("a message's content must be a str or a list of parts, not %s" % type(content).__name__)


def _text(value, what):
    """A completion as the text to score: a str as it is, a list of messages (TRL's
    conversational format) as its last assistant message's content."""
    if isinstance(value, (str, bytes)):
        return value
    if isinstance(value, dict):
        return _message_text(value.get("content", ""))
    if isinstance(value, (list, tuple)) and value and all(isinstance(m, dict) for m in value):
        replies = [m for m in value if m.get("role", "assistant") == "assistant"]
        return _message_text((replies or list(value))[-1].get("content", ""))
    raise TypeError(
        "%s must be a str or a list of messages ({'role': ..., 'content': ...}), not %r"
        % (what, value if len(repr(value)) < 80 else type(value).__name__)
    )


def _reference(value):
    """A reference: one text (str, message list) or several (any other sequence of them)."""
    if isinstance(value, (str, bytes, dict)):
        return _text(value, "a reference")
    if isinstance(value, (list, tuple)) and value and all(isinstance(m, dict) for m in value):
        return _text(value, "a reference")
    try:
        refs = [_text(r, "a reference") for r in value]
    except TypeError:
        raise TypeError("a reference must be a str, a list of messages, or a sequence of them, not %s"
                        % type(value).__name__) from None
    if not refs:
        raise ValueError("a sample has an empty list of references")
    return refs


def _rewards(scorer, types, measure, references, texts, threads):
    if len(references) != len(texts):
        raise ValueError(
            "%d completions but %d references: one reference (or list of them) per completion"
            % (len(texts), len(references))
        )
    if not texts:
        return []
    columns = scorer.score_columns(references, texts, threads=threads)
    total = None
    for t in types:
        values = getattr(columns[t], measure)
        total = values.copy() if total is None else total + values
    if len(types) > 1:
        total /= len(types)
    return total.tolist()


class RougeReward(object):
    """A TRL reward function: `reward(completions, **kwargs) -> list[float]`, one reward per
    completion, the references read from the dataset column `reference_column` (which TRL
    passes as a keyword argument, one value per completion).

    `rouge_types`: a rouge type or a list of them (the reward is the mean); `measure`:
    "fmeasure", "precision" or "recall"; `use_stemmer` and any other keyword
    (`split_summaries`, `tokenizer`, `flavour`, ...) go to `RougeScorer`; `threads` as
    `score_batch`'s. `__name__` (what TRL logs the reward under) is `name`, or e.g.
    "rougeL_fmeasure". It pickles (Ray, multiprocessing)."""

    def __init__(
        self,
        rouge_types="rougeL",
        reference_column="reference",
        measure="fmeasure",
        use_stemmer=False,
        threads=None,
        name=None,
        **scorer_options
    ):
        if measure not in _MEASURES:
            raise ValueError("measure must be one of %s, not %r" % (", ".join(_MEASURES), measure))
        self.rouge_types = _types_of(rouge_types)
        self.reference_column = reference_column
        self.measure = measure
        self.threads = threads
        self.scorer = _make_scorer(self.rouge_types, use_stemmer, scorer_options)
        self.__name__ = name or "%s_%s" % ("_".join(self.rouge_types), measure)

    def __call__(self, completions, **kwargs):
        if self.reference_column not in kwargs:
            raise KeyError(
                "%s: no %r column among the keyword arguments (%s): pass the references as that "
                "dataset column, or name the column with RougeReward(reference_column=...)"
                % (self.__name__, self.reference_column, ", ".join(sorted(kwargs)) or "none")
            )
        references = [_reference(r) for r in kwargs[self.reference_column]]
        texts = [_text(c, "a completion") for c in completions]
        return _rewards(self.scorer, self.rouge_types, self.measure, references, texts, self.threads)

    def __repr__(self):
        return "RougeReward(rouge_types=%r, reference_column=%r, measure=%r)" % (
            self.rouge_types, self.reference_column, self.measure)


# verl: one scorer per set of options, made at first use and kept (scorers are reusable and
# a verl run calls compute_score for every sample).
_SCORERS = {}


def _cached_scorer(rouge_type, use_stemmer, scorer_options):
    types = _types_of(rouge_type)
    key = (tuple(types), bool(use_stemmer), tuple(sorted(scorer_options.items())))
    scorer = _SCORERS.get(key)
    if scorer is None:
        scorer = _SCORERS[key] = _make_scorer(types, use_stemmer, scorer_options)
    return types, scorer


def compute_score(
    data_source,
    solution_str,
    ground_truth,
    extra_info=None,
    rouge_type="rougeL",
    measure="fmeasure",
    use_stemmer=False,
    **scorer_options
):
    """verl's custom reward function (`custom_reward_function.name: compute_score`): the reward
    of one response, `solution_str`, against `ground_truth` (a text, or a list of texts).
    `data_source` and `extra_info` are verl's and unused; `rouge_type` (a type or a list:
    the mean), `measure`, `use_stemmer` and RougeScorer's keywords come from verl's
    `custom_reward_function.reward_kwargs`."""
    if measure not in _MEASURES:
        raise ValueError("measure must be one of %s, not %r" % (", ".join(_MEASURES), measure))
    types, scorer = _cached_scorer(rouge_type, use_stemmer, scorer_options)
    reference = _reference(ground_truth)
    text = _text(solution_str, "solution_str")
    scores = scorer.score(reference, text) if isinstance(reference, (str, bytes)) else scorer.score_multi(reference, text)
    return sum(getattr(scores[t], measure) for t in types) / len(types)


def compute_score_batch(
    data_sources,
    solution_strs,
    ground_truths,
    extra_infos=None,
    rouge_type="rougeL",
    measure="fmeasure",
    use_stemmer=False,
    threads=None,
    **scorer_options
):
    """verl's batch reward function (`reward_model.reward_manager: batch`,
    `custom_reward_function.name: compute_score_batch`): the rewards of every response of a
    batch, scored in one `score_batch` call. Arguments as compute_score's, one per response."""
    if measure not in _MEASURES:
        raise ValueError("measure must be one of %s, not %r" % (", ".join(_MEASURES), measure))
    types, scorer = _cached_scorer(rouge_type, use_stemmer, scorer_options)
    references = [_reference(g) for g in ground_truths]
    texts = [_text(s, "a solution_str") for s in solution_strs]
    if data_sources is not None and len(data_sources) != len(texts):
        raise ValueError("%d data_sources for %d solution_strs" % (len(data_sources), len(texts)))
    return _rewards(scorer, types, measure, references, texts, threads)
