//! Against the reference crates themselves (dev-dependencies, the versions rougers 0.2.1 pins):
//! every code point's normalisation, folding, word and grapheme behaviour, and thousands of
//! random texts of every script, token for token against `rougers::Tokenizer`.

use super::*;
use icu_casemap::CaseMapper;
use unicode_normalization::UnicodeNormalization;
use unicode_segmentation::UnicodeSegmentation;

/// rougers' `normalize` (private there), as it is written.
fn reference_normalize(text: &str) -> String {
    let compatible: String = text.nfkc().collect();
    CaseMapper::new().fold_string(&compatible).nfkc().collect()
}

fn work_for(text: &str) -> Vec<u32> {
    vec![0; normalize::work_len(text.len()).unwrap()]
}

fn ours_normalize(text: &str) -> String {
    let mut out = vec![0u8; normalize::normalized_capacity(text.len()).unwrap() + 16];
    let n = normalize_line(text, &mut work_for(text), &mut out).unwrap();
    String::from_utf8(out[..n].to_vec()).unwrap()
}

/// Our segments of normalised text (all of them, kept or not).
fn segments(profile: Profile, s: &str) -> Vec<&str> {
    let mut out = vec![];
    let mut pos = 0;
    while pos < s.len() {
        let n = segment_len(profile, &s.as_bytes()[pos..]).max(1);
        out.push(&s[pos..pos + n]);
        pos += n;
    }
    out
}

/// Our tokens of a text, as `scan_line` makes them (line by line).
fn ours_tokens(profile: Profile, text: &str) -> Vec<String> {
    let mut out = vec![];
    for line in text.split('\n') {
        let norm = ours_normalize(line);
        for seg in segments(profile, &norm) {
            if has_alphanumeric(seg.as_bytes()) {
                out.push(seg.to_string());
            }
        }
    }
    out
}

fn reference_tokens(profile: Profile, text: &str) -> Vec<String> {
    match profile {
        Profile::Words => rougers::Tokenizer::unicode().tokenize(text),
        Profile::Characters => rougers::Tokenizer::character().tokenize(text),
    }
}

fn all_chars() -> impl Iterator<Item = char> {
    (0..=0x10FFFFu32).filter_map(char::from_u32)
}

#[test]
fn test_every_code_point_normalizes_as_rougers() {
    let mut bad = vec![];
    for c in all_chars() {
        let s = c.to_string();
        // Alone, and after a letter that composes with many marks.
        for text in [s.clone(), format!("a{c}"), format!("{c}\u{301}")] {
            let (want, got) = (reference_normalize(&text), ours_normalize(&text));
            if want != got {
                bad.push((text, want, got));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} differ, first: {:?}",
        bad.len(),
        &bad[..bad.len().min(5)]
    );
}

#[test]
fn test_every_code_point_folds_and_classifies_as_the_references() {
    use icu_properties::props::{Alphabetic, GeneralCategory, GeneralCategoryGroup};
    use icu_properties::{CodePointMapData, CodePointSetData};
    let mapper = CaseMapper::new();
    for c in all_chars() {
        let (f, n) = casefold::fold(c);
        let want = mapper.fold_string(c.encode_utf8(&mut [0; 4])).into_owned();
        assert_eq!(f[..n].iter().collect::<String>(), want, "{c:?}");
        // rougers' `is_alphanumeric` (ICU's data) for grapheme clusters, and
        // unicode-segmentation's for words (core's where its Unicode version is 17.0).
        let icu = CodePointSetData::new::<Alphabetic>().contains(c)
            || GeneralCategoryGroup::Number
                .contains(CodePointMapData::<GeneralCategory>::new().get(c));
        assert_eq!(is_alphanumeric(c), icu, "{c:?}");
        if char::UNICODE_VERSION == (17, 0, 0) {
            assert_eq!(is_alphanumeric(c), c.is_alphanumeric(), "{c:?}");
        }
    }
}

/// Probes that reveal a code point's word and grapheme behaviour: it alone, doubled, and
/// between or beside letters, digits, marks, quotes, ZWJ, regional indicators, pictographs,
/// Hangul jamo, Indic consonants and linkers, and controls (`full`), or the few that tell every
/// category of either kind apart (not `full`).
fn probes(c: char, full: bool) -> Vec<String> {
    let ctx: &[&str] = if full {
        &[
            "a",
            "1",
            "\u{5D0}",
            "\u{30A2}",
            "_",
            "'",
            ".",
            ",",
            ":",
            "\"",
            " ",
            "\u{301}",
            "\u{200D}",
            "\u{AD}",
            "\u{1F1E6}",
            "\u{1F600}",
            "\u{1100}",
            "\u{1161}",
            "\u{11A8}",
            "\u{AC00}",
            "\u{915}",
            "\u{94D}",
            "\u{93F}",
            "\r",
            "\n",
            "\u{600}",
        ]
    } else {
        &[
            "a",
            "1",
            "\u{5D0}",
            "\u{915}\u{94D}",
            "\u{1F600}\u{200D}",
            "\u{1100}",
        ]
    };
    let mut out = vec![c.to_string(), format!("{c}{c}"), format!("{c}{c}{c}")];
    for x in ctx {
        out.push(format!("{x}{c}{x}"));
        out.push(format!("{c}{x}"));
        if full {
            out.push(format!("{x}{c}"));
            out.push(format!("a{x}{c}"));
            out.push(format!("{c}{x}a"));
        }
    }
    out
}

fn check_probes(c: char, full: bool, bad: &mut Vec<(&'static str, String)>) {
    for p in probes(c, full) {
        let words: Vec<&str> = p.split_word_bounds().collect();
        if segments(Profile::Words, &p) != words {
            bad.push(("words", p.clone()));
        }
        let graphemes: Vec<&str> = p.graphemes(true).collect();
        if segments(Profile::Characters, &p) != graphemes {
            bad.push(("graphemes", p));
        }
    }
}

/// Every code point with the probes that tell categories apart, and the first and last code
/// point of every run of equal (word, grapheme, class) values in our tables with all of them.
#[test]
fn test_every_code_point_segments_as_unicode_segmentation() {
    let mut bad = vec![];
    let key = |c: char| {
        (
            words::word_category(c),
            graphemes::grapheme_category(c),
            class(c),
        )
    };
    let mut prev: Option<char> = None;
    for c in all_chars() {
        check_probes(c, false, &mut bad);
        if prev.is_none_or(|p| key(p) != key(c)) {
            check_probes(c, true, &mut bad);
            if let Some(p) = prev {
                check_probes(p, true, &mut bad);
            }
        }
        prev = Some(c);
    }
    assert!(
        bad.is_empty(),
        "{} differ, first: {:?}",
        bad.len(),
        &bad[..bad.len().min(8)]
    );
}

/// Pools of text to draw from, a script or a trap each.
const POOLS: &[&[&str]] = &[
    // Latin with diacritics, composed and decomposed; ligatures, fullwidth, math letters.
    &[
        "café",
        "cafe\u{301}",
        "Straße",
        "ǅemal",
        "İstanbul",
        "ﬁﬂ",
        "ＧＰＵ",
        "𝐀𝐁",
        "e\u{301}\u{323}",
        "e\u{323}\u{301}",
        "Ångström",
        "A\u{30A}",
    ],
    // Greek with final sigma, Cyrillic.
    &["ΟΔΟΣ", "οδός", "Σίσυφος", "ᾳ", "ΐ", "Привет", "мир", "Ёлка"],
    // Arabic with harakat, Hebrew with quotes.
    &[
        "مرحبا",
        "بِسْمِ",
        "ﷺ",
        "ﷻ",
        "\u{FDFA}",
        "שלום",
        "צה\"ל",
        "ג'ירפה",
        "\u{5B4}",
    ],
    // Devanagari and other Indic conjuncts, Thai.
    &[
        "नमस्ते",
        "क्षत्रिय",
        "स्ते",
        "क्\u{200D}",
        "ক্ষ",
        "ஸ்ரீ",
        "ภาษาไทย",
        "กำ",
    ],
    // CJK, kana, Hangul syllables and jamo.
    &[
        "我爱北京",
        "。",
        "東京タワー",
        "ｶﾀｶﾅ",
        "ひらがな",
        "한국어",
        "\u{1100}\u{1161}\u{11A8}",
        "\u{1100}\u{1161}",
        "㈜",
        "㎒",
    ],
    // Emoji: ZWJ, skin tones, flags, keycaps.
    &[
        "👩\u{200D}💻",
        "👍🏽",
        "🇫🇷",
        "🇺🇸🇬🇧",
        "1\u{FE0F}\u{20E3}",
        "❤\u{FE0F}",
        "🏳\u{FE0F}\u{200D}🌈",
    ],
    // Compatibility: circled digits, superscripts, fractions, roman numerals.
    &["①", "⑴", "²", "½", "Ⅻ", "ℌ", "™", "㍿"],
    // Mid-word punctuation and numbers with separators.
    &[
        "don't",
        "l'homme",
        "e.g.",
        "U.S.",
        "3.50",
        "1,000",
        "10:30",
        "a:b",
        "x_y",
        "co-op",
        "’",
        "‘",
        "a\u{2019}b",
        "1'000",
    ],
    // Controls (NUL among them, which the profiles take as any other), format characters,
    // unassigned and private use.
    &[
        "\0",
        "a\0b",
        "\0\u{903}",
        "\t",
        "\r\n",
        "\r",
        "\u{B}",
        "\u{85}",
        "\u{AD}",
        "\u{200B}",
        "\u{2060}",
        "\u{E000}",
        "\u{378}",
        "\u{FFFF}",
        "\u{10FFFD}",
        "\u{E0001}",
    ],
    // Spaces and plain words.
    &[
        " ", "  ", "\u{3000}", "\u{A0}", "word", "Word", "WORD", "42", "x",
    ],
];

fn random_text(rng: &mut crate::test_rng::Rng, parts: usize) -> String {
    let mut s = String::new();
    for _ in 0..parts {
        let r = rng.next();
        let pool = POOLS[(r % POOLS.len() as u64) as usize];
        s.push_str(pool[((r >> 16) % pool.len() as u64) as usize]);
        match (r >> 32) % 8 {
            0 | 1 => s.push(' '),
            2 => s.push('\n'),
            3 => {
                // A random code point, any plane.
                let u = (r >> 40) as u32 % 0x110000;
                s.push(char::from_u32(u).unwrap_or('\u{FFFD}'));
            }
            _ => {}
        }
    }
    s
}

#[test]
fn test_random_text_of_every_script_tokenizes_as_rougers() {
    let mut rng = crate::test_rng::Rng(2024);
    for case in 0..5000 {
        let text = random_text(&mut rng, 1 + case % 40);
        for profile in [Profile::Words, Profile::Characters] {
            assert_eq!(
                ours_tokens(profile, &text),
                reference_tokens(profile, &text),
                "{profile:?} {text:?}"
            );
        }
    }
}

#[test]
fn test_long_runs_of_marks_sort_and_compose_as_unicode_normalization() {
    // Runs longer than the insertion sort's block: the merges' stability decides the order.
    let marks = [
        '\u{301}', '\u{323}', '\u{308}', '\u{327}', '\u{345}', '\u{5B4}', '\u{94D}',
    ];
    let mut rng = crate::test_rng::Rng(5);
    for len in [19usize, 20, 21, 40, 41, 100, 1000] {
        let mut s = String::from("a");
        for _ in 0..len {
            s.push(marks[(rng.next() % marks.len() as u64) as usize]);
        }
        assert_eq!(ours_normalize(&s), reference_normalize(&s), "{len}");
    }
}
