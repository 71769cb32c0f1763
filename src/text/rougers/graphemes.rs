//! Extended grapheme clusters as unicode-segmentation 1.13.3 finds them (`graphemes(true)`: the
//! `GraphemeCursor::next_boundary` of its `src/grapheme.rs` over a whole string).
//!
//! The pair rules are its `check_pair`, in its order; the three rules that look further back
//! (GB9c for Indic conjuncts, GB11 for emoji ZWJ sequences, GB12 and GB13 for regional
//! indicator pairs) scan backwards in the original, and are tracked forwards here over the
//! cluster being read: every context they scan lies inside it, because a boundary before an
//! Extend, ZWJ or linker character only follows a control (GB4) or the start, and a boundary
//! between two regional indicators only falls after an even number of them.

use super::tables::{run_value, segment as t};
use super::utf8::char_at;

/// Grapheme break category (`t::G_*`).
#[inline]
pub(crate) fn grapheme_category(c: char) -> u8 {
    run_value(&t::GRAPHEME_STARTS, &t::GRAPHEME_VALUES, c as u32)
}

/// What `check_pair` decides for two adjacent categories.
#[derive(PartialEq, Eq)]
enum Pair {
    NotBreak,
    Break,
    /// GB9a, GB9b: no break in extended clusters.
    Extended,
    InCbConsonant,
    Regional,
    Emoji,
}

fn check_pair(before: u8, after: u8) -> Pair {
    use t::*;
    match (before, after) {
        (G_CR, G_LF) => Pair::NotBreak,                                 // GB3
        (G_CONTROL | G_CR | G_LF, _) => Pair::Break,                    // GB4
        (_, G_CONTROL | G_CR | G_LF) => Pair::Break,                    // GB5
        (G_L, G_L | G_V | G_LV | G_LVT) => Pair::NotBreak,              // GB6
        (G_LV | G_V, G_V | G_T) => Pair::NotBreak,                      // GB7
        (G_LVT | G_T, G_T) => Pair::NotBreak,                           // GB8
        (_, G_EXTEND | G_ZWJ) => Pair::NotBreak,                        // GB9
        (_, G_SPACINGMARK) => Pair::Extended,                           // GB9a
        (G_PREPEND, _) => Pair::Extended,                               // GB9b
        (_, G_INCB_CONSONANT) => Pair::InCbConsonant,                   // GB9c
        (G_ZWJ, G_EXTENDED_PICTOGRAPHIC) => Pair::Emoji,                // GB11
        (G_REGIONAL_INDICATOR, G_REGIONAL_INDICATOR) => Pair::Regional, // GB12, GB13
        _ => Pair::Break,                                               // GB999
    }
}

/// GB9c's context: an InCB=Consonant, then InCB=Extend or InCB=Linker characters, with or
/// without a linker among them (`handle_incb_consonant` scans back for this).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Conjunct {
    None,
    Consonant,
    Linked,
}

/// GB11's context: an Extended_Pictographic, then Extend characters, then a ZWJ or not
/// (`handle_emoji` scans back for this).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pictograph {
    None,
    Seen,
    Joined,
}

/// The backward contexts of the cluster read so far.
struct Context {
    conjunct: Conjunct,
    pictograph: Pictograph,
    /// Regional indicators just read.
    regional: usize,
}

impl Context {
    /// After character `c` of category `cat`.
    fn track(&mut self, c: char, cat: u8) {
        let class = super::class(c);
        // `handle_incb_consonant`: a linker counts, InCB=Extend is passed over, anything else
        // ends the scan (a consonant there is the one GB9c needs).
        self.conjunct = if class & t::INCB_LINKER != 0 {
            match self.conjunct {
                Conjunct::None => Conjunct::None,
                _ => Conjunct::Linked,
            }
        } else if class & t::INCB_EXTEND != 0 {
            self.conjunct
        } else if cat == t::G_INCB_CONSONANT {
            Conjunct::Consonant
        } else {
            Conjunct::None
        };
        // `handle_emoji`: the ZWJ, then Extend characters back to the pictograph.
        self.pictograph = match (cat, self.pictograph) {
            (t::G_EXTENDED_PICTOGRAPHIC, _) => Pictograph::Seen,
            (t::G_EXTEND, Pictograph::Seen) => Pictograph::Seen,
            (t::G_ZWJ, Pictograph::Seen) => Pictograph::Joined,
            _ => Pictograph::None,
        };
        self.regional = if cat == t::G_REGIONAL_INDICATOR {
            self.regional + 1
        } else {
            0
        };
    }
}

/// Bytes of the first extended grapheme cluster of `s` (UTF-8; at least 1 when `s` is not
/// empty).
pub(crate) fn cluster_len(s: &[u8]) -> usize {
    let Some((first, mut pos)) = char_at(s, 0) else {
        return 0;
    };
    let mut before = grapheme_category(first);
    let mut context = Context {
        conjunct: Conjunct::None,
        pictograph: Pictograph::None,
        regional: 0,
    };
    context.track(first, before);
    while let Some((c, n)) = char_at(s, pos) {
        let after = grapheme_category(c);
        let joined = match check_pair(before, after) {
            Pair::NotBreak | Pair::Extended => true,
            Pair::Break => false,
            Pair::InCbConsonant => context.conjunct == Conjunct::Linked,
            Pair::Emoji => context.pictograph == Pictograph::Joined,
            // GB12, GB13: a pair ends after an even count.
            Pair::Regional => context.regional % 2 == 1,
        };
        if !joined {
            return pos;
        }
        context.track(c, after);
        before = after;
        pos += n;
    }
    pos
}
