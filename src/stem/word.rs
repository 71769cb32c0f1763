//! A word being stemmed: code points in caller memory, edited in place.
//!
//! The stemmers this crate ports are Python code over `str`, so they index, slice and measure
//! words in code points (`word[-3:]`, `len(word) > 3`, a region starting at the third
//! vowel). A [`Word`] holds the code points of one word in a caller-provided `[char]`
//! buffer, so a port can follow its Python line by line with no allocation: `word[:-2]` is
//! `truncate(len - 2)`, `word.endswith(s)` is `ends_with(s)`, `word[:-2] + "x"` is
//! `replace_suffix(2, "x")`. Nothing here panics: a write past the buffer's capacity is
//! dropped and reported by [`Word::overflowed`] (the stemmers' buffers are sized by
//! [`super::scratch_chars`], so it never happens; the tests check the flag).

/// A word of at most `buf.len()` code points held in `buf`.
#[derive(Debug)]
pub struct Word<'a> {
    buf: &'a mut [char],
    len: usize,
    overflowed: bool,
}

impl<'a> Word<'a> {
    /// An empty word over `buf` (its capacity).
    pub fn new(buf: &'a mut [char]) -> Self {
        Word {
            buf,
            len: 0,
            overflowed: false,
        }
    }

    /// A word over `buf` holding `chars`.
    pub fn from_chars(buf: &'a mut [char], chars: &[char]) -> Self {
        let mut w = Word::new(buf);
        w.push_chars(chars);
        w
    }

    /// A word over `buf` holding the code points of `s`.
    pub fn from_str(buf: &'a mut [char], s: &str) -> Self {
        let mut w = Word::new(buf);
        w.push_str(s);
        w
    }

    /// The code points.
    pub fn chars(&self) -> &[char] {
        self.buf.get(..self.len).unwrap_or(&[])
    }

    /// The code points, mutable (same length).
    pub fn chars_mut(&mut self) -> &mut [char] {
        self.buf.get_mut(..self.len).unwrap_or(&mut [])
    }

    /// Number of code points (Python's `len(word)`).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the word is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Capacity in code points.
    pub fn capacity(&self) -> usize {
        self.buf.len()
    }

    /// Whether a write was dropped for lack of capacity (never, with buffers sized by
    /// [`super::scratch_chars`]).
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Code point `i`, or `None` past the end (Python's `word[i]` for `i < len`).
    pub fn get(&self, i: usize) -> Option<char> {
        self.chars().get(i).copied()
    }

    /// Code point `len - 1 - i` counted from the end (`word[-1 - i]`), or `None`.
    pub fn get_back(&self, i: usize) -> Option<char> {
        let c = self.chars();
        c.len().checked_sub(i + 1).and_then(|j| c.get(j)).copied()
    }

    /// Sets code point `i` (no effect past the end).
    pub fn set(&mut self, i: usize, c: char) {
        if let Some(slot) = self.chars_mut().get_mut(i) {
            *slot = c;
        }
    }

    /// Empties the word.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the first `len` code points (`word[:len]`; no effect when `len >= self.len()`).
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Drops the last `n` code points (`word[:-n]` for `0 < n <= len`; empties the word when
    /// `n >= len`).
    pub fn drop_last(&mut self, n: usize) {
        self.len = self.len.saturating_sub(n);
    }

    /// Drops the first `n` code points (`word[n:]`).
    pub fn drop_first(&mut self, n: usize) {
        let n = n.min(self.len);
        self.move_within(n, self.len, 0);
        self.len -= n;
    }

    /// Appends one code point.
    pub fn push(&mut self, c: char) {
        match self.buf.get_mut(self.len) {
            Some(slot) => {
                *slot = c;
                self.len += 1;
            }
            None => self.overflowed = true,
        }
    }

    /// Appends code points.
    pub fn push_chars(&mut self, chars: &[char]) {
        for &c in chars {
            self.push(c);
        }
    }

    /// Appends the code points of `s`.
    pub fn push_str(&mut self, s: &str) {
        for c in s.chars() {
            self.push(c);
        }
    }

    /// Replaces the word's contents with `chars` (`word = other`).
    pub fn assign(&mut self, chars: &[char]) {
        self.clear();
        self.push_chars(chars);
    }

    /// Replaces the word's contents with the code points of `s`.
    pub fn assign_str(&mut self, s: &str) {
        self.clear();
        self.push_str(s);
    }

    /// `word[:-n] + s`: drops the last `n` code points and appends `s`.
    pub fn replace_suffix(&mut self, n: usize, s: &str) {
        self.drop_last(n);
        self.push_str(s);
    }

    /// Whether the word ends with the code points of `suffix` (`word.endswith(suffix)`).
    pub fn ends_with(&self, suffix: &str) -> bool {
        ends_with(self.chars(), suffix)
    }

    /// Whether the word starts with the code points of `prefix` (`word.startswith(prefix)`).
    pub fn starts_with(&self, prefix: &str) -> bool {
        starts_with(self.chars(), prefix)
    }

    /// Whether the word equals `s` (`word == s`).
    pub fn eq_str(&self, s: &str) -> bool {
        eq_str(self.chars(), s)
    }

    /// Whether the word contains code point `c` (`c in word`).
    pub fn contains(&self, c: char) -> bool {
        self.chars().contains(&c)
    }

    /// Replaces every occurrence of `from` by the code points of `to`, left to right, not
    /// rescanning replaced text (Python's `word.replace(from, to)`).
    pub fn replace_all(&mut self, from: &str, to: &str) {
        let from_len = from.chars().count();
        if from_len == 0 || from_len > self.len {
            return;
        }
        let to_len = to.chars().count();
        if to_len <= from_len {
            // In place, left to right: the write index never passes the read index.
            let (mut r, mut w) = (0, 0);
            while r < self.len {
                if starts_with(self.buf.get(r..self.len).unwrap_or(&[]), from) {
                    for c in to.chars() {
                        self.put(w, c);
                        w += 1;
                    }
                    r += from_len;
                } else {
                    if let Some(c) = self.buf.get(r).copied() {
                        self.put(w, c);
                    }
                    w += 1;
                    r += 1;
                }
            }
            self.len = w;
        } else {
            // Growing: Python's matches are found left to right; the text is rebuilt right to
            // left, the k-th match found again by a scan from the start (words are short). The
            // scan only reads the prefix before the text already moved, which is intact.
            let matches = self.match_count(from, from_len, self.len);
            let new_len = self.len + matches * (to_len - from_len);
            if new_len > self.buf.len() {
                self.overflowed = true;
                return;
            }
            let (mut w, mut r) = (new_len, self.len);
            for k in (1..=matches).rev() {
                let pos = self.nth_match(from, from_len, k);
                let tail = r.saturating_sub(pos + from_len);
                self.move_within(pos + from_len, r, w.saturating_sub(tail));
                w = w.saturating_sub(tail + to_len);
                for (i, c) in to.chars().enumerate() {
                    self.put(w + i, c);
                }
                r = pos;
            }
            self.len = new_len;
        }
    }

    /// Sets `buf[i]` (no effect past the capacity, which the callers' index arithmetic never
    /// reaches): a checked write, so the edits carry no bounds-check panic into the C library.
    fn put(&mut self, i: usize, c: char) {
        if let Some(slot) = self.buf.get_mut(i) {
            *slot = c;
        }
    }

    /// `buf.copy_within(start..end, dest)` with checked accesses (no panic site): forwards
    /// when moving left, backwards when moving right, so overlapping ranges copy as memmove.
    fn move_within(&mut self, start: usize, end: usize, dest: usize) {
        let n = end.saturating_sub(start);
        if dest <= start {
            for i in 0..n {
                if let Some(c) = self.buf.get(start + i).copied() {
                    self.put(dest + i, c);
                }
            }
        } else {
            for i in (0..n).rev() {
                if let Some(c) = self.buf.get(start + i).copied() {
                    self.put(dest + i, c);
                }
            }
        }
    }

    /// Number of non-overlapping matches of `from` in the first `end` code points, left to
    /// right.
    fn match_count(&self, from: &str, from_len: usize, end: usize) -> usize {
        let (mut n, mut p) = (0, 0);
        while p < end {
            if starts_with(self.buf.get(p..end).unwrap_or(&[]), from) {
                n += 1;
                p += from_len;
            } else {
                p += 1;
            }
        }
        n
    }

    /// Start of the `k`-th (from 1) non-overlapping match of `from`, left to right.
    fn nth_match(&self, from: &str, from_len: usize, k: usize) -> usize {
        let (mut n, mut p) = (0, 0);
        while p < self.len {
            if starts_with(self.buf.get(p..self.len).unwrap_or(&[]), from) {
                n += 1;
                if n == k {
                    return p;
                }
                p += from_len;
            } else {
                p += 1;
            }
        }
        p
    }
}

/// Whether `word` ends with the code points of `suffix`.
pub fn ends_with(word: &[char], suffix: &str) -> bool {
    let mut w = word.iter().rev();
    for c in suffix.chars().rev() {
        if w.next() != Some(&c) {
            return false;
        }
    }
    true
}

/// Whether `word` starts with the code points of `prefix`.
pub fn starts_with(word: &[char], prefix: &str) -> bool {
    let mut w = word.iter();
    for c in prefix.chars() {
        if w.next() != Some(&c) {
            return false;
        }
    }
    true
}

/// Whether `word` equals the code points of `s`.
pub fn eq_str(word: &[char], s: &str) -> bool {
    let mut w = word.iter();
    for c in s.chars() {
        if w.next() != Some(&c) {
            return false;
        }
    }
    w.next().is_none()
}

/// Number of code points of `s`, for suffix lengths in `const` tables.
pub const fn char_count(s: &str) -> usize {
    let b = s.as_bytes();
    let mut i = 0;
    let mut n = 0;
    while i < b.len() {
        // Count every byte that does not continue a sequence.
        if b[i] & 0xC0 != 0x80 {
            n += 1;
        }
        i += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(w: &Word) -> String {
        w.chars().iter().collect()
    }

    #[test]
    fn test_edits_follow_python_string_operations() {
        let mut buf = ['\0'; 16];
        let mut w = Word::from_str(&mut buf, "ﬁnançaß");
        assert_eq!(w.len(), 7);
        assert!(w.ends_with("ß") && w.ends_with("çaß") && !w.ends_with("x"));
        assert!(w.starts_with("ﬁn") && w.eq_str("ﬁnançaß") && !w.eq_str("ﬁnança"));
        w.replace_all("ß", "ss");
        assert_eq!(s(&w), "ﬁnançass");
        w.replace_suffix(2, "e");
        assert_eq!(s(&w), "ﬁnançae");
        w.drop_first(1);
        assert_eq!(s(&w), "nançae");
        assert_eq!(
            (w.get(0), w.get_back(0), w.get(9)),
            (Some('n'), Some('e'), None)
        );
        w.replace_all("a", "");
        assert_eq!(s(&w), "nnçe");
        w.drop_last(10);
        assert!(w.is_empty() && !w.overflowed());
    }

    #[test]
    fn test_replace_all_growing_matches_python() {
        for (word, from, to, want) in [
            ("aßbßc", "ß", "ss", "assbssc"),
            ("ßß", "ß", "xyz", "xyzxyz"),
            ("aaa", "aa", "bbb", "bbba"),
            ("abc", "x", "yy", "abc"),
        ] {
            let mut buf = ['\0'; 32];
            let mut w = Word::from_str(&mut buf, word);
            w.replace_all(from, to);
            assert_eq!(s(&w), want, "{word} {from} {to}");
        }
    }

    #[test]
    fn test_overflow_is_reported_not_a_panic() {
        let mut buf = ['\0'; 3];
        let w = Word::from_str(&mut buf, "abcd");
        assert!(w.overflowed() && w.len() == 3);
        let mut buf = ['\0'; 3];
        let mut w = Word::from_str(&mut buf, "ßß");
        w.replace_all("ß", "ss");
        assert!(w.overflowed());
        assert_eq!(char_count("çaß"), 3);
    }
}
