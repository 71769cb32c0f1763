//! Python 3.11's `str` methods as the XL-Sum scorer runs them, over Unicode 14.0 (Python 3.11's
//! `unicodedata.unidata_version`), not `core`'s newer Unicode: `str.lower()` with its full
//! mappings and the final-sigma rule, `str.isspace()` (what `str.split()` and `str.strip()`
//! split on), and the classes the scorer's BERT-style cleaning gives each code point.
//!
//! Every table is generated from Python 3.11 itself by `src/pyunicode/gen_tables.py` into
//! `src/pyunicode/tables.rs` (ranges, searched by bisection); `tests/xlsum_pyunicode.rs`
//! compares every code point with Python, and the committed tables with a fresh generation.

mod tables;

use tables::{CLASSES, LOWER_RUNS};

/// GREEK CAPITAL LETTER SIGMA, whose lowercase depends on its neighbours.
const CAPITAL_SIGMA: char = '\u{3A3}';

/// What `BasicTokenizer` (multilingual-rouge 0.0.1 `tokenizers.py` L74-110, L193-204) does with a
/// code point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clean {
    /// Kept, part of a word.
    Keep,
    /// Deleted by `_clean_text` (U+0000, U+FFFD, and `Cc Cf Cs Co Cn` except tab, newline and
    /// carriage return), so its neighbours join.
    Drop,
    /// Turned into a space by `_clean_text` (tab, newline, carriage return, `Zs`).
    Space,
    /// Kept by `_clean_text` but white space to `str.split()` (U+2028, U+2029).
    Break,
    /// Punctuation to `_run_split_on_punc` (ASCII 33-47, 58-64, 91-96, 123-126 or `P*`):
    /// deleted, and it ends the word.
    Punct,
}

/// The generated class bits of a code point (see `tables.rs`).
fn class_bits(c: char) -> u32 {
    let key = (c as u32) << 8 | 0xFF;
    let at = CLASSES.partition_point(|&e| e <= key);
    at.checked_sub(1)
        .and_then(|i| CLASSES.get(i))
        .map_or(0, |e| e & 0xFF)
}

/// The class of an ASCII code point, without the table: letters and digits are kept, every
/// other printable is punctuation (the fork's ASCII ranges), tab, newline, carriage return
/// and space are spaces, the other controls are dropped.
const fn ascii_clean(b: u8) -> Clean {
    match b {
        0 => Clean::Drop,
        b'\t' | b'\n' | b'\r' | b' ' => Clean::Space,
        1..=31 | 127 => Clean::Drop,
        b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' => Clean::Keep,
        _ => Clean::Punct,
    }
}

/// What the scorer's cleaning does with `c` (Python 3.11's categories).
pub fn clean_class(c: char) -> Clean {
    if c.is_ascii() {
        return ascii_clean(c as u8);
    }
    match class_bits(c) & 7 {
        0 => Clean::Keep,
        1 => Clean::Drop,
        2 => Clean::Space,
        3 => Clean::Break,
        _ => Clean::Punct,
    }
}

/// Python 3.11's `str.isspace()` of one code point (what `str.split()` with no argument and
/// `str.strip()` take for white space).
pub fn is_space(c: char) -> bool {
    if c.is_ascii() {
        return matches!(
            c,
            '\t' | '\n' | '\x0B' | '\x0C' | '\r' | '\x1C'..='\x1F' | ' '
        );
    }
    class_bits(c) & 8 != 0
}

/// The final-sigma class: case-ignorable (2), else cased (1), else neither (0).
fn sigma_class(c: char) -> u32 {
    if c.is_ascii() {
        // ASCII letters are cased; the case-ignorable ones are ' . : ^ `.
        return match c {
            'a'..='z' | 'A'..='Z' => 1,
            '\'' | '.' | ':' | '^' | '`' => 2,
            _ => 0,
        };
    }
    (class_bits(c) >> 4) & 3
}

/// Whether a `Σ` between `before` (its left neighbours, nearest first) and `after` (its right
/// neighbours, in order) lowers to final `ς`: CPython 3.11 `Objects/unicodeobject.c`
/// `handle_capital_sigma`, `\p{cased}\p{case-ignorable}* Σ !(\p{case-ignorable}* \p{cased})`.
/// Case-ignorable code points are skipped on both sides (whether they are also cased never
/// matters). Each scan stops at the first code point that is not case-ignorable, so a text's
/// sigmas together read each of its code points at most twice.
fn is_final_sigma(
    mut before: impl Iterator<Item = char>,
    mut after: impl Iterator<Item = char>,
) -> bool {
    let cased_before = before
        .find(|&c| sigma_class(c) != 2)
        .is_some_and(|c| sigma_class(c) == 1);
    cased_before
        && after
            .find(|&c| sigma_class(c) != 2)
            .is_none_or(|c| sigma_class(c) != 1)
}

/// Python's `str.lower()` of one code point alone (the full mapping; `Σ` gives `σ`, its
/// lowercase with no context), written into `out`; returns how many code points (1 or 2:
/// only U+0130 `İ` has two, `i` and U+0307).
pub fn lower_char(c: char, out: &mut [char; 3]) -> usize {
    if c.is_ascii() {
        out[0] = c.to_ascii_lowercase();
        return 1;
    }
    if c == '\u{130}' {
        out[0] = 'i';
        out[1] = '\u{307}';
        return 2;
    }
    out[0] = lower_one(c);
    1
}

/// The single-code-point lowercase of `c` (itself when it has none).
fn lower_one(c: char) -> char {
    let cp = c as u32;
    let at = LOWER_RUNS.partition_point(|r| r.0 <= cp);
    match at.checked_sub(1).and_then(|i| LOWER_RUNS.get(i)) {
        Some(&(first, last, stride, delta))
            if cp <= last && (cp - first).checked_rem(stride) == Some(0) =>
        {
            char::from_u32(cp.wrapping_add_signed(delta)).unwrap_or(c)
        }
        _ => c,
    }
}

/// Python's `str.lower()` of a whole word (with the final-sigma rule, which depends on the
/// neighbours of a `Σ` inside `word`), written into `out` after its current contents.
/// Lowercasing at most doubles the code points (`İ` becomes `i` + U+0307), so an `out` of
/// twice the word's length has room.
pub fn lower_into(word: &[char], out: &mut crate::stem::Word<'_>) {
    let mut buf = ['\0'; 3];
    for (i, &c) in word.iter().enumerate() {
        if c == CAPITAL_SIGMA {
            let before = word.get(..i).unwrap_or(&[]).iter().rev().copied();
            let after = word.get(i + 1..).unwrap_or(&[]).iter().copied();
            out.push(if is_final_sigma(before, after) {
                '\u{3C2}'
            } else {
                '\u{3C3}'
            });
            continue;
        }
        let n = lower_char(c, &mut buf);
        out.push_chars(buf.get(..n).unwrap_or(&[]));
    }
}

/// Python's `str.lower()` of `text`, code point by code point ([`lower`]).
pub struct Lower<'t> {
    text: &'t str,
    at: usize,
    /// The second code point of a two-code-point lowercase, still to come.
    pending: Option<char>,
}

/// The code points of Python 3.11's `text.lower()`, final sigma included. There are at most
/// as many as `text` has bytes (a code point lowers to at most as many code points as its
/// UTF-8 bytes), and their UTF-8 takes at most half again the bytes of `text`.
pub fn lower(text: &str) -> Lower<'_> {
    Lower {
        text,
        at: 0,
        pending: None,
    }
}

impl Iterator for Lower<'_> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        if let Some(c) = self.pending.take() {
            return Some(c);
        }
        let rest = self.text.get(self.at..)?;
        let c = rest.chars().next()?;
        let start = self.at;
        self.at += c.len_utf8();
        if c == CAPITAL_SIGMA {
            let before = self.text.get(..start).unwrap_or("").chars().rev();
            let after = self.text.get(self.at..).unwrap_or("").chars();
            return Some(if is_final_sigma(before, after) {
                '\u{3C2}'
            } else {
                '\u{3C3}'
            });
        }
        let mut buf = ['\0'; 3];
        let n = lower_char(c, &mut buf);
        if n == 2 {
            self.pending = Some(buf[1]);
        }
        Some(buf[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lowered(s: &str) -> String {
        lower(s).collect()
    }

    #[test]
    fn test_lower_follows_python_examples() {
        // Python 3.11: "ΔΣ".lower() == "δς", "Σ".lower() == "σ", "ΣΑ".lower() == "σα",
        // "İ".lower() == "i̇", "ẞ".lower() == "ß", "A.Σ".lower() == "a.ς" ('.' is case-ignorable).
        assert_eq!(lowered("ΔΣ"), "δς");
        assert_eq!(lowered("Σ"), "σ");
        assert_eq!(lowered("ΣΑ"), "σα");
        assert_eq!(lowered("ΟΔΥΣΣΕΥΣ ΣΑ"), "οδυσσευς σα");
        assert_eq!(lowered("İstanbul"), "i\u{307}stanbul");
        assert_eq!(lowered("ẞ"), "ß");
        assert_eq!(lowered("A.Σ"), "a.ς");
        assert_eq!(lowered("A.Σ.b"), "a.σ.b");
        assert_eq!(lowered("\u{212A}"), "k");
    }

    #[test]
    fn test_lower_into_keeps_sigma_context_inside_the_word() {
        let word: Vec<char> = "ΑΣ".chars().collect();
        let mut buf = ['\0'; 8];
        let mut w = crate::stem::Word::new(&mut buf);
        lower_into(&word, &mut w);
        assert_eq!(w.chars().iter().collect::<String>(), "ας");
    }

    #[test]
    fn test_classes_of_known_code_points() {
        assert_eq!(clean_class('\u{200B}'), Clean::Drop); // ZWSP is Cf
        assert_eq!(clean_class('\u{A0}'), Clean::Space);
        assert_eq!(clean_class('\u{2028}'), Clean::Break);
        assert_eq!(clean_class('«'), Clean::Punct);
        assert_eq!(clean_class('€'), Clean::Keep);
        assert_eq!(clean_class('\u{FFFD}'), Clean::Drop);
        assert!(is_space('\u{3000}') && is_space('\u{85}') && !is_space('\u{200B}'));
    }

    #[test]
    fn test_tables_are_sorted() {
        assert!(CLASSES.windows(2).all(|w| w[0] >> 8 < w[1] >> 8));
        assert!(LOWER_RUNS.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(LOWER_RUNS.iter().all(|r| r.2 > 0 && (r.1 - r.0) % r.2 == 0));
    }
}
