"""Inputs as rouge-score takes them: lone surrogates (scored as rouge-score 0.1.2 scores them,
compared with rouge-score itself), texts too large for memory (MemoryError naming the sizes),
and custom tokenizers that misbehave (raise, return non-strings, return huge lists) inside
`score` and `score_batch`: the caller gets what rouge-score gives, or its exception."""

import random

import pytest
from rouge_score import rouge_scorer as rs_scorer
from rouge_score import tokenize as rs_tokenize
from rouge_score import tokenizers as rs_tokenizers

from librouge import rouge_scorer, tokenize, tokenizers
from test_librouge import TYPES, WORDS, WhitespaceTokenizer, same

SURROGATES = ["\ud800", "\udfff", "\udc80", "\ud83d", "\ude00", "\ud83d\ude00"]


def surrogate_text(rng):
    """Words, odd characters and lone surrogates (alone, inside words, in pairs that are two
    code points rather than one character), over lines."""
    parts = []
    for _ in range(rng.randint(0, 25)):
        r = rng.random()
        if r < 0.2:
            parts.append(rng.choice(SURROGATES))
        elif r < 0.3:
            parts.append(rng.choice(WORDS) + rng.choice(SURROGATES) + rng.choice(WORDS))
        elif r < 0.35:
            parts.append("\n")
        else:
            parts.append(rng.choice(WORDS + ["Caf\u00e9", "\u212aelvin", "na\u00efve", "x\x00y"]))
    return rng.choice([" ", "", "  "]).join(parts)


def surrogate_pairs(count, seed):
    rng = random.Random(seed)
    return [(surrogate_text(rng), surrogate_text(rng)) for _ in range(count)]


def test_the_issues_example():
    ours = rouge_scorer.RougeScorer(["rouge1"])
    theirs = rs_scorer.RougeScorer(["rouge1"])
    same(ours.score("a \ud800 b c", "a b c"), theirs.score("a \ud800 b c", "a b c"))
    assert ours.score("a \ud800 b c", "a b c")["rouge1"].fmeasure == 1.0


@pytest.mark.parametrize("stem", [False, True])
def test_lone_surrogates_score_as_in_rouge_score(stem):
    ours = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem)
    theirs = rs_scorer.RougeScorer(TYPES, use_stemmer=stem)
    cases = surrogate_pairs(300, 11 + stem)
    assert sum("\ud800" <= c <= "\udfff" for t, p in cases for c in t + p) > 300
    for t, p in cases:
        same(ours.score(t, p), theirs.score(t, p))
        same(ours.score_multi([t, p[::-1]], p), theirs.score_multi([t, p[::-1]], p))
    targets, predictions = [t for t, _ in cases], [p for _, p in cases]
    for threads in (1, 3):
        for g, (t, p) in zip(ours.score_batch(targets, predictions, threads=threads), cases):
            same(g, theirs.score(t, p))
    cols = ours.score_columns(targets, predictions)
    for i, (t, p) in enumerate(cases[:50]):
        assert cols["rougeL"].fmeasure[i] == theirs.score(t, p)["rougeL"].fmeasure


@pytest.mark.parametrize("stem", [False, True])
def test_lone_surrogates_tokenize_as_in_rouge_score(stem):
    ours = tokenizers.DefaultTokenizer(use_stemmer=stem)
    theirs = rs_tokenizers.DefaultTokenizer(use_stemmer=stem)
    for t, _ in surrogate_pairs(200, 21 + stem):
        assert ours.tokenize(t) == theirs.tokenize(t)
        assert tokenize.tokenize(t, None) == rs_tokenize.tokenize(t, None)


def test_token_spans_count_a_surrogate_as_its_three_surrogatepass_bytes():
    t = "ab\ud800cd \udfffEf"
    raw = t.encode("utf-8", "surrogatepass")
    spans = tokenize.token_spans(t)
    assert [s[2] for s in spans] == rs_tokenize.tokenize(t, None) == ["ab", "cd", "ef"]
    assert [raw[a:b] for a, b, _ in spans] == [b"ab", b"cd", b"Ef"]


@pytest.mark.parametrize("tokenizer,flavour", [("perl", "perl"), ("unicode", "rouge-score")])
def test_other_tokenisers_see_a_surrogate_as_a_separator_symbol(tokenizer, flavour):
    # rouge-score has no Perl or Unicode tokeniser: there a lone surrogate must score as any
    # other 3-byte symbol that is a separator (the euro sign), as rouge-score's treats it.
    types = ["ROUGE-1", "ROUGE-2", "ROUGE-L"] if flavour == "perl" else ["rouge1", "rouge2", "rougeL"]
    s = rouge_scorer.RougeScorer(types, flavour=flavour, tokenizer=tokenizer)
    euro = {ord(c): "\u20ac" for c in "".join(SURROGATES)}
    for t, p in surrogate_pairs(150, 31):
        same(s.score(t, p), s.score(t.translate(euro), p.translate(euro)))
    kind = "perl" if tokenizer == "perl" else "rouge-score"
    assert [x[2] for x in tokenize.token_spans("a\ud800b c", tokenizer=kind)] == ["a", "b", "c"]


def test_custom_tokenizer_tokens_with_surrogates_score_as_in_rouge_score():
    class CharTokenizer(object):
        def tokenize(self, text):
            return list(text.replace(" ", ""))

    for tok in (WhitespaceTokenizer(), CharTokenizer()):
        ours = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"], tokenizer=tok)
        theirs = rs_scorer.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"], tokenizer=tok)
        cases = surrogate_pairs(80, 41)
        for t, p in cases:
            same(ours.score(t, p), theirs.score(t, p))
        for g, (t, p) in zip(ours.score_batch([t for t, _ in cases], [p for _, p in cases]), cases):
            same(g, theirs.score(t, p))


def test_bytes_that_are_not_utf8_raise_as_in_rouge_score():
    ours = rouge_scorer.RougeScorer(["rouge1"])
    theirs = rs_scorer.RougeScorer(["rouge1"])
    for bad in (b"\xed\xa0\x80", b"a \xff b"):
        with pytest.raises(UnicodeDecodeError):
            theirs.score(bad, "a")
        with pytest.raises(UnicodeDecodeError):
            ours.score(bad, "a")
        with pytest.raises(UnicodeDecodeError):
            ours.score_batch([bad], ["a"])


# ------------------------------------------------------------------ too large for memory

# 1,000,000 distinct words on one line (7.9 MB): rougeLsum's scratch needs a bit per cell of the
# largest sentence pair: terabytes for such texts (125 GB for their tokens), beyond any malloc
# on this 24 GiB machine (the size named is the library's).
HUGE_WORDS = 1_000_000


def huge_text():
    return " ".join("w%d" % i for i in range(HUGE_WORDS))


def test_a_text_too_large_for_memory_names_the_sizes():
    t = huge_text()
    nbytes = len(t)
    s = rouge_scorer.RougeScorer(["rougeLsum"])
    for call in (lambda: s.score(t, t), lambda: s.score_multi([t, "a"], t),
                 lambda: s.score_batch([t, "a"], [t, "b"], threads=2),
                 lambda: s.score_columns(["a", t], ["b", t], threads=1)):
        with pytest.raises(MemoryError) as e:
            call()
        msg = str(e.value)
        assert msg.startswith("librouge: ") and "%d bytes" % nbytes in msg and "words of 8 bytes" in msg, msg
        assert "TiB" in msg or "GiB" in msg or "PiB" in msg, msg
    # The scorer still works after.
    same(s.score("a b\nc", "a c"), rs_scorer.RougeScorer(["rougeLsum"]).score("a b\nc", "a c"))


def test_custom_tokens_too_many_for_memory_name_the_sizes():
    s = rouge_scorer.RougeScorer(["rougeLsum"], tokenizer=WhitespaceTokenizer())
    t = huge_text()
    with pytest.raises(MemoryError, match="librouge: .*%d tokens" % HUGE_WORDS):
        s.score(t, t)


# ------------------------------------------------------------------ custom tokenizers misbehaving


class Raises(object):
    def tokenize(self, text):
        if "x" in text:
            raise RuntimeError("tokenizer failed on %r" % text)
        return text.split()


class Ints(object):
    def tokenize(self, text):
        return [len(w) for w in text.split()]


class NotAList(object):
    def tokenize(self, text):
        return None


class Unhashable(object):
    def tokenize(self, text):
        return [[w] for w in text.split()]


class Huge(object):
    def tokenize(self, text):
        return ["w%d" % (i % 1000) for i in range(100_000)] if text.startswith("huge") else text.split()


def result_or_error(f):
    try:
        return ("ok", {k: tuple(v) for k, v in f().items()})
    except Exception as e:  # noqa: BLE001 - the exception is what is compared
        return (type(e), str(e))


@pytest.mark.parametrize("tok", [Raises, Ints, NotAList, Unhashable])
def test_misbehaving_tokenizers_give_what_rouge_score_gives(tok):
    types = ["rouge1", "rouge2", "rougeL"]
    ours = rouge_scorer.RougeScorer(types, tokenizer=tok())
    theirs = rs_scorer.RougeScorer(types, tokenizer=tok())
    cases = [("a b c", "a c"), ("x y", "y"), ("b", "x")]
    for t, p in cases:
        mine, want = result_or_error(lambda: ours.score(t, p)), result_or_error(lambda: theirs.score(t, p))
        assert mine[0] == want[0], (tok, t, p, mine, want)
        if mine[0] == "ok" or mine[0] is RuntimeError:
            assert mine == want
    # Inside score_batch: the first failing pair's exception reaches the caller.
    for t, p in cases:
        want = result_or_error(lambda: theirs.score(t, p))
        if want[0] != "ok":
            with pytest.raises(want[0]):
                ours.score_batch([c[0] for c in cases], [c[1] for c in cases])
            break
    else:
        got = ours.score_batch([c[0] for c in cases], [c[1] for c in cases])
        assert [{k: tuple(v) for k, v in g.items()} for g in got] == [result_or_error(lambda: theirs.score(t, p))[1] for t, p in cases]


def test_a_tokenizer_returning_huge_lists():
    ours = rouge_scorer.RougeScorer(["rouge1", "rouge2"], tokenizer=Huge())
    theirs = rs_scorer.RougeScorer(["rouge1", "rouge2"], tokenizer=Huge())
    for t, p in [("huge a", "huge b"), ("huge", "a b"), ("a b", "huge")]:
        same(ours.score(t, p), theirs.score(t, p))
    got = ours.score_batch(["huge a", "a b"], ["huge b", "huge"])
    same(got[0], theirs.score("huge a", "huge b"))
    same(got[1], theirs.score("a b", "huge"))
