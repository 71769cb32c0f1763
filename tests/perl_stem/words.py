#!/usr/bin/env python3
"""Writes the word list of the Perl differential test, one hex-encoded token per line.

    words.py ROUGE_DATA_DIR CONFORMANCE_DIR... > words.hex

The words (deduplicated, deterministic order):
  * every token of the conformance texts as ROUGE-1.5.5 cuts them (ASCII A-Z lowercased, tokens
    are the runs of [a-z0-9]), every string of every case, whatever its field;
  * every field of every line of the WordNet exception files, and every stop word;
  * generated words: stems of many shapes (measure 0 to 3, y in every position, doubled
    consonants, cvc endings with w, x, y, digits) times every suffix of every Porter rule and
    pairs of them; every string of up to 4 bytes over an alphabet that exercises the classes;
  * long tokens around the lengths where the Rust code changes representation (48 bytes) and
    output is cut (64 bytes), with heads that decide the measure;
  * random words, random bytes (any byte but "\\n", which ROUGE never leaves in a token, and for
    which Perl's `$` has a special case) and tokens longer than 64 bytes.
"""
import json
import os
import random
import re
import sys
from itertools import product

STEP1 = ["s", "es", "ies", "sses", "ss", "ed", "eed", "ing", "y", "e", "ll", "l", "ated",
         "bled", "ized", "ating", "ling", "sing", "zing", "ying", "ied", "eeds", "ings"]
STEP2 = ["ational", "tional", "enci", "anci", "izer", "bli", "alli", "entli", "eli", "ousli",
         "ization", "ation", "ator", "alism", "iveness", "fulness", "ousness", "aliti", "iviti",
         "biliti", "logi", "abli", "li"]
STEP3 = ["icate", "ative", "alize", "iciti", "ical", "ful", "ness"]
STEP4 = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ou",
         "ism", "ate", "iti", "ous", "ive", "ize", "ion", "sion", "tion", "xion"]
STEP5 = ["e", "le", "lle", "ll", "ee", "ye"]
SUFFIXES = [""] + STEP1 + STEP2 + STEP3 + STEP4 + STEP5
SECOND = ["s", "es", "ed", "ing", "ly", "y", "ness", "al", "ation", "ement", "ent", "ion", "e",
          "ies", "ity", "ize", "ful", "ic", "er", "ment"]
STEMS = ["", "b", "tr", "a", "y", "ab", "ya", "yy", "by", "bay", "boy", "sky", "toy", "hop", "fil",
         "tree", "agr", "f", "fe", "conflat", "relat", "gener", "adjust", "judg", "judge",
         "replac", "commun", "feas", "sens", "differ", "argu", "contr", "xyz", "1990", "mp3",
         "y2k", "4th", "cry", "crys", "syzyg", "rhythm", "yea", "yay", "oyy", "ayay", "bow",
         "box", "boy", "saw", "mix", "pay", "fizz", "hiss", "fall", "add", "err", "bass", "buzz",
         "puzzl", "happ", "rat", "ration", "nation", "station", "cement", "ferment", "element",
         "moment", "dent", "rent", "eye", "ee", "oo", "ii", "uu", "aeiou", "bcdfg", "qwrt",
         "str", "strength", "scr", "spl", "abc", "abcd", "abcde", "ion", "ation", "eed", "ing",
         "ed", "es", "s", "sses", "ies", "e", "ll", "ye", "yes", "yo", "you", "yous", "yew"]
ALPHABET = "aeyYsdlzwx1"


def conformance_tokens(dirs):
    words = set()

    def walk(value):
        if isinstance(value, str):
            text = re.sub(r"[A-Z]", lambda m: m.group().lower(), value)
            words.update(re.findall(r"[a-z0-9]+", text))
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v)

    for d in dirs:
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            if name.endswith(".jsonl"):
                with open(os.path.join(d, name), encoding="utf-8") as f:
                    for line in f:
                        if line.strip():
                            walk(json.loads(line))
    return words


def main(argv):
    if len(argv) < 1:
        sys.exit(__doc__)
    data_dir, conformance_dirs = argv[0], argv[1:]
    rng = random.Random(20240214)
    out, seen = [], set()

    def add(word):
        b = word.encode("latin-1") if isinstance(word, str) else bytes(word)
        if b"\n" not in b and b not in seen:
            seen.add(b)
            out.append(b)

    corpus = conformance_tokens(conformance_dirs)
    for w in sorted(corpus):
        add(w)
    print(f"conformance tokens: {len(corpus)}", file=sys.stderr)

    exc_dir = os.path.join(data_dir, "WordNet-2.0-Exceptions")
    for name in sorted(os.listdir(exc_dir)):
        if name.endswith(".exc"):
            with open(os.path.join(exc_dir, name), encoding="ascii") as f:
                for line in f:
                    for field in line.split():
                        add(field)
                        add(field.upper())
                        add(field + "s")
    with open(os.path.join(data_dir, "smart_common_words.txt"), encoding="ascii") as f:
        for line in f:
            w = line.rstrip("\n")
            add(w)
            add(w.capitalize())
            add(w + "s")

    for stem, suffix in product(STEMS, SUFFIXES):
        add(stem + suffix)
        for second in SECOND:
            add(stem + suffix + second)
    for n in range(0, 5):
        for letters in product(ALPHABET, repeat=n):
            add("".join(letters))

    letters = "abcdefghijklmnopqrstuvwxyz"
    weights = [8 if c in "aeiouy" else 3 if c in "lmnrst" else 1 for c in letters]
    for _ in range(20000):
        n = rng.randint(1, 16)
        word = "".join(rng.choices(letters + "0123456789", weights + [1] * 10, k=n))
        add(word + rng.choice(SUFFIXES))
    for _ in range(3000):
        n = rng.randint(0, 24)
        add(bytes(rng.choice([b for b in range(256) if b != 10]) for _ in range(n)))
    for _ in range(300):
        n = rng.randint(60, 400)
        word = "".join(rng.choices(letters, weights, k=n))
        add(word + rng.choice(SUFFIXES))
    # Long heads that decide the measure of what follows, around the 48-byte end the Rust code
    # copies and the 64-byte output limit.
    for n in list(range(40, 70)) + [100, 200]:
        for head in ["b" * n, "y" + "b" * (n - 1), "ya" + "b" * (n - 2), "a" * n,
                     "b" * (n - 2) + "ab", "y" * n, "1" * n, ("by" * n)[:n]]:
            for suffix in ["ational", "ement", "ing", "ies", "e", "ll", "y", "ed", "ate", "s"]:
                add(head + suffix)
    add("y" * 100)
    add("a" * 70 + "izationals")

    sys.stdout.write("".join(b.hex() + "\n" for b in out))
    print(f"words: {len(out)}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
