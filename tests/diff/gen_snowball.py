#!/usr/bin/env python3
"""Expected stems for the differential test of the XL-Sum stemmers against NLTK itself
(tests/diff_snowball.rs, run by tests/diff/snowball.sh).

Writes JSON Lines to --out, one per generated word:
  {"stemmer", "word", "stem"}            what the stemmer returned
  {"stemmer", "word", "error"}           the exception NLTK raised instead

Stemmers are built as the XL-Sum scorer builds them (multilingual_rouge 0.0.1 stemmers.py
NLTKStemmer): SnowballStemmer(lang, ignore_stopwords=True), porter without stopwords. The Arabic
stemmer is primed with one word whose verb step 1 succeeds (its class-level flag, quirk 7.1 of
../shared/multilingual/README.md), as the conformance data are.

Words are generated from a fixed seed, per language, from what the stemmer itself tests: every
string constant of its class (suffix and prefix tuples, special words, checks; read from NLTK's
source, so every suffix is exercised) glued to random syllables over the language's alphabet,
one or two suffixes deep; plus its stopwords changed (upper case, a suffix added), upper- and
title-case forms, combining marks, letters of other scripts, digits and punctuation inside words,
very short words and runs of one letter. Words that ../shared/multilingual/stems.jsonl already
holds for the stemmer are skipped (--stems).
"""
import argparse
import ast
import inspect
import json
import os
import random
import textwrap

from nltk.stem import porter, snowball

LANGS = ["porter", "arabic", "english", "french", "spanish", "portuguese", "italian", "romanian"]

ALPHABETS = {
    "porter": "abcdefghijklmnopqrstuvwxyz",
    "english": "abcdefghijklmnopqrstuvwxyz",
    "french": "abcdefghijklmnopqrstuvwxyz\xe0\xe2\xe4\xe7\xe9\xe8\xea\xeb\xee\xef\xf4\xf6\xf9\xfb\xfc\xff\u0153\xe6",
    "spanish": "abcdefghijklmnopqrstuvwxyz\xe1\xe9\xed\xf3\xfa\xfc\xf1",
    "portuguese": "abcdefghijklmnopqrstuvwxyz\xe1\xe0\xe2\xe3\xe9\xea\xed\xf3\xf4\xf5\xfa\xfc\xe7~",
    "italian": "abcdefghijklmnopqrstuvwxyz\xe0\xe8\xe9\xec\xed\xee\xf2\xf3\xf9\xfa",
    "romanian": "abcdefghijklmnopqrstuvwxyz\u0103\xe2\xee\u015f\u0163\u0219\u021b",
    "arabic": "".join(chr(c) for c in range(0x621, 0x64B)) + "\u0640\u0649",
}
VOWELS = {
    "porter": "aeiouy",
    "english": "aeiouy",
    "french": "aeiouy\xe2\xe0\xeb\xe9\xea\xe8\xef\xee\xf4\xfb\xf9",
    "spanish": "aeiou\xe1\xe9\xed\xf3\xfa\xfc",
    "portuguese": "aeiou\xe1\xe9\xed\xf3\xfa\xe2\xea\xf4",
    "italian": "aeiou\xe0\xe8\xec\xf2\xf9",
    "romanian": "aeiou\u0103\xe2\xee",
}
# Characters that are not letters of the language: diacritics (Arabic ones are deleted by its
# normalisation), combining marks, other scripts, case-mapping specials, digits, punctuation.
EXTRA = [
    "\u064b", "\u064c", "\u064d", "\u064e", "\u064f", "\u0650", "\u0651", "\u0652", "\u0640",
    "\u060c", "\u061b", "\u061f", "\u0610", "\u0615", "-", "\u0301", "\u0300", "\u0308", "\u0327",
    "\u0303", "\u0307", "0", "7", "'", "\u2019", "\u2018", "\u201b", ".", "_", "\xdf", "\u0130",
    "\u03a3", "\u03c3", "\u0436", "\u0416", "\u4e2d", "\U0001F600", "\ufb01", "\u212a", "\u0663",
]


def class_strings(cls):
    """Every string constant of the class's source (and its bases' up to _StandardStemmer)."""
    out = set()
    for klass in cls.__mro__:
        if klass.__module__ not in (snowball.__name__, porter.__name__) or klass.__name__.startswith("_"):
            continue
        try:
            src = textwrap.dedent(inspect.getsource(klass))
        except (OSError, TypeError):
            continue
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                s = node.value
                if 0 < len(s) <= 10 and not any(c.isspace() for c in s) and "*" not in s:
                    out.add(s)
    return sorted(out)


def syllable(rng, lang):
    alphabet = ALPHABETS[lang]
    vowels = VOWELS.get(lang)
    if vowels is None:  # Arabic: any letters
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3)))
    consonants = "".join(c for c in alphabet if c not in vowels)
    return (rng.choice(consonants) if rng.random() < 0.8 else "") + rng.choice(vowels) + (
        rng.choice(consonants) if rng.random() < 0.4 else ""
    )


def generated(rng, lang, pieces, stopwords, count):
    words = []
    while len(words) < count:
        r = rng.random()
        if r < 0.55:
            w = "".join(syllable(rng, lang) for _ in range(rng.randint(0, 4)))
            for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
                w += rng.choice(pieces)
            if lang == "arabic" and rng.random() < 0.5:
                w = rng.choice(pieces) + w
        elif r < 0.65 and stopwords:
            w = rng.choice(stopwords)
            if rng.random() < 0.5:
                w += rng.choice(pieces)
        elif r < 0.75:
            w = "".join(rng.choice(ALPHABETS[lang]) for _ in range(rng.randint(0, 4)))
        elif r < 0.8:
            w = rng.choice(ALPHABETS[lang]) * rng.randint(1, 12) + rng.choice(pieces)
        else:
            w = "".join(syllable(rng, lang) for _ in range(rng.randint(1, 5))) + rng.choice(pieces)
        t = rng.random()
        if t < 0.12:
            w = w.upper()
        elif t < 0.2:
            w = w.title()
        elif t < 0.3 and w:
            i = rng.randint(0, len(w))
            w = w[:i] + rng.choice(EXTRA) + w[i:]
        words.append(w)
    return words


def build(lang):
    if lang == "porter":
        return snowball.SnowballStemmer("porter", ignore_stopwords=False)
    stemmer = snowball.SnowballStemmer(lang, ignore_stopwords=True)
    if lang == "arabic":
        stemmer.stem("\u064a\u0643\u062a\u0628\u0648\u0646\u0647\u0627")  # يكتبونها
        assert stemmer.stemmer.suffixes_verb_step1_success
    return stemmer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--per-language", type=int, default=4000)
    ap.add_argument("--stems", help="stems.jsonl: words it holds are skipped")
    ap.add_argument("--seed", type=int, default=20261201)
    args = ap.parse_args()
    seen = {}
    if args.stems and os.path.exists(args.stems):
        with open(args.stems, encoding="utf-8") as f:
            for line in f:
                v = json.loads(line)
                seen.setdefault(v["stemmer"], set()).add(v["word"])
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    counts = {}
    with open(args.out, "w", encoding="utf-8") as out:
        for lang in LANGS:
            rng = random.Random("%d-%s" % (args.seed, lang))
            stemmer = build(lang)
            cls = porter.PorterStemmer if lang == "porter" else type(stemmer.stemmer)
            pieces = class_strings(cls)
            stopwords = sorted(stemmer.stopwords)
            words = []
            # Short words, every piece alone, and in upper case.
            words += ["", "a", "ab"] + pieces + [p.upper() for p in pieces]
            words += generated(rng, lang, pieces, stopwords, args.per_language)
            done = set()
            for w in words:
                if w in done or w in seen.get(lang, ()):
                    continue
                done.add(w)
                rec = {"stemmer": lang, "word": w}
                try:
                    rec["stem"] = stemmer.stem(w)
                except Exception as e:  # NLTK's own failure: recorded, compared apart
                    rec["error"] = "%s: %s" % (type(e).__name__, e)
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")
                counts[lang] = counts.get(lang, 0) + 1
    print("gen_snowball: " + ", ".join("%s %d" % (k, v) for k, v in counts.items()))


if __name__ == "__main__":
    main()
