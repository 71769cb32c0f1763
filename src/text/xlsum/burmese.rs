//! The fork's Burmese syllable segmenter, `BurmeseTokenizer.__call__` (multilingual-rouge 0.0.1
//! `tokenizers.py` L240-284, after Ding et al., ACM TALLIP 2019, doi 10.1145/3325885), on the
//! cleaned text:
//!
//! 1. ZWNJ becomes a space; every `့်` (U+1037 U+103A) becomes `့်` (`str.replace`, left to
//!    right, so across a space nothing is swapped); the text is lowered again (which changes
//!    nothing: `src/pyunicode/gen_tables.py` checks that lowering is idempotent) and all its
//!    white space removed.
//! 2. Basic units: each code point that is not a dependent sign (`DEP`: U+102B-1032,
//!    U+1036-1038, U+103A-103E), with the dependent signs after it. The first code point
//!    starts a unit even when it is one.
//! 3. Asat units (holding U+103A and shorter than 4 code points) are appended to the unit
//!    before them. Quirk: the loop appends to the *slot* before, which a previous asat unit
//!    has emptied, so of consecutive asat units only the first joins; the others stand alone.
//! 4. The units joined by spaces, each ` ္ ` (a lone U+1039 between two units) is replaced by
//!    `္`, left to right and not overlapping: it glues its neighbours.
//!
//! The tokens are therefore runs of the text without its white space: they are handed out as
//! slices of it, with no copy.

use crate::pyunicode;
use crate::Error;

/// MYANMAR SIGN ASAT (`self.X`).
const ASAT: char = '\u{103A}';
/// MYANMAR SIGN DOT BELOW (`self.T`).
const DOT_BELOW: char = '\u{1037}';
/// MYANMAR SIGN VIRAMA (`self.STACK`).
const STACK: char = '\u{1039}';

/// `self.DEP`: the dependent signs that join the unit before them.
fn is_dependent(c: char) -> bool {
    matches!(c as u32, 0x102B..=0x1032 | 0x1036..=0x1038 | 0x103B..=0x103E) || c == ASAT
}

/// Segments the cleaned text in `text` (rewritten in place) and calls `emit` with each token.
pub(super) fn segment(
    text: &mut [char],
    emit: &mut impl FnMut(&[char]) -> Result<(), Error>,
) -> Result<(), Error> {
    // Step 1, in the order of the Python code.
    for c in text.iter_mut() {
        if *c == '\u{200C}' {
            *c = ' ';
        }
    }
    let mut i = 0;
    while i + 1 < text.len() {
        match text.get_mut(i..i + 2) {
            Some([t, x]) if *t == DOT_BELOW && *x == ASAT => {
                core::mem::swap(t, x);
                i += 2;
            }
            _ => i += 1,
        }
    }
    let mut len = 0;
    for i in 0..text.len() {
        let c = text.get(i).copied().unwrap_or(' ');
        if !pyunicode::is_space(c) {
            if let Some(slot) = text.get_mut(len) {
                *slot = c;
            }
            len += 1;
        }
    }
    let text = text.get(..len).unwrap_or(&[]);
    let mut groups = Groups {
        text,
        at: 0,
        prev_moved: false,
        first: true,
    }
    .peekable();
    // Step 4: `pending` is the token being built; a lone STACK group glues it to the next.
    let mut pending: Option<(usize, usize)> = None;
    while let Some(g) = groups.next() {
        let lone_stack = text.get(g.0..g.1) == Some(&[STACK][..]);
        if let (true, Some(p), Some(&next)) = (lone_stack, pending, groups.peek()) {
            groups.next();
            pending = Some((p.0, next.1));
            continue;
        }
        if let Some(p) = pending.replace(g) {
            emit(text.get(p.0..p.1).unwrap_or(&[]))?;
        }
    }
    if let Some(p) = pending {
        emit(text.get(p.0..p.1).unwrap_or(&[]))?;
    }
    Ok(())
}

/// The units after step 3, as ranges of the text.
struct Groups<'t> {
    text: &'t [char],
    at: usize,
    /// Whether the previous unit was an asat unit moved into the slot before it.
    prev_moved: bool,
    first: bool,
}

impl Groups<'_> {
    /// The next basic unit (step 2) from `at`.
    fn unit(&self, at: usize) -> Option<(usize, usize)> {
        self.text.get(at)?;
        let mut end = at + 1;
        while self.text.get(end).copied().is_some_and(is_dependent) {
            end += 1;
        }
        Some((at, end))
    }
}

impl Iterator for Groups<'_> {
    type Item = (usize, usize);

    fn next(&mut self) -> Option<(usize, usize)> {
        let mut group = self.unit(self.at)?;
        self.at = group.1;
        if self.first {
            // `range(1, len(text))`: the first unit never moves.
            self.first = false;
            self.prev_moved = false;
        } else {
            self.prev_moved = self.is_asat(group);
        }
        while let Some(u) = self.unit(self.at) {
            let moved = self.is_asat(u);
            if !moved || self.prev_moved {
                break;
            }
            // Appended to the previous slot, which still holds its own unit.
            group.1 = u.1;
            self.at = u.1;
            self.prev_moved = true;
        }
        Some(group)
    }
}

impl Groups<'_> {
    /// `self.X in text[i] and len(text[i]) < 4`.
    fn is_asat(&self, unit: (usize, usize)) -> bool {
        let u = self.text.get(unit.0..unit.1).unwrap_or(&[]);
        u.len() < 4 && u.contains(&ASAT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(s: &str) -> Vec<String> {
        let mut text: Vec<char> = s.chars().collect();
        let mut out = Vec::new();
        segment(&mut text, &mut |t| {
            out.push(t.iter().collect());
            Ok(())
        })
        .unwrap();
        out
    }

    #[test]
    fn test_units_asat_and_stack() {
        // က ာ း: one unit; န ် joins the unit before (asat unit).
        assert_eq!(seg("ကား"), ["ကား"]);
        assert_eq!(seg("ကန်"), ["ကန်"]);
        assert_eq!(seg("က န"), ["က", "န"]);
        // a lone stack glues its neighbours.
        assert_eq!(seg("က္က"), ["က္က"]);
        // What the fork's `BurmeseTokenizer()(s)` returns (multilingual-rouge 0.0.1): only the
        // first of consecutive asat units joins; glued stacks do not overlap.
        assert_eq!(seg("ကန်န်"), ["ကန်", "န်"]);
        assert_eq!(seg("ကန်န်န်"), ["ကန်", "န်", "န်"]);
        assert_eq!(seg("က္ ္က"), ["က္္", "က"]);
        assert_eq!(seg("္က"), ["္", "က"]);
        assert_eq!(seg("က့ ်"), ["က့်"]);
        assert_eq!(seg("ကန််"), ["ကန််"]);
        assert_eq!(seg("်က"), ["်", "က"]);
    }
}
