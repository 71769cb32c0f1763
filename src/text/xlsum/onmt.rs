//! pyonmttok's `Tokenizer("aggressive")` with its default options, as the XL-Sum scorer builds
//! it (multilingual-rouge 0.0.1 `rouge_scorer.py` L56, L80): a port of OpenNMT Tokenizer 1.38
//! `src/Tokenizer.cc` `Tokenizer::tokenize_text` (pyonmttok 1.38.1) for what its defaults
//! leave of it: no joiners or spacers (so no join flags), no case features, no segmentation
//! options, no subword model. What remains:
//!
//! - code points below 32 and U+FEFF are skipped (they neither split nor join);
//! - combining marks (ICU `M*`) after a code point join its token, whatever it is;
//! - a separator (ICU `Zs Zl Zp`) ends the token; one followed by marks becomes a token of its
//!   own, `％` and its code point in 4 lowercase hex digits, then the marks (`" ́"` gives
//!   `"％0020́"`);
//! - letters (ICU `L*`) join letters, numbers (`N*`) join numbers (`covid19` gives `covid`,
//!   `19`); a letter after a number, or a number after a letter, starts a token;
//! - any other code point (symbols, punctuation, controls, a mark with nothing before it) is
//!   a token of its own, after the substitutions `▁`->`_`, `￭`->`■`, `￨`->`│`, `％`->`%`,
//!   `＃`->`#`, `：`->`:`;
//! - `｟` opens a placeholder, one token up to and including `｠` (or the end), whose separators
//!   are escaped as above and whose code points are not substituted; a letter or number right
//!   after it starts a new token.
//!
//! The classes come from ICU 73 (Unicode 15.0), generated into `onmt_tables.rs` by probing
//! pyonmttok itself (`gen_onmt_tables.py`); `tests/xlsum_onmt.rs` compares every code point in
//! context, and random strings, with pyonmttok.

use super::onmt_tables::CLASSES;
use crate::Error;

/// A code point's class in `tokenize_text` (ICU's general category, grouped as
/// `unicode::get_char_type` does in OpenNMT Tokenizer 1.38 `src/unicode/Unicode.cc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CharType {
    /// Anything else: symbols, punctuation, controls, unassigned.
    Other,
    /// `Lu Ll Lt Lm Lo`.
    Letter,
    /// `Nd Nl No`.
    Number,
    /// `Mn Me Mc`.
    Mark,
    /// `Zs Zl Zp`.
    Separator,
}

/// The class of `c` under ICU 73.
pub fn char_type(c: char) -> CharType {
    if c.is_ascii() {
        return match c {
            ' ' => CharType::Separator,
            'a'..='z' | 'A'..='Z' => CharType::Letter,
            '0'..='9' => CharType::Number,
            _ => CharType::Other,
        };
    }
    let key = (c as u32) << 8 | 0xFF;
    let at = CLASSES.partition_point(|&e| e <= key);
    match at
        .checked_sub(1)
        .and_then(|i| CLASSES.get(i))
        .map_or(0, |e| e & 0xFF)
    {
        1 => CharType::Letter,
        2 => CharType::Number,
        3 => CharType::Mark,
        4 => CharType::Separator,
        _ => CharType::Other,
    }
}

/// Whether `tokenize_text` skips `c` ("skip special characters and BOM").
fn skipped(c: char) -> bool {
    (c as u32) < 32 || c == '\u{FEFF}'
}

/// The placeholder markers (`Tokenizer::ph_marker_open`, `ph_marker_close`).
const PH_OPEN: char = '\u{FF5F}';
const PH_CLOSE: char = '\u{FF60}';
/// `protected_character`, the prefix of an escaped separator.
const PROTECTED: char = '\u{FF05}';

/// `safe_append`'s substitutes (`Tokenizer.cc` `substitutes`): OpenNMT's own markers and the
/// characters of its escapes become look-alikes, so they cannot be read back as markers.
fn substitute(c: char) -> char {
    match c {
        '\u{2581}' => '_',
        '\u{FFED}' => '\u{25A0}',
        '\u{FFE8}' => '\u{2502}',
        '\u{FF05}' => '%',
        '\u{FF03}' => '#',
        '\u{FF1A}' => ':',
        _ => c,
    }
}

/// Code points of token buffer [`tokenize`] needs for `n` code points of input that holds no
/// placeholder opener `｟` (the XL-Sum pipeline's: its cleaning deletes punctuation): a token
/// is a run of the input, or an escaped separator (5 code points) and its marks.
pub const fn token_chars(n: usize) -> usize {
    n.saturating_add(4)
}

/// [`token_chars`] for any input: each separator inside a placeholder is escaped to 5 code
/// points.
pub const fn token_chars_any(n: usize) -> usize {
    n.saturating_mul(5).saturating_add(4)
}

/// The token being built (`TokensBuilder`), in a caller's buffer.
struct Builder<'b> {
    buf: &'b mut [char],
    len: usize,
}

impl Builder<'_> {
    fn push(&mut self, c: char) -> Result<(), Error> {
        let slot = self.buf.get_mut(self.len).ok_or(Error::InvalidArgument)?;
        *slot = c;
        self.len += 1;
        Ok(())
    }

    fn push_all(&mut self, chars: &[char]) -> Result<(), Error> {
        chars.iter().try_for_each(|&c| self.push(c))
    }

    /// `escape_append`: `％` and the code point in at least 4 lowercase hex digits
    /// (`int_to_hex(value, 4)`).
    fn push_escaped(&mut self, c: char) -> Result<(), Error> {
        self.push(PROTECTED)?;
        let v = c as u32;
        let digits = (32 - v.leading_zeros()).div_ceil(4).max(4);
        for k in (0..digits).rev() {
            let d = (v >> (4 * k)) & 0xF;
            self.push(char::from_digit(d, 16).unwrap_or('0'))?;
        }
        Ok(())
    }

    /// `segment`: hands the token over, if any.
    fn segment(
        &mut self,
        emit: &mut impl FnMut(&[char]) -> Result<(), Error>,
    ) -> Result<(), Error> {
        if self.len > 0 {
            let token = self.buf.get(..self.len).unwrap_or(&[]);
            self.len = 0;
            emit(token)?;
        }
        Ok(())
    }
}

/// `State` in `tokenize_text`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Space,
    Letter,
    Number,
    Other,
    Placeholder,
}

/// `get_next_main_char`: the first index after `i` that is not a mark.
fn next_main(chars: &[char], i: usize) -> usize {
    let mut j = i + 1;
    while chars
        .get(j)
        .is_some_and(|&c| char_type(c) == CharType::Mark)
    {
        j += 1;
    }
    j
}

/// Tokenises `chars` as `pyonmttok.Tokenizer("aggressive").tokenize` does, calling `emit` with
/// each token in order. Tokens are built in `token_buf`: [`token_chars`] of the input's length
/// (or [`token_chars_any`] when it may hold `｟`); a shorter one, which makes a token outgrow
/// it, fails with `InvalidArgument`, after the tokens before it were emitted.
pub fn tokenize(
    chars: &[char],
    token_buf: &mut [char],
    mut emit: impl FnMut(&[char]) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut b = Builder {
        buf: token_buf,
        len: 0,
    };
    let mut state = State::Space;
    // `prev_alphabet == placeholder_alphabet`: the last letter-like thing was a placeholder.
    // Only read while `state == Letter`, which a placeholder's end sets and a letter resets.
    let mut after_placeholder = false;
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        if skipped(c) {
            i += 1;
            continue;
        }
        let next = next_main(chars, i);
        let marks = chars.get(i + 1..next).unwrap_or(&[]);
        if state == State::Placeholder {
            // Code points one at a time: marks are not attached here (they follow as any
            // other code point of the placeholder).
            if c == PH_CLOSE {
                b.push(c)?;
                after_placeholder = true;
                state = State::Letter;
            } else if char_type(c) == CharType::Separator {
                b.push_escaped(c)?;
            } else {
                b.push(c)?;
            }
            i += 1;
            continue;
        }
        if c == PH_OPEN {
            if state != State::Space {
                b.segment(&mut emit)?;
            }
            b.push(c)?;
            state = State::Placeholder;
            i += 1;
            continue;
        }
        match char_type(c) {
            CharType::Separator if !marks.is_empty() => {
                // Quirk: a separator carrying combining marks is kept, escaped, as a token.
                if state != State::Space {
                    b.segment(&mut emit)?;
                }
                b.push_escaped(c)?;
                b.push_all(marks)?;
                b.segment(&mut emit)?;
                state = State::Other;
            }
            CharType::Separator => {
                if state != State::Space {
                    b.segment(&mut emit)?;
                }
                state = State::Space;
            }
            CharType::Letter => {
                if state == State::Number || (state == State::Letter && after_placeholder) {
                    b.segment(&mut emit)?;
                }
                b.push(substitute(c))?;
                b.push_all(marks)?;
                after_placeholder = false;
                state = State::Letter;
            }
            CharType::Number => {
                if state == State::Letter {
                    b.segment(&mut emit)?;
                }
                b.push(substitute(c))?;
                b.push_all(marks)?;
                state = State::Number;
            }
            // Other, and a mark with no code point before it to join (at the start, after a
            // skipped code point or a placeholder).
            CharType::Other | CharType::Mark => {
                if state != State::Space {
                    b.segment(&mut emit)?;
                }
                b.push(substitute(c))?;
                b.push_all(marks)?;
                b.segment(&mut emit)?;
                state = State::Other;
            }
        }
        i = next;
    }
    b.segment(&mut emit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(s: &str) -> Vec<String> {
        let chars: Vec<char> = s.chars().collect();
        let mut buf = vec!['\0'; token_chars_any(chars.len())];
        let mut out = Vec::new();
        tokenize(&chars, &mut buf, |t| {
            out.push(t.iter().collect());
            Ok(())
        })
        .unwrap();
        out
    }

    #[test]
    fn test_examples_printed_by_pyonmttok() {
        // Each expectation is pyonmttok 1.38.1's `Tokenizer("aggressive").tokenize(s)[0]`.
        assert_eq!(tokens("a \u{301}b"), ["a", "％0020\u{301}", "b"]);
        assert_eq!(tokens("₁a"), ["₁", "a"]);
        assert_eq!(tokens("\u{301}a"), ["\u{301}", "a"]);
        assert_eq!(tokens("▁x￭y￨z"), ["_", "x", "■", "y", "│", "z"]);
        assert_eq!(tokens("covid19"), ["covid", "19"]);
        assert_eq!(tokens("€50"), ["€", "50"]);
        assert_eq!(tokens("x\u{1F3FB}"), ["x", "\u{1F3FB}"]);
        assert_eq!(tokens("ab｟cd ef｠gh"), ["ab", "｟cd％0020ef｠", "gh"]);
        assert_eq!(
            tokens("a｟b\u{200A}c\u{3000}d｠"),
            ["a", "｟b％200ac％3000d｠"]
        );
        assert_eq!(tokens("｟x｠\u{301}a"), ["｟x｠", "\u{301}", "a"]);
        assert_eq!(tokens("a\u{1}b"), ["ab"]);
        assert_eq!(tokens("x2²"), ["x", "2²"]);
        assert_eq!(tokens("1\u{301}a"), ["1\u{301}", "a"]);
    }

    #[test]
    fn test_short_token_buffer_is_an_error() {
        let chars: Vec<char> = "ab cd".chars().collect();
        let mut buf = ['\0'; 1];
        assert_eq!(
            tokenize(&chars, &mut buf, |_| Ok(())),
            Err(Error::InvalidArgument)
        );
    }
}
