//! The Python string operations NLTK's Snowball ports use beyond [`Word`]'s: `s.lower()`, a
//! substring test (`sub in s`, which NLTK writes where a suffix test was meant), `s.index`,
//! `s.rindex`, slices counted from the end with Python's clamping (`s[-5:-3]`), and the
//! carving of a port's `spare` into buffers for its regions.

use crate::stem::word::starts_with;
use crate::stem::Word;

/// NLTK's `word = word.lower()`: `word` lowercased in place (Python's full mappings, through
/// `pyunicode::lower_into`), `tmp` holding the lowercase copy meanwhile (at least twice the
/// word's length: `İ` lowercases to two code points).
pub(crate) fn lower(word: &mut Word<'_>, tmp: &mut [char]) {
    let mut lower = Word::new(tmp);
    crate::pyunicode::lower_into(word.chars(), &mut lower);
    debug_assert!(!lower.overflowed(), "lowercase copy outgrew its buffer");
    word.assign(lower.chars());
}

/// `sub in s` (a substring test).
pub(crate) fn contains(s: &[char], sub: &str) -> bool {
    find(s, sub).is_some()
}

/// `s.find(sub)`: the first position of `sub` in `s` (`s.index(sub)` where it is found).
pub(crate) fn find(s: &[char], sub: &str) -> Option<usize> {
    (0..=s.len()).find(|&i| starts_with(s.get(i..).unwrap_or(&[]), sub))
}

/// `s.rfind(sub)`: the last position of `sub` in `s` (`s.rindex(sub)` where it is found).
pub(crate) fn rfind(s: &[char], sub: &str) -> Option<usize> {
    (0..=s.len())
        .rev()
        .find(|&i| starts_with(s.get(i..).unwrap_or(&[]), sub))
}

/// `s[-from:-to]` for `from >= to >= 0`, with Python's clamping (`to = 0` is `s[-from:]`): the
/// code points from `from` before the end up to `to` before it, fewer where `s` is shorter.
pub(crate) fn back_slice(s: &[char], from: usize, to: usize) -> &[char] {
    let start = s.len().saturating_sub(from);
    let end = s.len().saturating_sub(to);
    s.get(start..end).unwrap_or(&[])
}

/// `s[i]` for a possibly negative `i` counted as Python does (`s[-1]` is the last code
/// point); `None` where Python raises `IndexError`.
pub(crate) fn at(s: &[char], i: isize) -> Option<char> {
    let j = if i < 0 {
        s.len().checked_sub(i.unsigned_abs())?
    } else {
        i.unsigned_abs()
    };
    s.get(j).copied()
}

/// Whether `s` ends with one of `suffixes` (`s.endswith(tuple)`).
pub(crate) fn ends_with_any(s: &[char], suffixes: &[&str]) -> bool {
    suffixes.iter().any(|x| crate::stem::word::ends_with(s, x))
}

/// `spare` cut into three equal buffers, for a port's copies of its regions (`r1`, `r2`,
/// `rv`): each holds `2n + 16` code points for a word of `n` when `spare` has the
/// `6n + 48` that `scratch_chars` leaves it, more than a region of the lowercased word (at
/// most `2n`) grows to.
pub(crate) fn thirds(spare: &mut [char]) -> (&mut [char], &mut [char], &mut [char]) {
    let third = spare.len() / 3;
    // `min`: the compiler then sees each split in bounds (no panic site in the C library).
    let (a, rest) = spare.split_at_mut(third.min(spare.len()));
    let (b, c) = rest.split_at_mut(third.min(rest.len()));
    (a, b, c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cs(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn test_python_string_operations() {
        let s = cs("abcabc");
        assert_eq!((find(&s, "bc"), rfind(&s, "bc")), (Some(1), Some(4)));
        assert_eq!((find(&s, "x"), rfind(&s, "")), (None, Some(6)));
        assert!(contains(&s, "cab") && !contains(&s, "cc") && contains(&s, ""));
        // 'abcabc'[-5:-3] == 'bc', [-9:-4] == 'ab', [-2:] == 'bc', [-9:-8] == ''
        assert_eq!(back_slice(&s, 5, 3), cs("bc"));
        assert_eq!(back_slice(&s, 9, 4), cs("ab"));
        assert_eq!(back_slice(&s, 2, 0), cs("bc"));
        assert_eq!(back_slice(&s, 9, 8), cs(""));
        assert_eq!(
            (at(&s, -1), at(&s, -6), at(&s, -7), at(&s, 0), at(&s, 6)),
            (Some('c'), Some('a'), None, Some('a'), None)
        );
        assert!(ends_with_any(&s, &["x", "bc"]) && !ends_with_any(&s, &["x", "b"]));
        let mut spare = ['\0'; 10];
        let (a, b, c) = thirds(&mut spare);
        assert_eq!((a.len(), b.len(), c.len()), (3, 3, 4));
    }

    #[test]
    fn test_any_word_stems_within_its_scratch_without_a_panic() {
        use crate::stem::Stemmer;
        // Letters of every port's alphabet and rules, case-mapping specials that grow (`İ`
        // lowercases to two code points, Portuguese writes `ã` as two), marks, other scripts.
        const POOL: [char; 40] = [
            'a', 'e', 'i', 'o', 'u', 'y', 'Y', 's', 't', 'l', 'n', 'g', 'q', 'c', 'r', '\'',
            '\u{2019}', '\u{e9}', '\u{e8}', '\u{e3}', '\u{c3}', '\u{f5}', '\u{fc}', '\u{e7}',
            '\u{103}', '\u{163}', '\u{130}', '\u{3a3}', '\u{df}', '\u{301}', '\u{627}', '\u{644}',
            '\u{64a}', '\u{646}', '\u{62a}', '\u{623}', '\u{64b}', '-', '\u{640}', '~',
        ];
        let stemmers = [
            Stemmer::Porter,
            Stemmer::Arabic,
            Stemmer::English,
            Stemmer::French,
            Stemmer::Spanish,
            Stemmer::Portuguese,
            Stemmer::Italian,
            Stemmer::Romanian,
        ];
        let mut rng = crate::test_rng::Rng(0x5eed_0f_57e4_u64);
        let mut words: Vec<Vec<char>> = vec![
            vec![],
            vec!['\u{130}'; 40],
            vec!['\u{c3}'; 40],
            vec!['\u{e3}'; 3],
            "i\u{130}\u{c3}o~es".chars().collect(),
        ];
        for _ in 0..4000 {
            let seed = rng.next();
            let len = (seed % 19) as usize;
            words.push((0..len).map(|_| POOL[(rng.next() % 40) as usize]).collect());
        }
        for word in &words {
            for stemmer in stemmers {
                // `stem` asserts (debug) that the word never outgrew its buffer.
                let mut scratch = vec!['\0'; crate::stem::scratch_chars(word.len())];
                assert!(crate::stem::stem(stemmer, word, &mut scratch).is_some());
                let short = crate::stem::scratch_chars(word.len()) - 1;
                assert!(crate::stem::stem(stemmer, word, &mut scratch[..short]).is_none());
            }
        }
    }
}

/// `stem(stemmer, word)` as a `String`, for the ports' tests.
#[cfg(test)]
pub(crate) fn stem_str(stemmer: crate::stem::Stemmer, word: &str) -> String {
    let word: Vec<char> = word.chars().collect();
    let mut scratch = vec!['\0'; crate::stem::scratch_chars(word.len())];
    crate::stem::stem(stemmer, &word, &mut scratch)
        .unwrap()
        .iter()
        .collect()
}
