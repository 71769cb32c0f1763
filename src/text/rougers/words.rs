//! UAX #29 word boundaries as unicode-segmentation 1.13.3 finds them (`UWordBounds::next`, the
//! forward state machine of its `src/word.rs`), and which segments `unicode_words` keeps: those
//! with an Alphabetic or General_Category=Number character.
//!
//! A port, state for state, with its quirks kept where exactness needs them (each marked
//! "Quirk"). Its ASCII fast path (`AsciiWordBoundIter`, taken for ASCII strings) finds the same
//! boundaries on ASCII text as the state machine (the differential tests check both ways), so
//! only the state machine is ported. The segmenter is stateless between segments: the
//! category the original caches for the next call is recomputed.

use super::tables::{run_value, segment as t};
use super::utf8::char_at;

/// Word break category (`t::W_*`).
#[inline]
pub(crate) fn word_category(c: char) -> u8 {
    run_value(&t::WORD_STARTS, &t::WORD_VALUES, c as u32)
}

/// Extended_Pictographic (unicode-segmentation's `is_emoji`).
#[inline]
pub(crate) fn is_emoji(c: char) -> bool {
    super::class(c) & t::EXTENDED_PICTOGRAPHIC != 0
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Start,
    Letter,
    HLetter,
    Numeric,
    Katakana,
    ExtendNumLet,
    /// Regional indicators: half or a full pair.
    Regional(bool),
    FormatExtend(Wait),
    Zwj,
    Emoji,
    WSegSpace,
}

/// What a `FormatExtend` state waits for (`FormatExtendType`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wait {
    AcceptNone,
    RequireLetter,
    RequireHLetter,
    AcceptQLetter,
    RequireNumeric,
}

/// Bytes of the first word-bound segment of `s` (UTF-8; at least one character, so at least 1
/// when `s` is not empty).
pub(crate) fn segment_len(s: &[u8]) -> usize {
    use State::*;
    use Wait::*;
    let mut take_curr = true;
    let mut idx = 0;
    let mut saveidx = 0;
    let mut state = Start;
    let mut cat = t::W_ANY;
    // Whether Extend, Format or ZWJ were skipped (WB3d before WB4).
    let mut skipped_format_extend = false;
    let mut pos = 0;
    while let Some((ch, n)) = char_at(s, pos) {
        idx = pos;
        pos += n;
        // Whether the previous character was a ZWJ: WB4 folds ZWJs into the state before
        // them, so WB3c is tested on this flag.
        let prev_zwj = cat == t::W_ZWJ;
        cat = word_category(ch);
        // WB4: skip Format, Extend and ZWJ, except at the start (a run of them there is a
        // segment of its own).
        if state != Start && matches!(cat, t::W_EXTEND | t::W_FORMAT | t::W_ZWJ) {
            skipped_format_extend = true;
            continue;
        }
        // WB3c.
        if prev_zwj && is_emoji(ch) {
            state = Emoji;
            continue;
        }
        state = match state {
            Start if cat == t::W_CR => {
                // WB3, WB3a.
                if next_category(s, pos) == Some(t::W_LF) {
                    idx += 1;
                }
                break;
            }
            Start => match cat {
                t::W_ALETTER => Letter,
                t::W_HEBREW_LETTER => HLetter,
                t::W_NUMERIC => Numeric,
                t::W_KATAKANA => Katakana,
                t::W_EXTENDNUMLET => ExtendNumLet,
                t::W_REGIONAL_INDICATOR => Regional(false),
                t::W_LF | t::W_NEWLINE => break,
                t::W_ZWJ => Zwj,
                t::W_WSEGSPACE => WSegSpace,
                _ => {
                    // WB4 after any other character: it and the marks after it are one
                    // segment.
                    if matches!(
                        next_category(s, pos),
                        Some(t::W_FORMAT | t::W_EXTEND | t::W_ZWJ)
                    ) {
                        state = FormatExtend(AcceptNone);
                        continue;
                    }
                    break;
                }
            },
            WSegSpace => match cat {
                // Quirk (WB3d over WB4): spaces after a skipped mark no longer join.
                t::W_WSEGSPACE if !skipped_format_extend => WSegSpace,
                _ => {
                    take_curr = false;
                    break;
                }
            },
            Zwj => {
                take_curr = false;
                break;
            }
            Letter | HLetter => match cat {
                t::W_ALETTER => Letter,
                t::W_HEBREW_LETTER => HLetter,
                t::W_NUMERIC => Numeric,
                t::W_EXTENDNUMLET => ExtendNumLet,
                t::W_DOUBLE_QUOTE if state == HLetter => {
                    saveidx = idx;
                    FormatExtend(RequireHLetter)
                }
                // Quirk: WB7a's Hebrew letter and single quote keep the quote even when no
                // letter follows, and saveidx is not moved.
                t::W_SINGLE_QUOTE if state == HLetter => FormatExtend(AcceptQLetter),
                t::W_MIDLETTER | t::W_MIDNUMLET | t::W_SINGLE_QUOTE => {
                    saveidx = idx;
                    FormatExtend(RequireLetter)
                }
                _ => {
                    take_curr = false;
                    break;
                }
            },
            Numeric => match cat {
                t::W_NUMERIC => Numeric,
                t::W_ALETTER => Letter,
                t::W_HEBREW_LETTER => HLetter,
                t::W_EXTENDNUMLET => ExtendNumLet,
                t::W_MIDNUM | t::W_MIDNUMLET | t::W_SINGLE_QUOTE => {
                    saveidx = idx;
                    FormatExtend(RequireNumeric)
                }
                _ => {
                    take_curr = false;
                    break;
                }
            },
            Katakana => match cat {
                t::W_KATAKANA => Katakana,
                t::W_EXTENDNUMLET => ExtendNumLet,
                _ => {
                    take_curr = false;
                    break;
                }
            },
            ExtendNumLet => match cat {
                t::W_EXTENDNUMLET => ExtendNumLet,
                t::W_ALETTER => Letter,
                t::W_HEBREW_LETTER => HLetter,
                t::W_NUMERIC => Numeric,
                t::W_KATAKANA => Katakana,
                _ => {
                    take_curr = false;
                    break;
                }
            },
            Regional(true) => {
                take_curr = false;
                break;
            }
            Regional(false) => match cat {
                t::W_REGIONAL_INDICATOR => Regional(true),
                _ => {
                    take_curr = false;
                    break;
                }
            },
            Emoji => {
                take_curr = false;
                break;
            }
            FormatExtend(w) => match w {
                RequireNumeric if cat == t::W_NUMERIC => Numeric,
                RequireLetter | AcceptQLetter if cat == t::W_ALETTER => Letter,
                RequireLetter | AcceptQLetter if cat == t::W_HEBREW_LETTER => HLetter,
                RequireHLetter if cat == t::W_HEBREW_LETTER => HLetter,
                AcceptNone | AcceptQLetter => {
                    take_curr = false;
                    break;
                }
                // Backed up below.
                _ => break,
            },
        };
    }
    if let FormatExtend(RequireLetter | RequireHLetter | RequireNumeric) = state {
        // What was required did not come: the segment ends before the punctuation.
        idx = saveidx;
        take_curr = false;
    }
    if take_curr {
        idx + char_at(s, idx).map_or(0, |(_, n)| n)
    } else {
        idx
    }
}

/// The category of the character at `pos`, if any (`get_next_cat`).
fn next_category(s: &[u8], pos: usize) -> Option<u8> {
    char_at(s, pos).map(|(c, _)| word_category(c))
}
