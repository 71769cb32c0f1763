#!/usr/bin/env python3
"""Expected values for the differential test against rouge-score 0.1.2 (tests/diff_rouge_score.rs).

Writes JSON Lines to --out:
  {"kind": "pair", "id", "stem", "candidate", "references", "expected": {type: {precision, recall,
   fmeasure}}, optionally "tokens": {"texts": [[token, ...] per text], "sentences": [[[token, ...]
   per non-empty line] per text]}}
    one per generated pair and stemmer setting, scored with RougeScorer(rouge1..rouge9, rougeL,
    rougeLsum): score(reference, candidate) for one reference, score_multi for several.
  {"kind": "stem", "word", "stem"}
    NLTK's PorterStemmer().stem(word) for every distinct token of the shared conformance texts and
    for generated words (the word-level test of the Porter port).

Texts are generated from a fixed seed: mixed case, punctuation, digits, non-ASCII letters (KELVIN
SIGN, U+0130, accented Latin, Greek, Cyrillic, Devanagari, CJK, kana, Hangul, emoji), several
lines, blank lines, CRLF, empty texts and long words.
"""
import argparse
import glob
import json
import os
import random

from nltk.stem import porter
from rouge_score import rouge_scorer, tokenize

TYPES = ["rouge%d" % n for n in range(1, 10)] + ["rougeL", "rougeLsum"]

WORDS = """the a of and to in is was for on that with as by at from it be this an are were has
had have not but which or its their his her they we he she who will would can could said says
news report government people year years time new first last state states country countries
police officials president minister company market percent million billion city world week day
running runs ran runner flies flying flied skies sky dying lying tying happiness happily
generalization generalizations conditional relational rational hopefulness goodness electrical
electricity adjustment adjustable adoption controlling controlled rolling agreed agreement feed
feeding plastered motoring sing singing conflated hopping hoped hoping falling filing filed
troubled sized tanned fizzed failing innings outings cannings proceed proceeding exceed succeeded
analogousli archaeology radically formalize formality sensitivity sensibility triplicate
operator feudalism decisiveness callousness vietnamization predication digitizer conformably
differently vilely allowance inference airliner gyroscopic defensible irritant replacement
dependent homologous communism activate angularity effective bowdlerize probate rate cease
controll roll ponies ties caresses cats caress bled enjoy enjoyment spy spied try tried cries
crying studies studying abilities ability universities organization organizations international
nationally summarization summarize summarized summarizing evaluation evaluating evaluated
""".split()

NON_ASCII = [
    "\u212aelvin", "\u212a", "\u0130stanbul", "\u0130", "caf\u00e9", "na\u00efve", "M\u00fcller",
    "Stra\u00dfe", "\u00c9COLE", "\u00e9t\u00e9", "se\u00f1or", "\u00c5ngstr\u00f6m", "co\u00f6perate",
    "\u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac", "\u039f\u0394\u039f\u03a3",
    "\u03c3\u03bf\u03c6\u03af\u03b1", "\u039c\u03ac\u03b8\u03b7\u03bc\u03b1",
    "\u043c\u043e\u0441\u043a\u0432\u0430", "\u041f\u0420\u0418\u0412\u0415\u0422",
    "\u0939\u093f\u0928\u094d\u0926\u0940", "\u092d\u093e\u0937\u093e",
    "\u4e2d\u6587\u5206\u8bcd", "\u6771\u4eac", "\u4eca\u5929\u5929\u6c14\u5f88\u597d",
    "\u30ab\u30bf\u30ab\u30ca", "\u3072\u3089\u304c\u306a", "\ud55c\uad6d\uc5b4",
    "\U0001F600", "\u00bd", "\u00b2", "\u2460", "\u0663\u0664", "x\u0301y", "\u01c5ungla",
    "\u023a\u023e", "\ufb01ne", "\u00df", "\u1e9e", "I\u0307", "\u03a3\u03b1\u03c3",
]

PUNCT = [",", ".", ";", ":", "!", "?", "\"", "'", "(", ")", "-", "--", "/", "&", "%", "$", "#",
         "...", "'s", "n't", "\u2014", "\u201c", "\u201d", "\u00ab", "\u00bb", "_", "@", "+"]


def word(rng):
    r = rng.random()
    if r < 0.55:
        w = rng.choice(WORDS)
    elif r < 0.70:
        w = rng.choice(NON_ASCII)
    elif r < 0.78:
        w = str(rng.choice([0, 1, 7, 42, 1990, 2004, 10000, 3.14, 99]))
        if rng.random() < 0.3:
            w += rng.choice(["s", "th", "nd", "%", "km"])
    elif r < 0.82:
        # long words, sometimes with a stemmable ending
        w = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(15, 70)))
        w += rng.choice(["", "ing", "ational", "ies", "ed", "ness"])
    elif r < 0.92:
        w = rng.choice(PUNCT)
    else:
        w = rng.choice(WORDS) + rng.choice(PUNCT) + rng.choice(WORDS)
    c = rng.random()
    if c < 0.15:
        w = w.upper()
    elif c < 0.35:
        w = w[:1].upper() + w[1:]
    return w


def sentence(rng):
    n = rng.randint(0, 18)
    seps = [" "] * 12 + ["  ", "\t", " - ", "\u00a0", ""]
    out = ""
    for i in range(n):
        out += word(rng) + (rng.choice(seps) if i + 1 < n else "")
    return out


def text(rng):
    if rng.random() < 0.04:
        return ""
    lines = [sentence(rng) for _ in range(rng.randint(1, 5))]
    joiner = rng.choice(["\n"] * 6 + ["\n\n", "\r\n", " \n "])
    t = joiner.join(lines)
    if rng.random() < 0.2:
        t += "\n"
    return t


def mutate(rng, t):
    """A reference sharing some words with the candidate."""
    toks = t.split(" ")
    out = []
    for tok in toks:
        r = rng.random()
        if r < 0.15:
            continue
        if r < 0.3:
            out.append(word(rng))
        out.append(tok)
        if r > 0.95:
            out.append("\n")
    return " ".join(out)


def score_dict(s):
    return {k: {"precision": v.precision, "recall": v.recall, "fmeasure": v.fmeasure}
            for k, v in s.items()}


def shared_tokens(shared):
    words = set()
    for path in sorted(glob.glob(os.path.join(shared, "*.jsonl"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                case = json.loads(line)
                texts = []
                for src in (case, case.get("tool_input") or {}):
                    if isinstance(src.get("candidate"), str):
                        texts.append(src["candidate"])
                    texts.extend(r for r in src.get("references", []) if isinstance(r, str))
                for t in texts:
                    words.update(tokenize.tokenize(t, None))
    return words


def generated_words(rng, n):
    parts = ["", "y", "s", "e", "ed", "ing", "ies", "ied", "eed", "sses", "ational", "tional",
             "enci", "anci", "izer", "bli", "alli", "entli", "eli", "ousli", "ization", "ation",
             "ator", "alism", "iveness", "fulness", "ousness", "aliti", "iviti", "biliti", "fulli",
             "logi", "icate", "ative", "alize", "iciti", "ical", "ful", "ness", "al", "ance",
             "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "sion", "tion",
             "ou", "ism", "ate", "iti", "ous", "ive", "ize", "ll", "at", "bl", "iz"]
    letters = "aeiouybcdfghlmnprstvwxz0123456789"
    out = set()
    while len(out) < n:
        stem = "".join(rng.choice(letters) for _ in range(rng.randint(0, 9)))
        w = stem + rng.choice(parts) + (rng.choice(parts) if rng.random() < 0.3 else "")
        if w:
            out.add(w)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--shared", default=None, help="../shared/conformance (for the word list)")
    ap.add_argument("--pairs", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--words", type=int, default=60000)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    scorers = {stem: rouge_scorer.RougeScorer(TYPES, use_stemmer=stem) for stem in (False, True)}
    tokenizers = {stem: scorers[stem]._tokenizer for stem in (False, True)}
    n_pairs = n_words = 0
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as out:
        for i in range(args.pairs):
            cand = text(rng)
            k = 1 if rng.random() < 0.85 else rng.randint(2, 4)
            refs = [mutate(rng, cand) if rng.random() < 0.7 else text(rng) for _ in range(k)]
            for stem in (False, True):
                sc = scorers[stem]
                exp = sc.score(refs[0], cand) if k == 1 else sc.score_multi(refs, cand)
                rec = {"kind": "pair", "id": "gen-%d|stem=%s" % (i, stem), "stem": stem,
                       "candidate": cand, "references": refs, "expected": score_dict(exp)}
                if i % 5 == 0:
                    tk = tokenizers[stem]
                    all_texts = [cand] + refs
                    rec["tokens"] = {
                        "texts": [tk.tokenize(t) for t in all_texts],
                        "sentences": [[tk.tokenize(s) for s in t.split("\n") if len(s)]
                                      for t in all_texts],
                    }
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")
                n_pairs += 1
        words = generated_words(rng, args.words)
        if args.shared:
            words |= shared_tokens(args.shared)
        stemmer = porter.PorterStemmer()
        for w in sorted(words):
            out.write(json.dumps({"kind": "stem", "word": w, "stem": stemmer.stem(w)}) + "\n")
            n_words += 1
    print("gen.py: %d pair cases, %d stem words -> %s" % (n_pairs, n_words, args.out))


if __name__ == "__main__":
    main()
