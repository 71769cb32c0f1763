"""librouge.rewards called exactly as the trainers call reward functions, values against
rouge-score 0.1.2 itself.

TRL's GRPOTrainer (trl/trainer/grpo_trainer.py, `_calculate_rewards`) calls each reward
function as `reward_func(prompts=prompts, completions=completions,
completion_ids=completion_ids_list, **reward_kwargs)`, where reward_kwargs holds every column
of the batch's dataset rows except "prompt", "completion" and "completion_ids" (one value per
completion, rows repeated for the group's generations) and `trainer_state`; completions are
strings, or for conversational datasets lists with one assistant message. verl's reward
managers call `compute_score(data_source=..., solution_str=..., ground_truth=...,
extra_info=...)` per sample (NaiveRewardManager) and `compute_score(data_sources=...,
solution_strs=..., ground_truths=..., extra_infos=...)` per batch (BatchRewardManager), each
with `custom_reward_function.reward_kwargs` bound as keywords."""

import functools
import pickle
import random

import numpy as np
import pytest
from rouge_score import rouge_scorer as rs_scorer

from librouge import rewards
from test_librouge import text


class TrainerState(object):
    """Stands for transformers' TrainerState, which TRL passes as `trainer_state`."""

    global_step = 3


def trl_batch(seed, prompts=4, generations=3, conversational=False):
    """What GRPOTrainer hands a reward function: each prompt's row repeated per generation."""
    rng = random.Random(seed)
    rows = [{"prompt": text(rng), "reference": text(rng), "source": "news"} for _ in range(prompts)]
    inputs = [row for row in rows for _ in range(generations)]
    texts = [text(rng) for _ in inputs]
    if conversational:
        prompt_list = [[{"role": "user", "content": r["prompt"]}] for r in inputs]
        completions = [[{"role": "assistant", "content": t}] for t in texts]
    else:
        prompt_list = [r["prompt"] for r in inputs]
        completions = texts
    keys = [k for k in inputs[0] if k not in ("prompt", "completion", "completion_ids")]
    reward_kwargs = {k: [row[k] for row in inputs] for k in keys}
    reward_kwargs["trainer_state"] = TrainerState()
    completion_ids = [[ord(c) % 97 for c in t] for t in texts]
    return prompt_list, completions, completion_ids, reward_kwargs, texts, [r["reference"] for r in inputs]


@pytest.mark.parametrize("conversational", [False, True])
@pytest.mark.parametrize("types,measure,stem", [("rougeL", "fmeasure", False), (["rouge1", "rouge2"], "recall", True)])
def test_trl_reward_function_call_shape(conversational, types, measure, stem):
    reward = rewards.RougeReward(types, reference_column="reference", measure=measure, use_stemmer=stem)
    prompts, completions, completion_ids, reward_kwargs, texts, refs = trl_batch(5, conversational=conversational)
    got = reward(prompts=prompts, completions=completions, completion_ids=completion_ids, **reward_kwargs)
    theirs = rs_scorer.RougeScorer([types] if isinstance(types, str) else types, use_stemmer=stem)
    names = [types] if isinstance(types, str) else types
    want = []
    for t, r in zip(texts, refs):
        s = theirs.score(r, t)
        want.append(sum(getattr(s[n], measure) for n in names) / len(names))
    assert type(got) is list and all(type(x) is float for x in got)
    assert got == want  # rouge-score's values, bit for bit (a mean sums in the same order)
    assert reward.__name__ == "%s_%s" % ("_".join(names), measure)


def test_trl_conversational_multi_turn_and_parts_and_several_references():
    reward = rewards.RougeReward("rouge1", reference_column="solution")
    completions = [
        [{"role": "assistant", "content": "thinking"}, {"role": "tool", "content": "x"},
         {"role": "assistant", "content": "the cat sat"}],
        [{"role": "assistant", "content": [{"type": "text", "text": "a dog"}, {"type": "image"}]}],
        "the mat",
    ]
    solution = ["the cat sat on the mat", ["a dog ran", "dogs"], [{"role": "assistant", "content": "on the mat"}]]
    got = reward(completions=completions, prompts=["p"] * 3, completion_ids=[[1]] * 3, solution=solution)
    theirs = rs_scorer.RougeScorer(["rouge1"])
    assert got == [
        theirs.score("the cat sat on the mat", "the cat sat")["rouge1"].fmeasure,
        theirs.score_multi(["a dog ran", "dogs"], "a dog")["rouge1"].fmeasure,
        theirs.score("on the mat", "the mat")["rouge1"].fmeasure,
    ]


def test_trl_reward_errors_name_what_is_wrong():
    reward = rewards.RougeReward()
    with pytest.raises(KeyError, match="'reference' column"):
        reward(completions=["a"], prompts=["p"], answer=["a"])
    with pytest.raises(ValueError, match="2 completions but 1 references"):
        reward(completions=["a", "b"], reference=["a"])
    with pytest.raises(TypeError, match="completion"):
        reward(completions=[3], reference=["a"])
    with pytest.raises(ValueError):
        rewards.RougeReward("rouge0")
    with pytest.raises(ValueError):
        rewards.RougeReward(measure="f1")
    assert reward(completions=[], reference=[]) == []


def test_trl_reward_pickles():
    reward = rewards.RougeReward(["rouge1", "rougeL"], reference_column="ref", use_stemmer=True, name="rouge_mix")
    back = pickle.loads(pickle.dumps(reward))
    kwargs = dict(completions=["the cats sat", "dogs"], ref=["a cat sat", "the dogs ran"])
    assert back(**kwargs) == reward(**kwargs) and back.__name__ == "rouge_mix"


def test_verl_naive_reward_manager_call_shape():
    rng = random.Random(9)
    theirs = rs_scorer.RougeScorer(["rougeL"])
    for _ in range(50):
        solution, truth = text(rng), text(rng)
        got = rewards.compute_score(data_source="cnn_dailymail", solution_str=solution, ground_truth=truth,
                                    extra_info={"split": "train", "index": 3})
        assert type(got) is float and got == theirs.score(truth, solution)["rougeL"].fmeasure
    # custom_reward_function.reward_kwargs, bound as verl binds them (functools.partial).
    fn = functools.partial(rewards.compute_score, rouge_type=["rouge1", "rouge2"], measure="precision", use_stemmer=True)
    stem = rs_scorer.RougeScorer(["rouge1", "rouge2"], use_stemmer=True).score("the cats ran", "cat running")
    assert fn(data_source="d", solution_str="cat running", ground_truth="the cats ran", extra_info=None) == (
        stem["rouge1"].precision + stem["rouge2"].precision) / 2
    # A parquet list column arrives as a numpy array of references.
    refs = np.array(["a b c", "x y"], dtype=object)
    assert rewards.compute_score("d", "x y", refs) == rs_scorer.RougeScorer(["rougeL"]).score_multi(list(refs), "x y")["rougeL"].fmeasure


def test_verl_batch_reward_manager_call_shape():
    rng = random.Random(10)
    n = 64
    solutions = [text(rng) for _ in range(n)]
    truths = [text(rng) if i % 5 else [text(rng), text(rng)] for i in range(n)]
    data_sources = np.array(["xsum"] * n, dtype=object)
    extras = np.array([{"index": i} for i in range(n)], dtype=object)
    got = rewards.compute_score_batch(data_sources=data_sources, solution_strs=solutions, ground_truths=truths,
                                      extra_infos=extras, rouge_type="rougeLsum")
    theirs = rs_scorer.RougeScorer(["rougeLsum"])
    want = [
        (theirs.score(t, s) if isinstance(t, str) else theirs.score_multi(t, s))["rougeLsum"].fmeasure
        for s, t in zip(solutions, truths)
    ]
    assert got == want
    with pytest.raises(ValueError):
        rewards.compute_score_batch(data_sources=data_sources[:3], solution_strs=solutions, ground_truths=truths)
