//! NLTK 3.10.4's `RussianStemmer` (`nltk/stem/snowball.py` L4530-5367), as the XL-Sum scorer
//! builds it (`ignore_stopwords=True`).
//!
//! NLTK stems a Russian word in a Latin transliteration and maps the stem back, and this port
//! does the same, with NLTK's quirks:
//! - no `word.lower()`: the stopword test and everything else see the word as given;
//! - a word with no code point above U+00FF is returned unchanged;
//! - `__cyrillic_to_roman` maps the 66 letters of its table (upper and lower case to the same
//!   lower-case Latin) and leaves every other code point as it is (Latin letters, digits,
//!   `і`, Greek...); `__roman_to_cyrillic` then maps *every* Latin letter of its table in the
//!   stem, whether it came from Cyrillic or not (`abc` of a mixed word comes back as `абc`),
//!   and reads letter sequences across the original letters' boundaries (`шч` -> `shch` ->
//!   `щ`, `ьь` -> `''` -> `ъ`);
//! - in `__regions_russian`, `i^a`, `i^u`, `e\`` count as one vowel and so do the word's own
//!   `A`, `U`, `E` (its stand-ins for them), which R2 and RV then spell `i^a`, `i^u`, `e\``.
//!
//! A transliteration is up to 4 times as long as its word (`щ` -> `shch`), and so are RV and
//! R2: the three are `Word`s in `spare` (`crate::stem::scratch_chars` leaves room for them).

use super::is_in;
use super::pystr::{self, take};
use crate::stem::word::{char_count, starts_with};
use crate::stem::{is_stopword, stopwords, Word};

const PERFECTIVE_GERUND_SUFFIXES: [&str; 9] = [
    "ivshis'", "yvshis'", "vshis'", "ivshi", "yvshi", "vshi", "iv", "yv", "v",
];
const ADJECTIVAL_SUFFIXES: [&str; 234] = [
    "ui^ushchi^ui^u",
    "ui^ushchi^ai^a",
    "ui^ushchimi",
    "ui^ushchymi",
    "ui^ushchego",
    "ui^ushchogo",
    "ui^ushchemu",
    "ui^ushchomu",
    "ui^ushchikh",
    "ui^ushchykh",
    "ui^ushchui^u",
    "ui^ushchaia",
    "ui^ushchoi^u",
    "ui^ushchei^u",
    "i^ushchi^ui^u",
    "i^ushchi^ai^a",
    "ui^ushchee",
    "ui^ushchie",
    "ui^ushchye",
    "ui^ushchoe",
    "ui^ushchei`",
    "ui^ushchii`",
    "ui^ushchyi`",
    "ui^ushchoi`",
    "ui^ushchem",
    "ui^ushchim",
    "ui^ushchym",
    "ui^ushchom",
    "i^ushchimi",
    "i^ushchymi",
    "i^ushchego",
    "i^ushchogo",
    "i^ushchemu",
    "i^ushchomu",
    "i^ushchikh",
    "i^ushchykh",
    "i^ushchui^u",
    "i^ushchai^a",
    "i^ushchoi^u",
    "i^ushchei^u",
    "i^ushchee",
    "i^ushchie",
    "i^ushchye",
    "i^ushchoe",
    "i^ushchei`",
    "i^ushchii`",
    "i^ushchyi`",
    "i^ushchoi`",
    "i^ushchem",
    "i^ushchim",
    "i^ushchym",
    "i^ushchom",
    "shchi^ui^u",
    "shchi^ai^a",
    "ivshi^ui^u",
    "ivshi^ai^a",
    "yvshi^ui^u",
    "yvshi^ai^a",
    "shchimi",
    "shchymi",
    "shchego",
    "shchogo",
    "shchemu",
    "shchomu",
    "shchikh",
    "shchykh",
    "shchui^u",
    "shchai^a",
    "shchoi^u",
    "shchei^u",
    "ivshimi",
    "ivshymi",
    "ivshego",
    "ivshogo",
    "ivshemu",
    "ivshomu",
    "ivshikh",
    "ivshykh",
    "ivshui^u",
    "ivshai^a",
    "ivshoi^u",
    "ivshei^u",
    "yvshimi",
    "yvshymi",
    "yvshego",
    "yvshogo",
    "yvshemu",
    "yvshomu",
    "yvshikh",
    "yvshykh",
    "yvshui^u",
    "yvshai^a",
    "yvshoi^u",
    "yvshei^u",
    "vshi^ui^u",
    "vshi^ai^a",
    "shchee",
    "shchie",
    "shchye",
    "shchoe",
    "shchei`",
    "shchii`",
    "shchyi`",
    "shchoi`",
    "shchem",
    "shchim",
    "shchym",
    "shchom",
    "ivshee",
    "ivshie",
    "ivshye",
    "ivshoe",
    "ivshei`",
    "ivshii`",
    "ivshyi`",
    "ivshoi`",
    "ivshem",
    "ivshim",
    "ivshym",
    "ivshom",
    "yvshee",
    "yvshie",
    "yvshye",
    "yvshoe",
    "yvshei`",
    "yvshii`",
    "yvshyi`",
    "yvshoi`",
    "yvshem",
    "yvshim",
    "yvshym",
    "yvshom",
    "vshimi",
    "vshymi",
    "vshego",
    "vshogo",
    "vshemu",
    "vshomu",
    "vshikh",
    "vshykh",
    "vshui^u",
    "vshai^a",
    "vshoi^u",
    "vshei^u",
    "emi^ui^u",
    "emi^ai^a",
    "nni^ui^u",
    "nni^ai^a",
    "vshee",
    "vshie",
    "vshye",
    "vshoe",
    "vshei`",
    "vshii`",
    "vshyi`",
    "vshoi`",
    "vshem",
    "vshim",
    "vshym",
    "vshom",
    "emimi",
    "emymi",
    "emego",
    "emogo",
    "ememu",
    "emomu",
    "emikh",
    "emykh",
    "emui^u",
    "emai^a",
    "emoi^u",
    "emei^u",
    "nnimi",
    "nnymi",
    "nnego",
    "nnogo",
    "nnemu",
    "nnomu",
    "nnikh",
    "nnykh",
    "nnui^u",
    "nnai^a",
    "nnoi^u",
    "nnei^u",
    "emee",
    "emie",
    "emye",
    "emoe",
    "emei`",
    "emii`",
    "emyi`",
    "emoi`",
    "emem",
    "emim",
    "emym",
    "emom",
    "nnee",
    "nnie",
    "nnye",
    "nnoe",
    "nnei`",
    "nnii`",
    "nnyi`",
    "nnoi`",
    "nnem",
    "nnim",
    "nnym",
    "nnom",
    "i^ui^u",
    "i^ai^a",
    "imi",
    "ymi",
    "ego",
    "ogo",
    "emu",
    "omu",
    "ikh",
    "ykh",
    "ui^u",
    "ai^a",
    "oi^u",
    "ei^u",
    "ee",
    "ie",
    "ye",
    "oe",
    "ei`",
    "ii`",
    "yi`",
    "oi`",
    "em",
    "im",
    "ym",
    "om",
];
const REFLEXIVE_SUFFIXES: [&str; 2] = ["si^a", "s'"];
const VERB_SUFFIXES: [&str; 46] = [
    "esh'", "ei`te", "ui`te", "ui^ut", "ish'", "ete", "i`te", "i^ut", "nno", "ila", "yla", "ena",
    "ite", "ili", "yli", "ilo", "ylo", "eno", "i^at", "uet", "eny", "it'", "yt'", "ui^u", "la",
    "na", "li", "em", "lo", "no", "et", "ny", "t'", "ei`", "ui`", "il", "yl", "im", "ym", "en",
    "it", "yt", "i^u", "i`", "l", "n",
];
const NOUN_SUFFIXES: [&str; 36] = [
    "ii^ami", "ii^akh", "i^ami", "ii^am", "i^akh", "ami", "iei`", "i^am", "iem", "akh", "ii^u",
    "'i^u", "ii^a", "'i^a", "ev", "ov", "ie", "'e", "ei", "ii", "ei`", "oi`", "ii`", "em", "am",
    "om", "i^u", "i^a", "a", "e", "i", "i`", "o", "u", "y", "'",
];
const SUPERLATIVE_SUFFIXES: [&str; 2] = ["ei`she", "ei`sh"];
const DERIVATIONAL_SUFFIXES: [&str; 2] = ["ost'", "ost"];
/// The perfective gerund suffixes that need `a` or `ya` (`i^a`) before them.
const GERUND_AFTER_A: [&str; 3] = ["v", "vshi", "vshis'"];
/// The adjectival suffixes (participles) that need `a` or `ya` before them.
const ADJECTIVAL_AFTER_A: [&str; 130] = [
    "i^ushchi^ui^u",
    "i^ushchi^ai^a",
    "i^ushchui^u",
    "i^ushchai^a",
    "i^ushchoi^u",
    "i^ushchei^u",
    "i^ushchimi",
    "i^ushchymi",
    "i^ushchego",
    "i^ushchogo",
    "i^ushchemu",
    "i^ushchomu",
    "i^ushchikh",
    "i^ushchykh",
    "shchi^ui^u",
    "shchi^ai^a",
    "i^ushchee",
    "i^ushchie",
    "i^ushchye",
    "i^ushchoe",
    "i^ushchei`",
    "i^ushchii`",
    "i^ushchyi`",
    "i^ushchoi`",
    "i^ushchem",
    "i^ushchim",
    "i^ushchym",
    "i^ushchom",
    "vshi^ui^u",
    "vshi^ai^a",
    "shchui^u",
    "shchai^a",
    "shchoi^u",
    "shchei^u",
    "emi^ui^u",
    "emi^ai^a",
    "nni^ui^u",
    "nni^ai^a",
    "shchimi",
    "shchymi",
    "shchego",
    "shchogo",
    "shchemu",
    "shchomu",
    "shchikh",
    "shchykh",
    "vshui^u",
    "vshai^a",
    "vshoi^u",
    "vshei^u",
    "shchee",
    "shchie",
    "shchye",
    "shchoe",
    "shchei`",
    "shchii`",
    "shchyi`",
    "shchoi`",
    "shchem",
    "shchim",
    "shchym",
    "shchom",
    "vshimi",
    "vshymi",
    "vshego",
    "vshogo",
    "vshemu",
    "vshomu",
    "vshikh",
    "vshykh",
    "emui^u",
    "emai^a",
    "emoi^u",
    "emei^u",
    "nnui^u",
    "nnai^a",
    "nnoi^u",
    "nnei^u",
    "vshee",
    "vshie",
    "vshye",
    "vshoe",
    "vshei`",
    "vshii`",
    "vshyi`",
    "vshoi`",
    "vshem",
    "vshim",
    "vshym",
    "vshom",
    "emimi",
    "emymi",
    "emego",
    "emogo",
    "ememu",
    "emomu",
    "emikh",
    "emykh",
    "nnimi",
    "nnymi",
    "nnego",
    "nnogo",
    "nnemu",
    "nnomu",
    "nnikh",
    "nnykh",
    "emee",
    "emie",
    "emye",
    "emoe",
    "emei`",
    "emii`",
    "emyi`",
    "emoi`",
    "emem",
    "emim",
    "emym",
    "emom",
    "nnee",
    "nnie",
    "nnye",
    "nnoe",
    "nnei`",
    "nnii`",
    "nnyi`",
    "nnoi`",
    "nnem",
    "nnim",
    "nnym",
    "nnom",
];
/// The verb suffixes that need `a` or `ya` before them.
const VERB_AFTER_A: [&str; 17] = [
    "la", "na", "ete", "i`te", "li", "i`", "l", "em", "n", "lo", "no", "et", "i^ut", "ny", "t'",
    "esh'", "nno",
];

/// Code points of transliteration a code point of the word can need (`щ` -> `shch`).
pub(crate) const ROMAN_PER_CHAR: usize = 4;

/// `__cyrillic_to_roman` for one code point: its transliteration, `None` for a code point the
/// table leaves as it is. NLTK chains one `str.replace` per Cyrillic letter; each replaces a
/// Cyrillic letter by ASCII that no later one replaces, so mapping each code point once gives
/// the same string.
fn roman(c: char) -> Option<&'static str> {
    Some(match c {
        'А' | 'а' => "a",
        'Б' | 'б' => "b",
        'В' | 'в' => "v",
        'Г' | 'г' => "g",
        'Д' | 'д' => "d",
        'Е' | 'е' | 'Ё' | 'ё' => "e",
        'Ж' | 'ж' => "zh",
        'З' | 'з' => "z",
        'И' | 'и' => "i",
        'Й' | 'й' => "i`",
        'К' | 'к' => "k",
        'Л' | 'л' => "l",
        'М' | 'м' => "m",
        'Н' | 'н' => "n",
        'О' | 'о' => "o",
        'П' | 'п' => "p",
        'Р' | 'р' => "r",
        'С' | 'с' => "s",
        'Т' | 'т' => "t",
        'У' | 'у' => "u",
        'Ф' | 'ф' => "f",
        'Х' | 'х' => "kh",
        'Ц' | 'ц' => "t^s",
        'Ч' | 'ч' => "ch",
        'Ш' | 'ш' => "sh",
        'Щ' | 'щ' => "shch",
        'Ъ' | 'ъ' => "''",
        'Ы' | 'ы' => "y",
        'Ь' | 'ь' => "'",
        'Э' | 'э' => "e`",
        'Ю' | 'ю' => "i^u",
        'Я' | 'я' => "i^a",
        _ => return None,
    })
}

/// `__roman_to_cyrillic`'s chain of `str.replace` calls, in NLTK's order (`e` twice, as there).
/// Order matters (`shch` before `sh`, `kh` before `k`), and each call sees the Cyrillic the
/// earlier ones wrote, so they run one after the other over the whole word.
const TO_CYRILLIC: [(&str, &str); 33] = [
    ("i^u", "ю"),
    ("i^a", "я"),
    ("shch", "щ"),
    ("kh", "х"),
    ("t^s", "ц"),
    ("ch", "ч"),
    ("e`", "э"),
    ("i`", "й"),
    ("sh", "ш"),
    ("k", "к"),
    ("e", "е"),
    ("zh", "ж"),
    ("a", "а"),
    ("b", "б"),
    ("v", "в"),
    ("g", "г"),
    ("d", "д"),
    ("e", "е"),
    ("z", "з"),
    ("i", "и"),
    ("l", "л"),
    ("m", "м"),
    ("n", "н"),
    ("o", "о"),
    ("p", "п"),
    ("r", "р"),
    ("s", "с"),
    ("t", "т"),
    ("u", "у"),
    ("f", "ф"),
    ("''", "ъ"),
    ("y", "ы"),
    ("'", "ь"),
];

/// The length of the letter `w` starts with in `__regions_russian`, which first contracts
/// `i^a`, `i^u`, `e\`` to `A`, `U`, `E` (none of the three can overlap another or itself, so
/// NLTK's three `replace` calls find the same letters as one scan from the left).
fn letter_len(w: &[char]) -> usize {
    if starts_with(w, "i^a") || starts_with(w, "i^u") {
        3
    } else if starts_with(w, "e`") {
        2
    } else {
        1
    }
}

/// Whether the letter of `len` code points at the start of `w` is one of
/// `__regions_russian`'s vowels (`A U E a e i o u y`: the contractions, and the word's own
/// `A`, `U`, `E`, which NLTK cannot tell from them).
fn is_vowel_letter(w: &[char], len: usize) -> bool {
    len > 1 || w.first().is_some_and(|&c| is_in(c, "AUEaeiouy"))
}

/// The start (a code point index of `w`) of the region after the first non-vowel letter that
/// follows a vowel letter, scanning letters from `from` (a letter boundary); `w.len()` if none.
fn after_vowel_consonant(w: &[char], from: usize) -> usize {
    let mut pos = from;
    let mut prev_vowel = None;
    while let Some(rest) = w.get(pos..).filter(|r| !r.is_empty()) {
        let len = letter_len(rest);
        let vowel = is_vowel_letter(rest, len);
        if prev_vowel == Some(true) && !vowel {
            return (pos + len).min(w.len());
        }
        prev_vowel = Some(vowel);
        pos += len;
    }
    w.len()
}

/// `__regions_russian` (snowball.py L5180-5226): the starts of RV (after the first vowel
/// letter) and R2 (R1 of R1) in the transliterated word `w`, as code point indices.
fn regions_russian(w: &[char]) -> (usize, usize) {
    let r1 = after_vowel_consonant(w, 0);
    let r2 = after_vowel_consonant(w, r1);
    let mut pos = 0;
    let mut rv = w.len();
    while let Some(rest) = w.get(pos..).filter(|r| !r.is_empty()) {
        let len = letter_len(rest);
        if is_vowel_letter(rest, len) {
            rv = (pos + len).min(w.len());
            break;
        }
        pos += len;
    }
    (rv, r2)
}

/// A region of `__regions_russian` as NLTK returns it: the contracted letters spelled out again,
/// so the word's own `A`, `U`, `E` become `i^a`, `i^u`, `e\``.
fn region_spelled<'a>(buf: &'a mut [char], w: &[char], start: usize) -> Word<'a> {
    let mut r = Word::new(buf);
    for &c in w.get(start..).unwrap_or(&[]) {
        match c {
            'A' => r.push_str("i^a"),
            'U' => r.push_str("i^u"),
            'E' => r.push_str("e`"),
            _ => r.push(c),
        }
    }
    r
}

/// Whether `rv` ends with `suffix` preceded by `a` or `ya` (`rv[-n-3:-n] == "i^a" or
/// rv[-n-1:-n] == "a"`).
fn after_a(rv: &Word<'_>, suffix: &str) -> bool {
    let n = char_count(suffix) as isize;
    let rv = rv.chars();
    pystr::eq(pystr::slice(rv, -n - 3, -n), "i^a") || pystr::eq(pystr::slice(rv, -n - 1, -n), "a")
}

/// The word and the regions NLTK shortens with it.
struct Stemming<'w, 'a, 'b, 'c> {
    word: &'w mut Word<'a>,
    rv: Word<'b>,
    r2: Word<'c>,
}

impl Stemming<'_, '_, '_, '_> {
    /// `word = word[:-n]; r2 = r2[:-n]; rv = rv[:-n]`.
    fn drop_all(&mut self, suffix: &str) {
        let n = char_count(suffix);
        self.word.drop_last(n);
        self.r2.drop_last(n);
        self.rv.drop_last(n);
    }

    /// The loops of step 1: the first suffix of `suffixes` RV ends with is removed, unless it
    /// is one of `after_a_only` without `a` or `ya` before it, when the search goes on.
    /// Whether one was removed.
    fn remove_rv_suffix(&mut self, suffixes: &[&str], after_a_only: &[&str]) -> bool {
        for &suffix in suffixes {
            if self.rv.ends_with(suffix)
                && (!after_a_only.contains(&suffix) || after_a(&self.rv, suffix))
            {
                self.drop_all(suffix);
                return true;
            }
        }
        false
    }
}

/// `RussianStemmer.stem`: stems `word` in place; `spare` holds the transliteration and the
/// regions (at least `3 * (ROMAN_PER_CHAR * n + 16)` code points for a word of `n`).
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    if is_stopword(stopwords::RUSSIAN, word.chars()) {
        return;
    }
    if !word.chars().iter().any(|&c| u32::from(c) > 255) {
        return;
    }
    let cap = ROMAN_PER_CHAR * word.len() + 16;
    let (wbuf, rest) = take(spare, cap);
    let (rvbuf, rest) = take(rest, cap);
    let (r2buf, _) = take(rest, cap);

    let mut w = Word::new(wbuf);
    for &c in word.chars() {
        match roman(c) {
            Some(s) => w.push_str(s),
            None => w.push(c),
        }
    }
    let (rv_start, r2_start) = regions_russian(w.chars());
    let rv = region_spelled(rvbuf, w.chars(), rv_start);
    let r2 = region_spelled(r2buf, w.chars(), r2_start);
    let mut s = Stemming {
        word: &mut w,
        rv,
        r2,
    };

    // Step 1
    let step1_success = s.remove_rv_suffix(&PERFECTIVE_GERUND_SUFFIXES, &GERUND_AFTER_A);
    if !step1_success {
        if let Some(suffix) = REFLEXIVE_SUFFIXES.into_iter().find(|x| s.rv.ends_with(x)) {
            s.drop_all(suffix);
        }
        let adjectival_removed = s.remove_rv_suffix(&ADJECTIVAL_SUFFIXES, &ADJECTIVAL_AFTER_A);
        let verb_removed = !adjectival_removed && s.remove_rv_suffix(&VERB_SUFFIXES, &VERB_AFTER_A);
        if !adjectival_removed && !verb_removed {
            if let Some(suffix) = NOUN_SUFFIXES.into_iter().find(|x| s.rv.ends_with(x)) {
                s.drop_all(suffix);
            }
        }
    }

    // Step 2 (RV is not read again: NLTK leaves it as it is).
    let Stemming {
        word: w,
        rv,
        mut r2,
    } = s;
    if rv.ends_with("i") {
        w.drop_last(1);
        r2.drop_last(1);
    }

    // Step 3
    if let Some(suffix) = DERIVATIONAL_SUFFIXES.into_iter().find(|x| r2.ends_with(x)) {
        w.drop_last(char_count(suffix));
    }

    // Step 4
    let mut undouble_success = false;
    let mut superlative_removed = false;
    if w.ends_with("nn") {
        w.drop_last(1);
        undouble_success = true;
    }
    if !undouble_success {
        if let Some(suffix) = SUPERLATIVE_SUFFIXES.into_iter().find(|x| w.ends_with(x)) {
            w.drop_last(char_count(suffix));
            superlative_removed = true;
        }
        if w.ends_with("nn") {
            w.drop_last(1);
        }
    }
    if !undouble_success && !superlative_removed && w.ends_with("'") {
        w.drop_last(1);
    }

    // Back to Cyrillic: every replacement shortens or keeps the string, so `replace_all` works
    // in place, and the stem is never longer than the transliteration it came from.
    for (from, to) in TO_CYRILLIC {
        w.replace_all(from, to);
    }
    word.assign(w.chars());
}

#[cfg(test)]
mod tests {
    use crate::stem::Stemmer;

    #[test]
    fn test_stems_as_nltk() {
        // NLTK 3.10.4's outputs: SnowballStemmer("russian", ignore_stopwords=True).stem(word).
        super::super::pystr::assert_stems(
            Stemmer::Russian,
            &[
                ("ДОМАМИ", "дом"),      // upper case comes back lower
                ("abcфыв", "абcф"),     // Latin a, b come back Cyrillic; c stays
                ("машччина", "мащчин"), // ш + ч read back as щ
                ("тьььма", "тъьма"),    // ь + ь read back as ъ
                ("т^сар", "цар"),       // t^s read back as ц
                ("ёлка", "елк"),
                ("Zürich", "Zürich"), // nothing above U+00FF: unchanged
                ("ведь", "ведь"),     // a stopword
                ("читAвший", "читA"), // Latin A: a vowel, spelled i^a in RV
                ("игрaющий", "игра"), // Latin a
                ("сильнейший", "сильн"),
            ],
        );
    }
}
