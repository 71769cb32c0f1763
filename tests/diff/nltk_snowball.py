#!/usr/bin/env python3
"""Expected stems for the differential test of the NLTK Snowball ports (tests/nltk_snowball_diff.rs).

Generates words NLTK's stemmers have not been shown in ../shared/multilingual/stems.jsonl (random
syllables over each language's alphabet followed by chains of the stemmer's own suffixes, in
the order its steps strip them, then mutated: upper and title case, combining marks, digits and
punctuation, letters of other scripts, U+0130, U+1E9E, final sigma; plus stopwords, very short
and very long words) and stems each with NLTK 3.10.4's stemmer built as the XL-Sum scorer builds
it, `SnowballStemmer(lang, ignore_stopwords=True)`. Needs NLTK_DATA with corpora/stopwords
(tests/diff/snowball.sh sets it up from src/stem/data/nltk_stopwords).

Writes JSON Lines to --out, one per distinct word of a language:
  {"stemmer", "word", "stem", "lower"}    (lower = Python's word.lower(), the stemmers' first step)
  {"stemmer", "word", "error", "lower"}   where NLTK raises (the exception's type and message)
The words depend only on --seed and --words (fixed defaults), not on the hash seed.
"""
import argparse
import json
import random
import sys
import unicodedata

import nltk
from nltk.stem.snowball import SnowballStemmer

LANGS = ["danish", "dutch", "finnish", "german", "hungarian", "norwegian", "swedish", "russian"]

# Letters of each language (lower case) and endings its stemmer tests outside its suffix tuples.
ALPHABET = {
    "danish": ("aeiouyæåø", "bcdfghjklmnpqrstvwxz", ["igst", "løst", "hed", "gd", "kt", "s"]),
    "dutch": (
        "aeiouyèäáëéíïöóüú",
        "bcdfghjklmnpqrstvwxz",
        ["heid", "heden", "gem", "kk", "dd", "tt", "ij", "ie", "aa", "ee", "oo", "uu", "yi", "iy", "yy"],
    ),
    "finnish": (
        "aeiouyäö",
        "bcdfghjklmnpqrstvwxz",
        ["kse", "po", "ie", "aa", "ää", "oj", "uj", "jo", "imma", "mma", "tt", "kk", "ss", "ll"],
    ),
    "german": (
        "aeiouyäöü",
        "bcdfghjklmnpqrstvwxzß",
        ["niss", "ig", "er", "en", "lich", "e", "uu", "yu", "uy", "st"],
    ),
    "hungarian": (
        "aeiouöüáéíóõúûőű",
        "bcdfghjklmnpqrstvwxyz",
        ["cs", "dz", "dzs", "gy", "ly", "ny", "ty", "zs", "ccs", "ggy", "lly", "nny", "ssz", "tty", "zzs"],
    ),
    "norwegian": ("aeiouyæåø", "bcdfghjklmnpqrstvwxz", ["k", "dt", "vt", "het"]),
    "swedish": ("aeiouyäåö", "bcdfghjklmnpqrstvwxz", ["löst", "fullt", "dd", "nn", "tt"]),
    "russian": ("аеёиоуыэюя", "бвгджзйклмнпрстфхцчшщъь", ["нн", "ость", "ейш", "ся", "сь"]),
}

FOREIGN = [
    "İ", "ẞ", "ß", "Σ", "ς", "σ", "ΑΣ", "K", "Å", "ﬁ", "ǅ", "Ω", "ж", "Я", "ї", "є", "ґ", "і", "é", "ñ", "ç",
    "ő", "ű", "õ", "û", "ÿ", "ı", "α", "中", "한", "ア", "ه", "ह", "😀", "½", "²", "٣", "x", "w", "q",
    "A", "U", "E", "I", "Y", "^", "`", "'", "-", "_", ".", "0", "7", " ", "\u00a0", "\u200d", "\u0301",
    "\u0308", "\u0327",
]

# Russian: letters NLTK's transliteration leaves alone or reads across letter boundaries.
RUSSIAN_EXTRA = [
    "a", "b", "c", "h", "j", "q", "w", "x", "A", "U", "E", "I", "i^a", "i^u", "e`", "t^s", "^", "`", "'",
    "''", "шч", "ьь", "тс", "сх", "кх", "йу", "йа", "ё", "Ё", "і", "ї", "є", "ґ", "ў", "ђ", "α", "é", "ü",
    "1", "-",
]


def steps(stemmer, lang):
    """The stemmer's suffix tuples, innermost (derivational) step first."""
    cls = type(stemmer.stemmer)
    prefix = "_%s__" % cls.__name__
    if lang == "russian":
        names = [
            "derivational_suffixes",
            "superlative_suffixes",
            ("adjectival_suffixes", "verb_suffixes", "noun_suffixes", "perfective_gerund_suffixes"),
            "reflexive_suffixes",
        ]
        to_cyr = getattr(stemmer.stemmer, prefix + "roman_to_cyrillic")
        out = []
        for n in names:
            group = n if isinstance(n, tuple) else (n,)
            out.append([to_cyr(s) for g in group for s in getattr(cls, prefix + g)])
        return out
    names = sorted(a for a in dir(cls) if a.startswith(prefix + "step") and a.endswith("suffixes"))
    return [list(getattr(cls, n)) for n in reversed(names)]


def syllable(rng, vowels, consonants):
    pattern = rng.choice(["CV", "CVC", "V", "VC", "CCV", "CVV", "CVCC", "VCC"])
    return "".join(rng.choice(vowels if p == "V" else consonants) for p in pattern)


def base_word(rng, vowels, consonants, extra):
    parts = [syllable(rng, vowels, consonants) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.4:
        parts.insert(rng.randint(0, len(parts)), rng.choice(extra))
    return "".join(parts)


def mutate(rng, w, lang):
    r = rng.random()
    if r < 0.12:
        w = w.upper()
    elif r < 0.2:
        w = w.capitalize()
    elif r < 0.26 and w:
        i = rng.randrange(len(w))
        w = w[:i] + w[i].upper() + w[i + 1 :]
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2])):
        pool = RUSSIAN_EXTRA + FOREIGN if lang == "russian" else FOREIGN
        i = rng.randint(0, len(w))
        if rng.random() < 0.5 and w:
            w = w[:i] + rng.choice(pool) + w[i + 1 :]
        else:
            w = w[:i] + rng.choice(pool) + w[i:]
    return w


def words_for(lang, stemmer, n, rng):
    vowels, consonants, extra = ALPHABET[lang]
    suffix_steps = steps(stemmer, lang)
    all_suffixes = [s for step in suffix_steps for s in step]
    stops = sorted(stemmer.stopwords)
    out = []
    seen = set()

    def add(w):
        if w not in seen:
            seen.add(w)
            out.append(w)

    # Fixed edge cases first.
    for w in ["", "a", "ab", "abc", "abcd", "ß", "ẞ", "İ", "ΣΑΣ", "ΟΔΟΣ", "σας", "0000", "---", "é" * 5]:
        add(w)
    for s in rng.sample(stops, min(40, len(stops))):
        add(s)
        add(s.upper())
        add(s + rng.choice(all_suffixes))
    for s in all_suffixes:
        add(s)
        add(rng.choice(consonants) + s)
        add(rng.choice(vowels) + rng.choice(consonants) + s)
    while len(out) < n:
        w = base_word(rng, vowels, consonants, extra)
        for step in suffix_steps:
            if rng.random() < 0.45:
                w += rng.choice(step)
        if rng.random() < 0.03:
            w = w * rng.randint(3, 12)  # long words
        add(mutate(rng, w, lang))
    return out[:n] if len(out) > n else out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--words", type=int, default=4000, help="words per language")
    ap.add_argument("--seed", type=int, default=20261201)
    ap.add_argument("--langs", default=",".join(LANGS))
    args = ap.parse_args()
    total = errors = 0
    with open(args.out, "w", encoding="utf-8") as f:
        for i, lang in enumerate(args.langs.split(",")):
            stemmer = SnowballStemmer(lang, ignore_stopwords=True)
            rng = random.Random(args.seed * 100 + i)
            for w in words_for(lang, stemmer, args.words, rng):
                rec = {"stemmer": lang, "word": w, "lower": w.lower()}
                try:
                    rec["stem"] = stemmer.stem(w)
                except Exception as e:  # noqa: BLE001 - recorded, compared as "raises"
                    rec["error"] = "%s: %s" % (type(e).__name__, e)
                    errors += 1
                f.write(json.dumps(rec, ensure_ascii=False) + "\n")
                total += 1
    print(
        "nltk-snowball gen: %d words (%s), NLTK %s, Python %s (Unicode %s), %d raised"
        % (total, args.langs, nltk.__version__, sys.version.split()[0], unicodedata.unidata_version, errors)
    )


if __name__ == "__main__":
    main()
