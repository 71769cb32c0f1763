//! Character classes of the Unicode tokeniser (ours): which characters form words, which are
//! tokens of their own (CJK ideographs, kana, Hangul syllables), which continue a word
//! (combining marks, ZWJ, ZWNJ).
//!
//! `core` gives the Alphabetic and Numeric properties (`char::is_alphanumeric`) and the full
//! lowercase mappings (`char::to_lowercase`); it has no General_Category, so the combining
//! marks that are not already Alphabetic (viramas, nuktas, most diacritics, Hebrew cantillation,
//! Thai tone marks, variation selectors, ...) come from the small table below.

/// Code point ranges of every combining mark (General_Category Mn, Mc or Me) of Unicode 17.0
/// (the version of `core` since Rust 1.90) that `char::is_alphanumeric` rejects. Adjacent ranges
/// are merged across alphanumeric code points, which are word characters anyway, so the table
/// is only consulted for non-alphanumeric characters. Derived with `unicodedata2` 17.0.1
/// (`category(c) in {Mn, Mc, Me}`) minus Rust's `is_alphanumeric`; 153 ranges, 1,163 marks.
#[rustfmt::skip]
const MARKS: [(u32, u32); 153] = [
    (0x300, 0x362),
    (0x483, 0x489),
    (0x591, 0x5AF),
    (0x658, 0x658),
    (0x6DF, 0x6E0),
    (0x6EA, 0x6EC),
    (0x740, 0x74A),
    (0x7EB, 0x7F3),
    (0x7FD, 0x7FD),
    (0x818, 0x82D),
    (0x859, 0x85B),
    (0x898, 0x8E1),
    (0x8EA, 0x954),
    (0x9BC, 0x9BC),
    (0x9CD, 0x9CD),
    (0x9FE, 0x9FE),
    (0xA3C, 0xA3C),
    (0xA4D, 0xA4D),
    (0xABC, 0xABC),
    (0xACD, 0xACD),
    (0xAFD, 0xAFF),
    (0xB3C, 0xB3C),
    (0xB4D, 0xB4D),
    (0xB55, 0xB55),
    (0xBCD, 0xBCD),
    (0xC3C, 0xC3C),
    (0xC4D, 0xC4D),
    (0xCBC, 0xCBC),
    (0xCCD, 0xCCD),
    (0xD3B, 0xD3C),
    (0xD4D, 0xD4D),
    (0xDCA, 0xDCA),
    (0xE47, 0xE4E),
    (0xEBA, 0xEBA),
    (0xEC8, 0xECE),
    (0xF18, 0xF19),
    (0xF35, 0xF35),
    (0xF37, 0xF37),
    (0xF39, 0xF39),
    (0xF3E, 0xF3F),
    (0xF84, 0xF84),
    (0xF86, 0xF87),
    (0xFC6, 0xFC6),
    (0x1037, 0x103A),
    (0x135D, 0x135F),
    (0x1714, 0x1715),
    (0x1734, 0x1734),
    (0x17B4, 0x17D3),
    (0x17DD, 0x17DD),
    (0x180B, 0x180D),
    (0x180F, 0x180F),
    (0x1939, 0x193B),
    (0x1A60, 0x1A7C),
    (0x1A7F, 0x1A7F),
    (0x1AB0, 0x1ADD),
    (0x1AE0, 0x1AEB),
    (0x1B34, 0x1B44),
    (0x1B6B, 0x1B73),
    (0x1BAA, 0x1BF3),
    (0x1C37, 0x1C37),
    (0x1CD0, 0x1CD2),
    (0x1CD4, 0x1CF9),
    (0x1DC0, 0x1DFF),
    (0x20D0, 0x20F0),
    (0x2CEF, 0x2CF1),
    (0x2D7F, 0x2D7F),
    (0x302A, 0x302F),
    (0x3099, 0x309A),
    (0xA66F, 0xA672),
    (0xA67C, 0xA67D),
    (0xA6F0, 0xA6F1),
    (0xA806, 0xA806),
    (0xA82C, 0xA82C),
    (0xA8C4, 0xA8C4),
    (0xA8E0, 0xA8F1),
    (0xA92B, 0xA92D),
    (0xA953, 0xA953),
    (0xA9B3, 0xA9C0),
    (0xAABF, 0xAAC1),
    (0xAAF6, 0xAAF6),
    (0xABEC, 0xABED),
    (0xFE00, 0xFE0F),
    (0xFE20, 0xFE2F),
    (0x101FD, 0x101FD),
    (0x102E0, 0x102E0),
    (0x10A38, 0x10A3A),
    (0x10A3F, 0x10A3F),
    (0x10AE5, 0x10AE6),
    (0x10D6A, 0x10D6D),
    (0x10EFD, 0x10EFF),
    (0x10F46, 0x10F50),
    (0x10F82, 0x10F85),
    (0x11046, 0x11046),
    (0x11070, 0x11070),
    (0x1107F, 0x110BA),
    (0x11133, 0x11134),
    (0x11173, 0x11173),
    (0x111C0, 0x111C0),
    (0x111C9, 0x111CC),
    (0x11235, 0x11236),
    (0x112E9, 0x112EA),
    (0x1133B, 0x1133C),
    (0x1134D, 0x1134D),
    (0x11366, 0x1136C),
    (0x11370, 0x11374),
    (0x113CE, 0x113D2),
    (0x113E1, 0x113E2),
    (0x11442, 0x11446),
    (0x1145E, 0x1145E),
    (0x114C2, 0x114C3),
    (0x115BF, 0x115C0),
    (0x1163F, 0x1163F),
    (0x116B6, 0x116B7),
    (0x1172B, 0x1172B),
    (0x11839, 0x1183A),
    (0x1193D, 0x11943),
    (0x119E0, 0x119E0),
    (0x11A33, 0x11A34),
    (0x11A47, 0x11A47),
    (0x11A98, 0x11A99),
    (0x11C3F, 0x11C3F),
    (0x11D42, 0x11D45),
    (0x11D97, 0x11D97),
    (0x11F41, 0x11F42),
    (0x11F5A, 0x11F5A),
    (0x13440, 0x13455),
    (0x1612F, 0x1612F),
    (0x16AF0, 0x16AF4),
    (0x16B30, 0x16B36),
    (0x16FE4, 0x16FE4),
    (0x1BC9D, 0x1BC9D),
    (0x1CF00, 0x1CF2D),
    (0x1CF30, 0x1CF46),
    (0x1D165, 0x1D169),
    (0x1D16D, 0x1D172),
    (0x1D17B, 0x1D182),
    (0x1D185, 0x1D18B),
    (0x1D1AA, 0x1D1AD),
    (0x1D242, 0x1D244),
    (0x1DA00, 0x1DA36),
    (0x1DA3B, 0x1DA6C),
    (0x1DA75, 0x1DA75),
    (0x1DA84, 0x1DA84),
    (0x1DA9B, 0x1DA9F),
    (0x1DAA1, 0x1DAAF),
    (0x1E130, 0x1E136),
    (0x1E2AE, 0x1E2AE),
    (0x1E2EC, 0x1E2EF),
    (0x1E4EC, 0x1E4EF),
    (0x1E5EE, 0x1E5EF),
    (0x1E8D0, 0x1E8D6),
    (0x1E944, 0x1E94A),
    (0xE0100, 0xE01EF),
];

/// Whether `c` continues the word before it without being a letter or digit: a combining mark
/// from [`MARKS`], ZERO WIDTH NON-JOINER or ZERO WIDTH JOINER.
pub(crate) fn is_extend(c: char) -> bool {
    let c = c as u32;
    if c < 0x300 {
        return false;
    }
    if c == 0x200C || c == 0x200D {
        return true;
    }
    let i = MARKS.partition_point(|&(_, hi)| hi < c);
    i < MARKS.len() && MARKS[i].0 <= c
}

/// Whether `c` (alphanumeric) is a token of its own: a CJK ideograph (the CJK Unified
/// Ideographs blocks and extensions, the compatibility ideographs, the ideographic iteration
/// and number marks U+3005..U+3007, U+3021..U+3029, U+3038..U+303C), Tangut, Khitan or Nushu,
/// a hiragana or katakana letter (including the halfwidth forms and the kana supplements), or
/// a precomposed Hangul syllable.
pub(crate) fn is_single(c: char) -> bool {
    matches!(c as u32,
        0x3005..=0x3007
        | 0x3021..=0x3029
        | 0x3038..=0x303C
        | 0x3040..=0x30FF
        | 0x31F0..=0x31FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFF66..=0xFF9F
        | 0x17000..=0x18DFF
        | 0x1AFF0..=0x1B2FF
        | 0x20000..=0x3FFFF)
}

/// The lowercase form of a word character as the Unicode tokeniser writes it: `core`'s full
/// lowercase mapping, with final sigma (U+03C2) folded to sigma (U+03C3) so that `ΟΔΟΣ` and
/// `οδος` are the same word.
pub(crate) fn lower(c: char) -> impl Iterator<Item = char> {
    c.to_lowercase()
        .map(|l| if l == '\u{3C2}' { '\u{3C3}' } else { l })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_mark_table_is_sorted_and_disjoint() {
        for w in MARKS.windows(2) {
            assert!(w[0].0 <= w[0].1 && w[0].1 < w[1].0, "{w:x?}");
        }
    }

    #[test]
    fn test_lowercase_grows_at_most_half_again() {
        // The arena bound of the Unicode tokeniser relies on this.
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let grown: usize = lower(c).map(char::len_utf8).sum();
            assert!(2 * grown <= 3 * c.len_utf8(), "{c:?}");
        }
    }

    #[test]
    fn test_classes_of_common_scripts() {
        assert!(is_extend('\u{94D}')); // Devanagari virama
        assert!(is_extend('\u{301}')); // combining acute
        assert!(is_extend('\u{E48}')); // Thai tone mark
        assert!(is_extend('\u{200D}'));
        assert!(!is_extend('a') && !is_extend(' ') && !is_extend('-'));
        assert!(is_single('中') && is_single('か') && is_single('カ') && is_single('한'));
        assert!(!is_single('a') && !is_single('α'));
        assert_eq!(lower('Σ').collect::<Vec<_>>(), ['σ']);
        assert_eq!(lower('ς').collect::<Vec<_>>(), ['σ']);
        assert_eq!(lower('İ').collect::<Vec<_>>(), ['i', '\u{307}']);
    }
}
