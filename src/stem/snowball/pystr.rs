//! Python's `str` indexing, slicing and tests as NLTK's Snowball code uses them, over code
//! points, with Python's rules where they differ from Rust's: negative indices count from the
//! end, slices clamp to the string instead of failing, `"" in s` is true.
//!
//! An index Python would reject (`word[-5]` of a 4-letter word raises `IndexError`) is `None`
//! here; each port says what it makes of that (in the ports of this crate those sites are
//! unreachable: a region that ends with the suffix tested is long enough).

use crate::stem::word::starts_with;
use crate::stem::Word;

/// `s[i]`, or `None` where Python raises `IndexError`.
pub(crate) fn at(s: &[char], i: isize) -> Option<char> {
    let j = if i < 0 {
        s.len().checked_sub(i.unsigned_abs())?
    } else {
        usize::try_from(i).ok()?
    };
    s.get(j).copied()
}

/// `s[start:end]` with Python's clamping (`isize::MAX` for an omitted end).
pub(crate) fn slice(s: &[char], start: isize, end: isize) -> &[char] {
    let a = clamp(s.len(), start);
    let b = clamp(s.len(), end);
    if a >= b {
        return &[];
    }
    s.get(a..b).unwrap_or(&[])
}

/// A slice bound as Python resolves it for a sequence of `len` items.
fn clamp(len: usize, i: isize) -> usize {
    if i < 0 {
        len.saturating_sub(i.unsigned_abs())
    } else {
        usize::try_from(i).unwrap_or(usize::MAX).min(len)
    }
}

/// `needle in hay` for two strings (a substring test; the empty string is in every string).
pub(crate) fn contains(hay: &[char], needle: &str) -> bool {
    let n = crate::stem::word::char_count(needle);
    if n == 0 {
        return true;
    }
    (0..hay.len().saturating_sub(n - 1)).any(|i| starts_with(hay.get(i..).unwrap_or(&[]), needle))
}

/// `s == t` for a slice and a string.
pub(crate) fn eq(s: &[char], t: &str) -> bool {
    crate::stem::word::eq_str(s, t)
}

/// `s in strings` for a tuple of strings (equality with one of them).
pub(crate) fn eq_any(s: &[char], strings: &[&str]) -> bool {
    strings.iter().any(|t| eq(s, t))
}

/// `word.endswith(suffixes)` for a tuple of suffixes.
pub(crate) fn ends_with_any(word: &Word<'_>, suffixes: &[&str]) -> bool {
    suffixes.iter().any(|s| word.ends_with(s))
}

/// `word = word.lower()` (Python 3.11's full mapping, `crate::pyunicode::lower_into`), with
/// `tmp` (at least `word.len()` code points) for the copy it reads. A `tmp` too short is never
/// given by the stemmers; the word is then left as it is.
pub(crate) fn lower(word: &mut Word<'_>, tmp: &mut [char]) {
    let n = word.len();
    let Some(copy) = tmp.get_mut(..n) else {
        return;
    };
    for (slot, &c) in copy.iter_mut().zip(word.chars()) {
        *slot = c;
    }
    word.clear();
    crate::pyunicode::lower_into(copy, word);
}

/// A region (NLTK's `r1`, `r2`, `rv`: a string NLTK edits apart from the word) in `buf`: the
/// code points of `word` from `start` on.
pub(crate) fn region<'a>(buf: &'a mut [char], word: &[char], start: usize) -> Word<'a> {
    Word::from_chars(buf, word.get(start..).unwrap_or(&[]))
}

/// Splits `n` code points (fewer if `buf` is shorter) off the front of `buf`.
pub(crate) fn take(buf: &mut [char], n: usize) -> (&mut [char], &mut [char]) {
    let n = n.min(buf.len());
    buf.split_at_mut(n)
}

/// The ports' unit tests: NLTK's stems of a few words.
#[cfg(test)]
pub(crate) fn assert_stems(stemmer: crate::stem::Stemmer, cases: &[(&str, &str)]) {
    for &(word, want) in cases {
        let word_chars: Vec<char> = word.chars().collect();
        let mut scratch = vec!['\0'; crate::stem::scratch_chars(word_chars.len())];
        let got: String = crate::stem::stem(stemmer, &word_chars, &mut scratch)
            .unwrap()
            .iter()
            .collect();
        assert_eq!(got, want, "{stemmer:?} {word:?}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cs(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    fn st(s: &[char]) -> String {
        s.iter().collect()
    }

    #[test]
    fn test_indexing_and_slicing_follow_python() {
        // Expected values are Python 3.11's for the same expressions.
        let w = cs("abcde");
        assert_eq!(
            (at(&w, 0), at(&w, -1), at(&w, -5), at(&w, -6), at(&w, 5)),
            (Some('a'), Some('e'), Some('a'), None, None)
        );
        assert_eq!(st(slice(&w, -3, -1)), "cd"); // 'abcde'[-3:-1]
        assert_eq!(st(slice(&w, -9, -3)), "ab"); // 'abcde'[-9:-3]
        assert_eq!(st(slice(&w, -9, -7)), ""); // 'abcde'[-9:-7]
        assert_eq!(st(slice(&w, -2, isize::MAX)), "de"); // 'abcde'[-2:]
        assert_eq!(st(slice(&w, 3, 1)), ""); // 'abcde'[3:1]
        assert_eq!(st(slice(&w, 1, 99)), "bcde"); // 'abcde'[1:99]
        assert!(
            contains(&w, "bcd") && contains(&w, "") && contains(&[], "") && !contains(&w, "ce")
        );
        assert!(!contains(&cs("ab"), "abc") && contains(&w, "de") && contains(&w, "ab"));
    }
}
