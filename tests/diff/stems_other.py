#!/usr/bin/env python3
"""Expected stems for the differential test of the Bengali, Turkish and Hindi stemmers
(tests/diff_stems_other.rs; run everything with tests/diff/stems_other.sh).

Generates words the XL-Sum scorer's stems.jsonl does not hold, from a fixed seed, and stems each
with the scorer's own stemmer objects (multilingual_rouge.stemmers.BengaliStemmer, TurkishStemmer,
HindiStemmer of multilingual-rouge 0.0.1; TurkishStemmer 1.3 underneath). Writes JSON Lines
{"stemmer", "word", "stem"} to --out, or with --words-only just {"stemmer", "word"} (no reference
package needed). Turkish records also carry "queue": the most transitions any of
TurkishStemmer's deques held at once while it stemmed the word (its module's `deque`, replaced by
a subclass that only measures), which the port's queue must reproduce and stay far below its
capacity.

Words per language: random syllables of the language's alphabet followed by up to five of the
stemmer's real suffixes (its rules, its state machines' suffixes, its suffix table), the
stemmer's listed words (Turkish protected and exception words) with suffixes, words around the
stemmers' length limits, upper case, combining marks, decomposed nukta letters, digits, Latin,
punctuation (a literal `.` is a rules character in Bengali), white space and empty words.
"""
import argparse
import json
import os
import random
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DATA = os.path.join(ROOT, "src", "stem", "data")

NOISE = ["1", "٣", "৩", "३", ".", "-", "'", "’", " ", "\u200c", "\u200d", "\u0301", "a", "Z", "é", "ß",
         "\u00a0", "!", "?", "\n", "#", "->", "{", "}"]


def pick(rng, items, k):
    return "".join(rng.choice(items) for _ in range(k))


# -- Bengali ------------------------------------------------------------------------------------

BN_CONSONANTS = [chr(c) for c in range(0x0995, 0x09BA) if c not in (0x09A9, 0x09B1, 0x09B3, 0x09B4, 0x09B5)]
BN_VOWELS = [chr(c) for c in (0x0985, 0x0986, 0x0987, 0x0988, 0x0989, 0x098A, 0x098B, 0x098F, 0x0990, 0x0993, 0x0994)]
BN_SIGNS = ["া", "ি", "ী", "ু", "ূ", "ৃ", "ে", "ৈ", "ো", "ৌ"]
BN_MARKS = ["্", "ঁ", "ং", "ঃ", "়", "ৎ", "ড়", "ঢ়", "য়", "য়", "ড়"]  # precomposed and decomposed nukta letters


def bengali_suffixes():
    """The rules' suffixes and replacements, read loosely from common.rules."""
    out = set()
    with open(os.path.join(DATA, "bengali_stemmer", "common.rules"), encoding="utf-8") as f:
        for line in f:
            line = re.sub(r"\s", "", line.split("#")[0])
            for part in line.split("->"):
                if part and part not in "{}":
                    out.add(part)
    return sorted(out)


def bengali_words(rng, n):
    sufs = bengali_suffixes()
    words = []
    for i in range(n):
        r = rng.random()
        stem = "".join(rng.choice(BN_CONSONANTS) + (rng.choice(BN_SIGNS + [""]) if rng.random() < 0.7 else "")
                       for _ in range(rng.randint(0, 4)))
        if rng.random() < 0.2:
            stem = rng.choice(BN_VOWELS) + stem
        if rng.random() < 0.15:
            stem += rng.choice(BN_MARKS)
        w = stem + "".join(rng.choice(sufs) for _ in range(rng.randint(0, 4)))
        if r < 0.05:
            w = pick(rng, BN_SIGNS, rng.randint(0, 4)) + rng.choice(sufs)  # only vowel signs before a suffix
        elif r < 0.10:
            w = rng.choice(sufs).replace(".", rng.choice(BN_CONSONANTS))  # a `.` rule's shape
        elif r < 0.15:
            w = stem + rng.choice(BN_SIGNS) + "." + rng.choice(BN_SIGNS) + rng.choice(["", "ছিলেন"])
        elif r < 0.22:
            pos = rng.randint(0, len(w))
            w = w[:pos] + rng.choice(NOISE) + w[pos:]
        elif r < 0.24:
            w = w * rng.randint(2, 6)
        words.append(w)
    return words + ["", ".", "া", "ে", "কে", "ই", "রছ", "রব", "ে.ে", "কে.ে", "ক.েছিলেন", "েয়েছিলেন"]


# -- Turkish ------------------------------------------------------------------------------------

TR_CONSONANTS = list("bcçdfgğhjklmnprsştvyz")
TR_VOWELS = list("aeıioöuü")
# The alternatives of TurkishStemmer 1.3's suffixes (suffixes/*.py) and its optional letters.
TR_SUFFIXES = """casına çasına cesine çesine sınız siniz sunuz sünüz muş miş müş mış ken sın sin sun sün
lar ler nız niz nuz nüz tır tir tur tür dır dir dur dür ız iz uz üz ım im um üm dı di du dü tı ti tu tü
sa se m n k ndan ntan nden nten ları leri mız miz muz müz nta nte nda nde dan tan den ten la le ın in
un ün ca ce nı ni nu nü na ne da de ta te ki ı i u ü a e lı li lu lü y s n""".split()
TR_FOREIGN = ["İ", "I", "Ş", "Ç", "Ğ", "Ö", "Ü", "â", "î", "û", "q", "w", "x", "i\u0307", "A", "K"]


def turkish_lists():
    out = []
    for name in ("protected_words", "vowel_harmony_exceptions", "last_consonant_exceptions",
                 "average_stem_size_exceptions"):
        with open(os.path.join(DATA, "turkish_stemmer", name + ".txt"), encoding="utf-8") as f:
            out += [l.strip() for l in f if l.strip()]
    return out


def turkish_words(rng, n):
    listed = turkish_lists()
    words = []
    for i in range(n):
        r = rng.random()
        syl = "".join(rng.choice(["", rng.choice(TR_CONSONANTS)]) + rng.choice(TR_VOWELS)
                      + rng.choice(["", "", rng.choice(TR_CONSONANTS)]) for _ in range(rng.randint(1, 3)))
        if r < 0.25:
            syl = rng.choice(listed)
        w = syl + "".join(rng.choice(TR_SUFFIXES) for _ in range(rng.randint(0, 5)))
        if r < 0.35 and rng.random() < 0.3:
            w = rng.choice(listed)
        elif 0.4 < r < 0.47:
            pos = rng.randint(0, len(w))
            w = w[:pos] + rng.choice(TR_FOREIGN) + w[pos:]
        elif 0.47 < r < 0.5:
            w = w.upper() if rng.random() < 0.5 else w.title()
        elif 0.5 < r < 0.53:
            pos = rng.randint(0, len(w))
            w = w[:pos] + rng.choice(NOISE) + w[pos:]
        elif 0.53 < r < 0.56:
            w = syl + "".join(rng.choice(["ndeki", "lerin", "leri", "ki", "nin", "nde"]) for _ in range(rng.randint(3, 9)))
        words.append(w)
    return words + ["", "a", "ev", "evler", "kitaplarımızdan", "arasındaki", "evkindekilerin", "üıyılarını",
                    "kitapçık", "ad", "adlar", "kedler", "at",
                    # the largest deques a search over suffix sequences found (5 transitions)
                    "evkindekilerin", "evkindekileri", "evndekindekindekindekileri"]


# -- Hindi --------------------------------------------------------------------------------------

HI_CONSONANTS = [chr(c) for c in range(0x0915, 0x093A)]
HI_VOWELS = [chr(c) for c in range(0x0905, 0x0915)]
HI_SIGNS = ["ा", "ि", "ी", "ु", "ू", "ृ", "े", "ै", "ो", "ौ", "ं", "ँ", "्", "़", "ः"]


def hindi_suffixes():
    with open(os.path.join(DATA, "hindi_stemmer", "suffixes.json"), encoding="utf-8") as f:
        table = json.load(f)["suffixes"]
    return [s for k in sorted(table) for s in table[k]]


def hindi_words(rng, n):
    sufs = hindi_suffixes()
    words = []
    for i in range(n):
        r = rng.random()
        stem = "".join(rng.choice(HI_CONSONANTS) + (rng.choice(HI_SIGNS + [""]) if rng.random() < 0.6 else "")
                       for _ in range(rng.randint(0, 4)))
        if rng.random() < 0.2:
            stem = rng.choice(HI_VOWELS) + stem
        w = stem + "".join(rng.choice(sufs) for _ in range(rng.randint(0, 2)))
        if r < 0.15:
            s = rng.choice(sufs)
            w = pick(rng, HI_CONSONANTS, rng.randint(0, 2)) + s  # at the `len > L + 1` limit
        elif r < 0.22:
            pos = rng.randint(0, len(w))
            w = w[:pos] + rng.choice(NOISE) + w[pos:]
        words.append(w)
    return words + ["", "ा", "का", "काा", "लड़कियों", "लड़कियाँ", "पढ़ाएंगे", "जाऊंगा"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--per-language", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=20261128)
    ap.add_argument("--words-only", action="store_true")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    langs = [("bengali", bengali_words), ("turkish", turkish_words), ("hindi", hindi_words)]
    words = [(name, gen(rng, args.per_language)) for name, gen in langs]
    stemmers = {}
    if not args.words_only:
        import collections

        import TurkishStemmer as turkish_module
        from multilingual_rouge.stemmers import BengaliStemmer, HindiStemmer, TurkishStemmer

        class MeasuredDeque(collections.deque):
            def append(self, x):
                super().append(x)
                high_water[0] = max(high_water[0], len(self))

        turkish_module.deque = MeasuredDeque
        stemmers = {"bengali": BengaliStemmer(), "turkish": TurkishStemmer(), "hindi": HindiStemmer()}
    high_water = [0]
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        for name, ws in words:
            seen = set()
            for w in ws:
                if w in seen:
                    continue
                seen.add(w)
                rec = {"stemmer": name, "word": w}
                if stemmers:
                    high_water[0] = 0
                    rec["stem"] = stemmers[name](w)
                    if name == "turkish":
                        rec["queue"] = high_water[0]
                f.write(json.dumps(rec, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
