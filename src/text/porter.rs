//! The Porter stemmer as NLTK's `PorterStemmer` runs it in its default `NLTK_EXTENSIONS`
//! mode, which is what rouge-score 0.1.2 uses (`porter.PorterStemmer()`).
//!
//! A port written from the behaviour of `nltk/stem/porter.py` (NLTK 3.x, Apache-2.0): Porter's
//! five steps with Martin Porter's extensions and NLTK's own (the irregular-forms table, `ies`
//! and `ied` on four-letter words, `y -> i` only after a consonant, `alli` first in step 2,
//! `fulli`, `logi` with the `l` in the stem, the two-letter `*o` case). `tests/diff/run.sh`
//! compares it with NLTK word by word.
//!
//! Words are stemmed in place: no step makes a word longer than it was, so the caller's buffer
//! always has room. The input is expected to be lowercase ASCII (rouge-score stems tokens of
//! `[a-z0-9]`); any other bytes are accepted and treated as consonants, never a panic.

/// NLTK's irregular forms (looked up before any step).
const IRREGULAR: [(&[u8], &[u8]); 16] = [
    (b"sky", b"sky"),
    (b"skies", b"sky"),
    (b"dying", b"die"),
    (b"lying", b"lie"),
    (b"tying", b"tie"),
    (b"news", b"news"),
    (b"innings", b"inning"),
    (b"inning", b"inning"),
    (b"outings", b"outing"),
    (b"outing", b"outing"),
    (b"cannings", b"canning"),
    (b"canning", b"canning"),
    (b"howe", b"howe"),
    (b"proceed", b"proceed"),
    (b"exceed", b"exceed"),
    (b"succeed", b"succeed"),
];

fn is_vowel(b: u8) -> bool {
    matches!(b, b'a' | b'e' | b'i' | b'o' | b'u')
}

/// Porter's consonant: not a vowel, and a `y` only when the letter before it is not a
/// consonant (a `y` at the start is one). A run of `y`s alternates, resolved by walking back.
fn cons(w: &[u8], i: usize) -> bool {
    if is_vowel(w[i]) {
        return false;
    }
    if w[i] != b'y' {
        return true;
    }
    let (mut j, mut negate) = (i, false);
    while j > 0 && w[j] == b'y' {
        negate = !negate;
        j -= 1;
    }
    // A consonant at j (not a vowel), flipped once per `y` walked over.
    is_vowel(w[j]) == negate
}

/// Porter's measure m of `[C](VC){m}[V]`: the number of vowel-to-consonant transitions.
fn measure(w: &[u8]) -> usize {
    let (mut m, mut prev_cons) = (0, true);
    for (i, &b) in w.iter().enumerate() {
        let c = if is_vowel(b) {
            false
        } else if b == b'y' {
            i == 0 || !prev_cons
        } else {
            true
        };
        if c && !prev_cons {
            m += 1;
        }
        prev_cons = c;
    }
    m
}

fn contains_vowel(w: &[u8]) -> bool {
    (0..w.len()).any(|i| !cons(w, i))
}

/// `*d`: ends with a double consonant.
fn ends_double_consonant(w: &[u8]) -> bool {
    let n = w.len();
    n >= 2 && w[n - 1] == w[n - 2] && cons(w, n - 1)
}

/// `*o`: ends consonant-vowel-consonant, the last not w, x or y (NLTK: also a two-letter
/// vowel-consonant word).
fn ends_cvc(w: &[u8]) -> bool {
    let n = w.len();
    (n >= 3
        && cons(w, n - 3)
        && !cons(w, n - 2)
        && cons(w, n - 1)
        && !matches!(w[n - 1], b'w' | b'x' | b'y'))
        || (n == 2 && !cons(w, 0) && cons(w, 1))
}

/// The condition of a rule: gets the stem (word minus suffix) and the whole word.
type Cond = fn(&[u8], &[u8]) -> bool;

fn m_gt0(stem: &[u8], _: &[u8]) -> bool {
    measure(stem) > 0
}

fn m_gt1(stem: &[u8], _: &[u8]) -> bool {
    measure(stem) > 1
}

fn always(_: &[u8], _: &[u8]) -> bool {
    true
}

/// Replaces the last `cut` bytes of `w[..n]` by `with`; returns the new length (unchanged if
/// it would not fit, which the rules never ask for).
fn replace(w: &mut [u8], n: usize, cut: usize, with: &[u8]) -> usize {
    let stem = n - cut;
    match w.get_mut(stem..stem + with.len()) {
        Some(d) => {
            d.copy_from_slice(with);
            stem + with.len()
        }
        None => n,
    }
}

/// NLTK's `_apply_rule_list`: the first rule whose suffix matches decides; if its condition
/// fails the word is left as it is.
fn apply(w: &mut [u8], n: usize, rules: &[(&[u8], &[u8], Cond)]) -> usize {
    for &(suffix, with, cond) in rules {
        if w[..n].ends_with(suffix) {
            let stem = n - suffix.len();
            return if cond(&w[..stem], &w[..n]) {
                replace(w, n, suffix.len(), with)
            } else {
                n
            };
        }
    }
    n
}

fn step1a(w: &mut [u8], n: usize) -> usize {
    if n == 4 && w[..n].ends_with(b"ies") {
        return replace(w, n, 3, b"ie");
    }
    apply(
        w,
        n,
        &[
            (b"sses", b"ss", always),
            (b"ies", b"i", always),
            (b"ss", b"ss", always),
            (b"s", b"", always),
        ],
    )
}

fn step1b(w: &mut [u8], n: usize) -> usize {
    if w[..n].ends_with(b"ied") {
        return replace(w, n, 3, if n == 4 { b"ie" } else { b"i" });
    }
    if w[..n].ends_with(b"eed") {
        return if measure(&w[..n - 3]) > 0 { n - 1 } else { n };
    }
    let mut k = None;
    for suffix in [&b"ed"[..], b"ing"] {
        if w[..n].ends_with(suffix) && contains_vowel(&w[..n - suffix.len()]) {
            k = Some(n - suffix.len());
            break;
        }
    }
    let Some(k) = k else { return n };
    let s = &w[..k];
    if s.ends_with(b"at") || s.ends_with(b"bl") || s.ends_with(b"iz") {
        return replace(w, k, 0, b"e");
    }
    if ends_double_consonant(s) {
        return if matches!(s[k - 1], b'l' | b's' | b'z') {
            k
        } else {
            k - 1
        };
    }
    if measure(s) == 1 && ends_cvc(s) {
        return replace(w, k, 0, b"e");
    }
    k
}

fn step1c(w: &mut [u8], n: usize) -> usize {
    // NLTK: y -> i only after a consonant that is not the whole stem.
    if w[..n].ends_with(b"y") && n - 1 > 1 && cons(w, n - 2) {
        w[n - 1] = b'i';
    }
    n
}

fn logi_cond(_: &[u8], word: &[u8]) -> bool {
    // The `l` of `logi` stays with the stem.
    measure(&word[..word.len() - 3]) > 0
}

fn step2(w: &mut [u8], mut n: usize) -> usize {
    // NLTK applies `alli -> al` first and runs the step again on the result.
    if w[..n].ends_with(b"alli") && measure(&w[..n - 4]) > 0 {
        n = replace(w, n, 4, b"al");
    }
    apply(
        w,
        n,
        &[
            (b"ational", b"ate", m_gt0),
            (b"tional", b"tion", m_gt0),
            (b"enci", b"ence", m_gt0),
            (b"anci", b"ance", m_gt0),
            (b"izer", b"ize", m_gt0),
            (b"bli", b"ble", m_gt0),
            (b"alli", b"al", m_gt0),
            (b"entli", b"ent", m_gt0),
            (b"eli", b"e", m_gt0),
            (b"ousli", b"ous", m_gt0),
            (b"ization", b"ize", m_gt0),
            (b"ation", b"ate", m_gt0),
            (b"ator", b"ate", m_gt0),
            (b"alism", b"al", m_gt0),
            (b"iveness", b"ive", m_gt0),
            (b"fulness", b"ful", m_gt0),
            (b"ousness", b"ous", m_gt0),
            (b"aliti", b"al", m_gt0),
            (b"iviti", b"ive", m_gt0),
            (b"biliti", b"ble", m_gt0),
            (b"fulli", b"ful", m_gt0),
            (b"logi", b"log", logi_cond),
        ],
    )
}

fn step3(w: &mut [u8], n: usize) -> usize {
    apply(
        w,
        n,
        &[
            (b"icate", b"ic", m_gt0),
            (b"ative", b"", m_gt0),
            (b"alize", b"al", m_gt0),
            (b"iciti", b"ic", m_gt0),
            (b"ical", b"ic", m_gt0),
            (b"ful", b"", m_gt0),
            (b"ness", b"", m_gt0),
        ],
    )
}

fn ion_cond(stem: &[u8], _: &[u8]) -> bool {
    measure(stem) > 1 && matches!(stem.last(), Some(b's' | b't'))
}

fn step4(w: &mut [u8], n: usize) -> usize {
    apply(
        w,
        n,
        &[
            (b"al", b"", m_gt1),
            (b"ance", b"", m_gt1),
            (b"ence", b"", m_gt1),
            (b"er", b"", m_gt1),
            (b"ic", b"", m_gt1),
            (b"able", b"", m_gt1),
            (b"ible", b"", m_gt1),
            (b"ant", b"", m_gt1),
            (b"ement", b"", m_gt1),
            (b"ment", b"", m_gt1),
            (b"ent", b"", m_gt1),
            (b"ion", b"", ion_cond),
            (b"ou", b"", m_gt1),
            (b"ism", b"", m_gt1),
            (b"ate", b"", m_gt1),
            (b"iti", b"", m_gt1),
            (b"ous", b"", m_gt1),
            (b"ive", b"", m_gt1),
            (b"ize", b"", m_gt1),
        ],
    )
}

fn step5a(w: &[u8], n: usize) -> usize {
    // Both rules are tried (unlike a rule list): (m>1) E -> ; (m=1 and not *o) E -> .
    if w[..n].ends_with(b"e") {
        let stem = &w[..n - 1];
        let m = measure(stem);
        if m > 1 || (m == 1 && !ends_cvc(stem)) {
            return n - 1;
        }
    }
    n
}

fn step5b(w: &[u8], n: usize) -> usize {
    // (m>1 and *d and *L) -> single letter; NLTK measures the word minus one letter.
    if w[..n].ends_with(b"ll") && measure(&w[..n - 1]) > 1 {
        return n - 1;
    }
    n
}

/// Stems `word` in place as NLTK's `PorterStemmer().stem(word)` does (NLTK_EXTENSIONS mode) for
/// a lowercase word, returning the stem's length: the stem is `word[..len]`, never longer
/// than the word. Words of one or two bytes are returned as they are.
pub fn nltk_stem(word: &mut [u8]) -> usize {
    let n = word.len();
    for (form, stem) in IRREGULAR {
        if *word == *form {
            word[..stem.len()].copy_from_slice(stem);
            return stem.len();
        }
    }
    if n <= 2 {
        return n;
    }
    let n = step1a(word, n);
    let n = step1b(word, n);
    let n = step1c(word, n);
    let n = step2(word, n);
    let n = step3(word, n);
    let n = step4(word, n);
    let n = step5a(word, n);
    step5b(word, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stem(s: &str) -> String {
        let mut b = s.as_bytes().to_vec();
        let n = nltk_stem(&mut b);
        String::from_utf8(b[..n].to_vec()).unwrap()
    }

    #[test]
    fn test_nltk_stems_known_words() {
        // Values from NLTK 3.x PorterStemmer() (NLTK_EXTENSIONS).
        for (w, s) in [
            ("caresses", "caress"),
            ("ponies", "poni"),
            ("ties", "tie"),
            ("cats", "cat"),
            ("feed", "feed"),
            ("agreed", "agre"),
            ("plastered", "plaster"),
            ("motoring", "motor"),
            ("sing", "sing"),
            ("conflated", "conflat"),
            ("hopping", "hop"),
            ("falling", "fall"),
            ("filing", "file"),
            ("happy", "happi"),
            ("enjoy", "enjoy"),
            ("relational", "relat"),
            ("conditional", "condit"),
            ("generalization", "gener"),
            ("hopefulness", "hope"),
            ("electrical", "electr"),
            ("adjustment", "adjust"),
            ("adoption", "adopt"),
            ("controlling", "control"),
            ("skies", "sky"),
            ("dying", "die"),
            ("spied", "spi"),
            ("died", "die"),
            ("flies", "fli"),
            ("dies", "die"),
            ("analogousli", "analog"),
            ("archaeology", "archaeolog"),
            ("radically", "radic"),
            ("yyyy", "yyyi"),
            ("1990s", "1990"),
            ("syzygy", "syzygi"),
        ] {
            assert_eq!(stem(w), s, "{w}");
        }
    }

    #[test]
    fn test_stem_never_grows_and_never_panics() {
        let mut rng = crate::test_rng::Rng(0x1234_5678_9abc_def0);
        for _ in 0..20_000 {
            let seed = rng.next();
            let len = (seed % 24) as usize;
            let mut w: Vec<u8> = (0..len)
                .map(|i| b"aeiouyybcdlstzsemngi0"[((seed >> (i * 2)) % 21) as usize])
                .collect();
            let n = nltk_stem(&mut w);
            assert!(n <= len);
            assert!(n > 0 || len == 0);
        }
        for w in [
            &b"\xff\x00\xfe\x80"[..],
            b"",
            b"\xffies",
            b"ed",
            b"eed",
            b"ied",
        ] {
            let mut v = w.to_vec();
            nltk_stem(&mut v);
        }
    }
}
