//! NLTK 3.10.4's `HungarianStemmer` (`nltk/stem/snowball.py` L2784-3197), as the XL-Sum scorer
//! builds it (`ignore_stopwords=True`).
//!
//! Its R1 has rules of its own (`__r1_hungarian`, with digraphs), and NLTK edits R1 apart from
//! the word: step 1 and step 5 shorten the word but R1 only when R1 holds the same double
//! consonant, so R1 can stop being the end of the word (and even outgrow it); later steps
//! test R1 and rewrite the word's end by R1's suffix length all the same. R1 is a copy in
//! `spare`, edited exactly as NLTK edits its string.
//!
//! NLTK quirk: its vowels are `õ` (U+00F5) and `û` (U+00FB), not Hungarian's `ő` (U+0151)
//! and `ű` (U+0171), which are consonants here; its suffixes spell `ő` as `õ` too.

use super::is_in;
use super::pystr::{self, at, region, slice, take};
use crate::stem::word::char_count;
use crate::stem::{is_stopword, stopwords, Word};

const VOWELS: &str = "aeiouöüáéíóõúû";
const DIGRAPHS: [&str; 8] = ["cs", "dz", "dzs", "gy", "ly", "ny", "ty", "zs"];
const DOUBLE_CONSONANTS: [&str; 23] = [
    "bb", "cc", "ccs", "dd", "ff", "gg", "ggy", "jj", "kk", "ll", "lly", "mm", "nn", "nny", "pp",
    "rr", "ss", "ssz", "tt", "tty", "vv", "zz", "zzs",
];
const STEP1_SUFFIXES: [&str; 2] = ["al", "el"];
const STEP2_SUFFIXES: [&str; 44] = [
    "képpen", "onként", "enként", "anként", "képp", "ként", "ban", "ben", "nak", "nek", "val",
    "vel", "tól", "tõl", "ról", "rõl", "ból", "bõl", "hoz", "hez", "höz", "nál", "nél", "ért",
    "kor", "ba", "be", "ra", "re", "ig", "at", "et", "ot", "öt", "ul", "ül", "vá", "vé", "en",
    "on", "an", "ön", "n", "t",
];
const STEP3_SUFFIXES: [&str; 3] = ["ánként", "án", "én"];
const STEP4_SUFFIXES: [&str; 6] = ["astul", "estül", "ástul", "éstül", "stul", "stül"];
const STEP5_SUFFIXES: [&str; 2] = ["á", "é"];
const STEP6_SUFFIXES: [&str; 12] = [
    "oké", "öké", "aké", "eké", "áké", "áéi", "éké", "ééi", "ké", "éi", "éé", "é",
];
const STEP7_SUFFIXES: [&str; 31] = [
    "ájuk", "éjük", "ünk", "unk", "juk", "jük", "ánk", "énk", "nk", "uk", "ük", "em", "om", "am",
    "od", "ed", "ad", "öd", "ja", "je", "ám", "ád", "ém", "éd", "m", "d", "a", "e", "o", "á", "é",
];
const STEP8_SUFFIXES: [&str; 42] = [
    "jaitok", "jeitek", "jaink", "jeink", "aitok", "eitek", "áitok", "éitek", "jaim", "jeim",
    "jaid", "jeid", "eink", "aink", "itek", "jeik", "jaik", "áink", "éink", "aim", "eim", "aid",
    "eid", "jai", "jei", "ink", "aik", "eik", "áim", "áid", "áik", "éim", "éid", "éik", "im", "id",
    "ai", "ei", "ik", "ái", "éi", "i",
];
const STEP9_SUFFIXES: [&str; 7] = ["ák", "ék", "ök", "ok", "ek", "ak", "k"];

/// `__r1_hungarian` (snowball.py L3155-3197): the start of R1, `word.len()` when empty. After
/// the first consonant or digraph of a word that begins with a vowel, after the first vowel of
/// one that begins with a consonant.
fn r1_hungarian(word: &[char]) -> usize {
    let Some(&first) = word.first() else {
        return 0;
    };
    let rest = word.get(1..).unwrap_or(&[]);
    if is_in(first, VOWELS) {
        for digraph in DIGRAPHS {
            if pystr::contains(rest, digraph) {
                // NLTK quirk: R1 starts after the first occurrence of the digraph's last letter
                // anywhere in the word, which need not be the digraph's.
                let last = digraph.chars().last();
                let at = word
                    .iter()
                    .position(|&c| Some(c) == last)
                    .unwrap_or(word.len());
                return at + 1;
            }
        }
        // `word[i + 1:]` after the first non-vowel at `i >= 1`: `rest` starts at `word[1]`.
        rest.iter()
            .position(|&c| !is_in(c, VOWELS))
            .map_or(word.len(), |i| i + 2)
    } else {
        rest.iter()
            .position(|&c| is_in(c, VOWELS))
            .map_or(word.len(), |i| i + 2)
    }
}

/// `x = x[:-d] + x[-k]`: drops the last `d` code points but keeps the one `k` from the end.
fn drop_keeping(x: &mut Word<'_>, d: usize, k: isize) {
    let kept = at(x.chars(), -k);
    x.drop_last(d);
    if let Some(c) = kept {
        x.push(c);
    }
}

/// Whether `x[-e - len(dc) : -e] == dc`: the double consonant `dc` ends `e` code points
/// before the end of `x`.
fn has_double_before(x: &[char], dc: &str, e: isize) -> bool {
    let k = char_count(dc) as isize;
    pystr::eq(slice(x, -e - k, -e), dc)
}

/// Steps 2, 7, 8: the first suffix of `suffixes` the word ends with is removed if R1 ends with
/// it too (NLTK quirk: the search stops at the word's first match even when R1's test fails),
/// and replaced by `a` / `e` when it is one of `to_a` / `to_e`.
fn remove_word_suffix(
    word: &mut Word<'_>,
    r1: &mut Word<'_>,
    suffixes: &[&str],
    to_a: &[&str],
    to_e: &[&str],
) {
    let Some(&suffix) = suffixes.iter().find(|x| word.ends_with(x)) else {
        return;
    };
    if !r1.ends_with(suffix) {
        return;
    }
    let len = char_count(suffix);
    if to_a.contains(&suffix) {
        word.replace_suffix(len, "a");
        r1.replace_suffix(len, "a");
    } else if to_e.contains(&suffix) {
        word.replace_suffix(len, "e");
        r1.replace_suffix(len, "e");
    } else {
        word.drop_last(len);
        r1.drop_last(len);
    }
}

/// `HungarianStemmer.stem`: stems `word` in place; `spare` holds R1 (at least twice the word's
/// code points).
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    pystr::lower(word, spare);
    if word.is_empty() || is_stopword(stopwords::HUNGARIAN, word.chars()) {
        return;
    }
    let n = word.len();
    let (buf, _) = take(spare, n);
    let mut r1 = region(buf, word.chars(), r1_hungarian(word.chars()));

    // STEP 1: Remove instrumental case
    if pystr::ends_with_any(&r1, &STEP1_SUFFIXES) {
        if let Some(dc) = DOUBLE_CONSONANTS
            .into_iter()
            .find(|dc| has_double_before(word.chars(), dc, 2))
        {
            drop_keeping(word, 4, 3);
            // NLTK quirk: R1 is shortened only if it holds the double consonant too.
            if has_double_before(r1.chars(), dc, 2) {
                drop_keeping(&mut r1, 4, 3);
            }
        }
    }

    // STEP 2: Remove frequent cases
    if let Some(&suffix) = STEP2_SUFFIXES.iter().find(|x| word.ends_with(x)) {
        if r1.ends_with(suffix) {
            let len = char_count(suffix);
            word.drop_last(len);
            r1.drop_last(len);
            if r1.ends_with("á") {
                word.replace_suffix(1, "a");
                r1.replace_suffix(1, "a");
            } else if r1.ends_with("é") {
                word.replace_suffix(1, "e");
                r1.replace_suffix(1, "e");
            }
        }
    }

    // STEP 3: Remove special cases (the word's end is rewritten by R1's test alone).
    if let Some(suffix) = STEP3_SUFFIXES.into_iter().find(|x| r1.ends_with(x)) {
        let to = if suffix == "én" { "e" } else { "a" };
        word.replace_suffix(char_count(suffix), to);
        r1.replace_suffix(char_count(suffix), to);
    }

    // STEP 4: Remove other cases
    if let Some(suffix) = STEP4_SUFFIXES.into_iter().find(|x| r1.ends_with(x)) {
        let len = char_count(suffix);
        match suffix {
            "ástul" => {
                word.replace_suffix(len, "a");
                r1.replace_suffix(len, "a");
            }
            "éstül" => {
                word.replace_suffix(len, "e");
                r1.replace_suffix(len, "e");
            }
            _ => {
                word.drop_last(len);
                r1.drop_last(len);
            }
        }
    }

    // STEP 5: Remove factive case. NLTK quirk: no `break` after a suffix, so both are tried.
    for suffix in STEP5_SUFFIXES {
        if r1.ends_with(suffix) {
            if let Some(dc) = DOUBLE_CONSONANTS
                .into_iter()
                .find(|dc| has_double_before(word.chars(), dc, 1))
            {
                drop_keeping(word, 3, 2);
                if has_double_before(r1.chars(), dc, 1) {
                    drop_keeping(&mut r1, 3, 2);
                }
            }
        }
    }

    // STEP 6: Remove owned
    if let Some(suffix) = STEP6_SUFFIXES.into_iter().find(|x| r1.ends_with(x)) {
        let len = char_count(suffix);
        match suffix {
            "áké" | "áéi" => {
                word.replace_suffix(len, "a");
                r1.replace_suffix(len, "a");
            }
            "éké" | "ééi" | "éé" => {
                word.replace_suffix(len, "e");
                r1.replace_suffix(len, "e");
            }
            _ => {
                word.drop_last(len);
                r1.drop_last(len);
            }
        }
    }

    // STEP 7: Remove singular owner suffixes
    remove_word_suffix(
        word,
        &mut r1,
        &STEP7_SUFFIXES,
        &["ánk", "ájuk", "ám", "ád", "á"],
        &["énk", "éjük", "ém", "éd", "é"],
    );

    // STEP 8: Remove plural owner suffixes
    remove_word_suffix(
        word,
        &mut r1,
        &STEP8_SUFFIXES,
        &["áim", "áid", "ái", "áink", "áitok", "áik"],
        &["éim", "éid", "éi", "éink", "éitek", "éik"],
    );

    // STEP 9: Remove plural suffixes (R1 is not needed after it: NLTK leaves it as it is).
    if let Some(&suffix) = STEP9_SUFFIXES.iter().find(|x| word.ends_with(x)) {
        if r1.ends_with(suffix) {
            match suffix {
                "ák" => word.replace_suffix(2, "a"),
                "ék" => word.replace_suffix(2, "e"),
                _ => word.drop_last(char_count(suffix)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::stem::Stemmer;

    #[test]
    fn test_stems_as_nltk() {
        // NLTK 3.10.4's outputs: SnowballStemmer("hungarian", ignore_stopwords=True).stem(word).
        super::super::pystr::assert_stems(
            Stemmer::Hungarian,
            &[
                ("abbal", "ab"), // R1 outgrows the word
                ("accsal", "acs"),
                ("ablakokból", "ablak"),
                ("emberekkel", "ember"),
                ("őrséggel", "őrség"),
                ("ahhoz", "ahhoz"),
                ("", ""),
            ],
        );
    }
}
