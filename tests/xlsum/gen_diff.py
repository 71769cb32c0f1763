#!/usr/bin/env python3
"""Generates tests/xlsum/diff.jsonl: texts of every XL-Sum language and of the edge kinds of
../shared/multilingual/README.md section 2, tokenised by the XL-Sum scorer itself
(multilingual-rouge 0.0.1 in the reference environment of tests/xlsum/oracle-env.sh), for
tests/xlsum_diff.rs to compare the core's tokeniser with.

Texts are new, not the conformance set's: sentences of words drawn from wordfreq 3.1.1's lists
(frequency-ranked words of 18 of the languages, installed with the reference environment)
and, for the languages it lacks, from the words of the conformance set's texts; random
syllables of the scripts (Burmese above all, whose segmenter is rule-based); and edge
material: ASCII and native digits, fractions and superscripts, emoji with skin tones, ZWJ
sequences, flags and keycaps, every kind of control and format character (NUL, BOM, ZWSP,
ZWJ, bidi marks, tags, U+2028, U+FFFD), ASCII and Unicode punctuation and symbols,
pyonmttok's own markers, combining marks where they start a word or follow a space, Greek
sigmas, dotted I, upper and title case, NFD text, several lines.

Each line: {"id", "lang", "use_stemmer", "kind", "text", "tokens", "lsum_tokens"} and, for
languages whose segmenter the host runs (Chinese, Japanese, Thai), "clean" (the text the
segmenter gets) and "segments" (what it returned), which is what reaches the core. Every
text is written twice, without and with `use_stemmer`.

  NLTK_DATA=$VENV/nltk_data $VENV/bin/python tests/xlsum/gen_diff.py [--out FILE] [--texts N] [--seed S]
      [--langs burmese,None,...] [--skip-langs japanese]
  ROUGE_XLSUM_DIFF=FILE cargo test --release --test xlsum_diff -- --nocapture   # checks FILE

With --pairs N it writes scored pairs instead (tests/xlsum/diff_scores.jsonl by default): N text
pairs of the same kinds of text, each a text and a perturbed copy of it (words dropped, swapped,
duplicated, lines reordered or joined), another text of its language, itself, or an empty or
punctuation-only text, scored by the conformance set's oracle.py (the same fields as
cases.jsonl: tokens, lsum_tokens, and P, R, F of rouge1, rouge2, rougeL, rougeLsum as float.hex),
without and with use_stemmer:

  $VENV/bin/python tests/xlsum/gen_diff.py --pairs 400 [--seed S] [--out FILE]
  ROUGE_XLSUM_SCORES=FILE cargo test --release --test xlsum_score -- --nocapture   # checks FILE

Deterministic for a given seed (about 1 minute on one core).
"""
import argparse, contextlib, io, json, os, random, sys, unicodedata, warnings

warnings.simplefilter("ignore")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("ROUGE_SHARED", os.path.join(ROOT, "..", "shared"))
sys.path.insert(0, os.path.join(SHARED, "multilingual"))
with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
    import oracle  # the conformance set's own re-scorer: builds (and primes) the scorers
    from multilingual_rouge import tokenization_wrapper as tw
    try:
        import wordfreq
    except ImportError:  # the smoke environment (oracle-env.sh --smoke): the cases' words only
        wordfreq = None

LANGS = ("amharic arabic azerbaijani bengali burmese chinese english french gujarati hausa hindi igbo "
         "indonesian japanese kirundi korean kyrgyz marathi nepali oromo pashto persian pidgin portuguese "
         "punjabi russian scottish_gaelic serbian_cyrillic serbian_latin sinhala somali spanish swahili tamil "
         "telugu thai tigrinya turkish ukrainian urdu uzbek vietnamese welsh yoruba").split()
# Other names the scorer takes: aliases, no language, Snowball extras, names it does not know.
EXTRA_NAMES = [None, "", "bangla", "turkce", "mundo", "chinese_simplified", "chinese_traditional", "porter",
               "german", "italian", "dutch", "finnish", "hungarian", "swedish", "English", "Chinese", "klingon"]
WORDFREQ = {"arabic": "ar", "bengali": "bn", "english": "en", "spanish": "es", "persian": "fa", "french": "fr",
            "hindi": "hi", "indonesian": "id", "japanese": "ja", "korean": "ko", "portuguese": "pt",
            "russian": "ru", "tamil": "ta", "turkish": "tr", "ukrainian": "uk", "urdu": "ur", "vietnamese": "vi",
            "chinese": "zh", "german": "de", "italian": "it", "dutch": "nl", "finnish": "fi", "hungarian": "hu",
            "swedish": "sv"}
NO_SPACES = {"chinese", "japanese", "thai", "burmese"}
HOST = {"chinese", "japanese", "thai"}

EDGE = {
    "digits": ["3.5", "12,000", "25%", "7th", "1990s", "2024-05-01", "٣٤", "१२३", "১৯৭১", "๒๕๖๗", "၁၉၄၈",
               "½", "²", "³", "¼", "Ⅻ", "①", "１２３", "0x1F", "covid19", "G7", "+44", "−5", "10⁻³"],
    "emoji": ["😀", "👍🏽", "👨\u200d👩\u200d👧", "🇫🇷", "🇧🇩", "1️⃣", "#️⃣", "❤️", "🏳️\u200d🌈", "✊🏿",
              "🙏", "🔥🔥", "☺", "⚽", "🧕🏾", "👩🏻\u200d💻"],
    "ctrl": ["\x00", "\ufeff", "\u200b", "\u200c", "\u200d", "\u00ad", "\u200e", "\u200f", "\u202a", "\u202c",
             "\u2066", "\u2069", "\u2060", "\u2028", "\u2029", "\ufffd", "\x01", "\x1f", "\x7f", "\x85",
             "\x9f", "\t", "\r", "\x0b", "\x0c", "\xa0", "\u2009", "\u3000", "\u1680", "\u180e",
             "\U000e0041", "\U000e007f", "\ue000", "\U000f0000", "\u0378", "\U0001fbca"],
    "punct": list("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~") + ["«", "»", "“", "”", "‘", "’", "—", "–", "…", "।",
              "॥", "،", "؟", "።", "፡", "。", "、", "「", "」", "《", "》", "·", "§", "•", "†", "€", "©",
              "°", "→", "£", "¥", "₹", "™", "±", "×", "÷", "√", "∞", "♥", "⦅", "｟", "｠", "％", "＃", "：",
              "▁", "￭", "￨", "¶", "¿", "¡", "‰", "′", "″", "〜", "～"],
    "marks": ["\u0301", "\u0308", "\u0327", "\u0329", "\u093c", "\u09cd", "\u0e31", "\u0e48", "\u1039",
              "\u103a", "\u0651", "\u064e", "\u20dd", "\ufe0f", "\u0345", "\u302a"],
    "mixed": ["COVID-19", "https://www.bbc.com/news/world-123", "#hashtag", "@handle", "e-mail", "Wi-Fi",
              "BBC", "UN", "ΣΟΦΙΑ", "ΟΔΥΣΣΕΥΣ", "İstanbul", "IŞIK", "STRASSE", "ẞ", "Ǆemal", "ﬁnance",
              "Ⅷ", "K\u212a", "Ωhm", "naïve", "café", "résumé", "Москва", "Ελλάδα", "日本語", "中华人民共和国",
              "한국어", "ภาษาไทย", "मराठी", "বাংলা", "ગુજરાતી", "ਪੰਜਾਬੀ", "தமிழ்", "తెలుగు", "සිංහල",
              "አማርኛ", "ትግርኛ", "မြန်မာ", "עברית", "العربية", "اردو", "ئۇيغۇر", "ქართული", "Հայերեն",
              "ꦗꦮ", "𐍈", "𝔘𝔫𝔦", "ℌ", "ǅ", "ᾈ"],
}

# Burmese: consonants, medials, vowel signs, tone marks, asat, virama, digits, punctuation.
MY_CONS = [chr(c) for c in range(0x1000, 0x1022)]
MY_DEP = [chr(c) for c in list(range(0x102B, 0x1033)) + list(range(0x1036, 0x1039)) + list(range(0x103B, 0x103F))]


def burmese_syllable(r):
    s = r.choice(MY_CONS)
    for _ in range(r.choice([0, 0, 1, 1, 2, 3])):
        s += r.choice(MY_DEP + ["\u103a", "\u103a", "\u1037\u103a", "\u1039" + r.choice(MY_CONS)])
    if r.random() < 0.3:
        s += r.choice(MY_CONS) + "\u103a"
    return s


def script_words(lang, r, cases_words):
    """a list of word candidates for the language"""
    code = WORDFREQ.get(lang)
    words = list(cases_words.get(lang, []))
    if code and wordfreq is not None:
        words += wordfreq.top_n_list(code, 3000)[::2]
    return words or cases_words["english"]


def sentence(lang, r, words):
    n = r.randint(3, 14)
    picked = [r.choice(words) for _ in range(n)]
    if lang == "burmese":
        picked = ["".join(burmese_syllable(r) for _ in range(r.randint(1, 4))) if r.random() < 0.5 else w
                  for w in picked]
    casing = r.random()
    if casing < 0.2:
        picked = [w.upper() for w in picked]
    elif casing < 0.45:
        picked = [w.title() for w in picked]
    sep = "" if lang in NO_SPACES and r.random() < 0.7 else " "
    if lang in ("amharic", "tigrinya") and r.random() < 0.5:
        sep = "\u1361"
    end = r.choice([".", "!", "?", "।", "።", "。", "", "…"])
    return sep.join(picked) + end


def edge(kind, r, words):
    base = [r.choice(words) for _ in range(r.randint(4, 12))]
    material = EDGE[kind]
    out = []
    for w in base:
        x = r.random()
        m = r.choice(material)
        if x < 0.3:
            out.append(w + m)          # glued after
        elif x < 0.5:
            out.append(m + w)          # glued before
        elif x < 0.65:
            out.append(w[: len(w) // 2] + m + w[len(w) // 2:])  # inside
        elif x < 0.85:
            out.append(w)
            out.append(m)              # alone
        else:
            out.append(w)
    return r.choice([" ", " ", "  ", "\t", "\u00a0"]).join(out)


def make_text(lang, kind, r, words):
    if kind == "plain":
        return " ".join(sentence(lang, r, words) for _ in range(r.randint(1, 3)))
    if kind == "lines":
        lines = [sentence(lang, r, words) for _ in range(r.randint(2, 5))]
        seps = ["\n", "\n", "\r\n", "\n\n", "\n \n", "\n\t\n", "\n\r\n"]
        return "".join(l + r.choice(seps) for l in lines[:-1]) + lines[-1] + r.choice(["", "\n", "\n\n"])
    if kind == "nfd":
        return unicodedata.normalize("NFD", sentence(lang, r, words).upper())
    if kind == "sigma":
        g = ["Σ", "ΑΣ", "ΣΑ", "Α.Σ", "Σ'", "Α\u0301Σ", "ΑΣ\u0301", "ΣΣ", "Σ.Α", "Α:Σ:", "ς", "σ", "ΑΣ-Β", "1Σ"]
        return " ".join(r.choice(g + words[:50]) for _ in range(r.randint(3, 10)))
    if kind == "random":
        # code points of every block: letters, marks, digits, symbols, the lot
        cps = []
        for _ in range(r.randint(1, 40)):
            c = r.randrange(1, 0x30000)
            if 0xD800 <= c <= 0xDFFF:
                c = 0x20
            cps.append(chr(c) if r.random() < 0.7 else r.choice(" \u0301a1"))
        return "".join(cps)
    if kind == "mark_start":
        m = EDGE["marks"]
        return " ".join(r.choice(m) + r.choice(words) if r.random() < 0.5 else r.choice(words) + " " + r.choice(m)
                        for _ in range(r.randint(2, 8)))
    if kind == "empty":
        return r.choice(["", " ", "\n", "\n\n", "...", "!!! ??? (-) «»", "\u200b\u200d", "\x00", "\ufeff \t",
                         "\r\n", "🙂", "1", "Σ", "\u0301", "▁", " \u0301"])
    return edge(kind, r, words)


KINDS = ["plain", "plain", "plain", "lines", "digits", "emoji", "ctrl", "punct", "marks", "mixed", "nfd",
         "sigma", "random", "mark_start", "empty"]


def perturb(text, lang, r, words):
    """a prediction for the target `text`"""
    how = r.choice(["drop", "drop", "swap", "dup", "other", "same", "lines", "join", "empty"])
    sep = "\u1361" if "\u1361" in text and " " not in text else " "
    units = text.split(sep) if sep in text else list(text)
    glue = sep if sep in text else ""
    if how == "drop":
        units = [u for u in units if r.random() > r.choice([0.15, 0.35])]
    elif how == "swap":
        for _ in range(3):
            if len(units) > 1:
                i = r.randrange(len(units) - 1)
                units[i], units[i + 1] = units[i + 1], units[i]
    elif how == "dup":
        for _ in range(2):
            if units:
                i = r.randrange(len(units))
                units.insert(i, units[i])
    elif how == "other":
        return make_text(lang, r.choice(["plain", "lines"]), r, words)
    elif how == "same":
        return text
    elif how == "lines":
        lines = text.split("\n")
        r.shuffle(lines)
        return "\n".join(lines) if len(lines) > 1 else text.replace(" ", "\n", 2)
    elif how == "join":
        return text.replace("\n", " ")
    else:
        return r.choice(["", " ", "!!! ??? (-) «»", "\n\n", "\x00"])
    return glue.join(units)


def segmenter_output(lang, text):
    """(cleaned text, the segmenter's tokens) for a host-segmenter language"""
    sc = oracle.scorer(lang, False)
    mt = sc._tokenizer
    clean = " ".join(mt.sanitizer(text.lower().strip()))
    return clean, mt.tokenizer(clean)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "xlsum", "diff.jsonl"))
    ap.add_argument("--texts", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--langs", help="comma-separated names to use instead of all (None as 'None')")
    ap.add_argument("--skip-langs", default="",
                    help="comma-separated names to leave out (japanese in the smoke environment, which has no fugashi)")
    ap.add_argument("--pairs", type=int, help="write N scored pairs instead of tokenised texts")
    a = ap.parse_args()
    if a.pairs and a.out == ap.get_default("out"):
        a.out = os.path.join(ROOT, "tests", "xlsum", "diff_scores.jsonl")
    r = random.Random(a.seed)
    cases_words = {}
    with open(os.path.join(SHARED, "multilingual", "cases.jsonl"), encoding="utf-8") as f:
        for line in f:
            c = json.loads(line)
            if c["kind"] in ("identical", "diff") and c["lang"] in LANGS:
                # Amharic and Tigrinya texts separate words with the Ethiopic wordspace.
                cases_words.setdefault(c["lang"], set()).update(c["target"].replace("\u1361", " ").split())
    cases_words = {k: sorted(v) for k, v in cases_words.items()}
    names = LANGS + EXTRA_NAMES
    if a.langs:
        names = [None if n == "None" else n for n in a.langs.split(",")]
    skip = set(a.skip_langs.split(",")) - {""}
    names = [n for n in names if n not in skip]
    out = []
    if a.pairs:
        for i in range(a.pairs):
            lang = names[i % len(names)]
            canon = {"bangla": "bengali", "turkce": "turkish", "mundo": "spanish", "chinese_simplified": "chinese",
                     "chinese_traditional": "chinese", "English": "english", "Chinese": "chinese"}.get(lang, lang)
            words = script_words(canon if canon in LANGS or canon in WORDFREQ else "english", r, cases_words)
            kind = r.choice(KINDS)
            lang_text = canon if canon in LANGS else "english"
            target = make_text(lang_text, kind, r, words)
            prediction = perturb(target, lang_text, r, words)
            if r.random() < 0.5:
                target, prediction = prediction, target
            for st in (False, True):
                case = {"id": "pair-%04d-%s-%s" % (i, "stem" if st else "nostem", kind), "lang": lang,
                        "use_stemmer": st, "kind": kind, "target": target, "prediction": prediction}
                out.append(oracle.score(case))
        with open(a.out, "w", encoding="utf-8") as f:
            for row in out:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
        print("wrote %d scored pairs (%d texts) to %s" % (len(out), a.pairs, a.out))
        return
    for i in range(a.texts):
        lang = names[i % len(names)]
        canon = {"bangla": "bengali", "turkce": "turkish", "mundo": "spanish", "chinese_simplified": "chinese",
                 "chinese_traditional": "chinese", "English": "english", "Chinese": "chinese"}.get(lang, lang)
        words = script_words(canon if canon in LANGS or canon in WORDFREQ else "english", r, cases_words)
        kind = KINDS[(i // len(names)) % len(KINDS)] if i < len(names) * len(KINDS) else r.choice(KINDS)
        text = make_text(canon if canon in LANGS else "english", kind, r, words)
        for st in (False, True):
            sc = oracle.scorer(lang, st)
            with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
                row = {"id": "diff-%04d-%s" % (i, "stem" if st else "nostem"), "lang": lang, "use_stemmer": st,
                       "kind": kind, "text": text,
                       "tokens": tw.tokenize(text, sc._stemmer, sc._tokenizer),
                       "lsum_tokens": [tw.tokenize(s, sc._stemmer) for s in text.split("\n") if len(s)]}
                if sc._tokenizer.tokenizer is not None and lang in HOST | {"chinese_simplified", "chinese_traditional"}:
                    row["clean"], row["segments"] = segmenter_output(lang, text)
            out.append(row)
    with open(a.out, "w", encoding="utf-8") as f:
        for row in out:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print("wrote %d lines (%d texts) to %s" % (len(out), a.texts, a.out))


if __name__ == "__main__":
    main()
