//! Unit tests of the tokenisers: each mode on small examples, Perl's limits, exact ids against
//! naive std implementations, the size query, and random bytes (no panic on any input).

use super::*;
use crate::test_rng::Rng;
use std::collections::HashMap;

type Tokens = Vec<(Vec<u32>, Vec<usize>)>;

/// The one-pass ASCII path's tests (tests/fast_path.rs).
mod fast_path;
/// The group lookups against the scalar loop (tests/lookup.rs).
mod lookup;

/// Tokenises `texts` with `opts`; returns each text's words (by id) and sentence ends.
fn run(texts: &[&[u8]], opts: &TextOptions) -> Result<Tokens, Error> {
    let total: usize = texts.iter().map(|t| t.len()).sum();
    let words = tokenize_scratch_words(opts, total, texts.len())?;
    let mut scratch = vec![0u64; words];
    let cap = max_tokens(total, texts.len());
    let (mut ids, mut ends) = (vec![0u32; cap], vec![0usize; cap]);
    let mut spans = vec![TokenizedText::default(); texts.len()];
    tokenize(
        texts,
        opts,
        &mut ids,
        &mut ends,
        &mut scratch,
        &mut |i, s| spans[i] = s,
    )?;
    Ok(spans
        .iter()
        .map(|s| {
            (
                ids[s.token_start..s.token_start + s.token_len].to_vec(),
                ends[s.sentence_start..s.sentence_start + s.sentence_count].to_vec(),
            )
        })
        .collect())
}

/// The words of one text as strings, read back through the vocabulary by re-tokenising with
/// the words themselves (ids are dense in order of first appearance).
fn words(text: &str, opts: &TextOptions) -> Vec<String> {
    let total = text.len();
    let mut scratch = vec![0u64; tokenize_scratch_words(opts, total, 1).unwrap()];
    let mut c = Carver::new(&mut scratch);
    let mut vocab = vocab_layout(opts, total, 1).unwrap().carve(&mut c);
    let cap = max_tokens(total, 1);
    let (mut ids, mut ends) = (vec![0u32; cap], vec![0usize; cap]);
    let reader = Reader::of(opts, opts.lcs_path);
    let out = Out {
        ids: &mut ids,
        ends: &mut ends,
    };
    let (n, _) = reader.run(text.as_bytes(), &mut vocab, Some(out)).unwrap();
    ids[..n]
        .iter()
        .map(|&id| String::from_utf8(vocab.word(id).to_vec()).unwrap())
        .collect()
}

fn ws(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

#[test]
fn test_rouge_score_tokeniser_lowercases_like_python() {
    let o = TextOptions::rouge_score(false);
    assert_eq!(
        words("The \u{212A}elvin İstanbul café, NAÏVE x-ray 42nd!", &o),
        ws("the kelvin i stanbul caf na ve x ray 42nd")
    );
    assert_eq!(words("中文 Ελληνικά हिन्दी", &o), Vec::<String>::new());
}

#[test]
fn test_rouge_score_tokeniser_stems_long_tokens_with_nltk() {
    let o = TextOptions::rouge_score(true);
    assert_eq!(
        words("Running dogs ran quickly; the skies were flying kites.", &o),
        ws("run dog ran quickli the sky were fli kite")
    );
}

#[test]
fn test_sentences_are_lines_with_tokens() {
    let r = run(
        &[b"one two\n\n...\nthree\n", b"", b"\n\nfour"],
        &TextOptions::rouge_score(false),
    )
    .unwrap();
    assert_eq!(r[0], (vec![0, 1, 2], vec![2, 3]));
    assert_eq!(r[1], (vec![], vec![]));
    assert_eq!(r[2], (vec![3], vec![1]));
}

#[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
#[test]
fn test_unicode_tokeniser_segments_scripts() {
    let o = TextOptions::unicode();
    assert_eq!(
        words(
            "中文分词 ΟΔΟΣ οδος Straße 東京タワー 한국어 hello-World",
            &o
        ),
        ws("中 文 分 词 οδοσ οδοσ straße 東 京 タ ワ ー 한 국 어 hello world")
    );
    // The virama (U+094D, not Alphabetic) stays inside the word; decomposed accents too.
    assert_eq!(words("हिन्दी भाषा", &o), ws("हिन्दी भाषा"));
    assert_eq!(words("Cafe\u{301} x", &o), ws("cafe\u{301} x"));
    // İ lowercases to i + U+0307, kept in the word; the Kelvin sign to k.
    assert_eq!(words("İzmir \u{212A}", &o), ws("i\u{307}zmir k"));
    let s = TextOptions {
        stem: true,
        ..TextOptions::unicode()
    };
    assert_eq!(words("Running 中文 caféing", &s), ws("run 中 文 caféing"));
}

#[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
#[test]
fn test_perl_tokeniser_drops_non_ascii_and_dashes() {
    let o = TextOptions::perl();
    assert_eq!(
        words("Co-operate -- with café's 3-D $5\tTAB", &o),
        ws("co operate with caf s 3 d 5 tab")
    );
}

#[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
#[test]
fn test_perl_word_limit_counts_raw_fields() {
    let o = TextOptions {
        word_limit: 4,
        ..TextOptions::perl()
    };
    // Fields: "a", "b,", "--" (3, below 4), then the first field of the next line.
    assert_eq!(words("a b, --\nc d e\nf", &o), ws("a b c"));
    // A line starting with white space has a leading empty field.
    assert_eq!(words(" x y z w v", &o), ws("x y z"));
    let lcs = TextOptions {
        lcs_path: true,
        ..o
    };
    assert_eq!(words("a b, --\nc d e\nf", &lcs), ws("a b c"));
}

#[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
#[test]
fn test_perl_byte_limits_differ_between_readers() {
    let ngram = TextOptions {
        byte_limit: 10,
        ..TextOptions::perl()
    };
    let lcs = TextOptions {
        lcs_path: true,
        ..ngram
    };
    // readText: "abc def" (7 bytes) fits, then 3 bytes of the next line.
    assert_eq!(words("abc def\nghijkl\nmn", &ngram), ws("abc def ghi"));
    // readText_LCS: every line shorter than 10 bytes, never counting.
    assert_eq!(words("abc def\nghijkl\nmn", &lcs), ws("abc def ghijkl mn"));
    assert_eq!(words("abc\nabcdefghijklmn\nzz", &lcs), ws("abc abcdefghij"));
    let r = run(&[b"abc def\nghijkl\nmn"], &lcs).unwrap();
    assert_eq!(r[0].1, vec![2, 3, 4]);
}

#[test]
fn test_options_outside_their_tokeniser_are_invalid() {
    for o in [
        TextOptions {
            stopwords: true,
            ..TextOptions::rouge_score(false)
        },
        TextOptions {
            word_limit: 3,
            ..TextOptions::unicode()
        },
        TextOptions {
            word_limit: 3,
            byte_limit: 3,
            ..TextOptions::perl()
        },
    ] {
        assert_eq!(run(&[b"x"], &o), Err(Error::InvalidArgument));
    }
}

#[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
#[test]
fn test_invalid_utf8_and_nul_are_refused() {
    for o in [
        TextOptions::rouge_score(false),
        TextOptions::unicode(),
        TextOptions::perl(),
    ] {
        assert_eq!(run(&[b"ok", b"a\xffb"], &o), Err(Error::InvalidUtf8));
        assert_eq!(run(&[b"a\0b"], &o), Err(Error::EmbeddedNul));
    }
}

/// rougers' profiles take NUL as rougers does (a control character, no token: `a\0b` is `a`
/// and `b`, as `rougers::Tokenizer::unicode().tokenize` gives); invalid UTF-8 is still refused.
#[cfg(feature = "rougers-tokenizers")]
#[test]
fn test_rougers_profiles_accept_nul() {
    for (o, reference) in [
        (TextOptions::unicode_v1(), ::rougers::Tokenizer::unicode()),
        (
            TextOptions::character_v1(),
            ::rougers::Tokenizer::character(),
        ),
    ] {
        assert_eq!(run(&[b"ok", b"a\xffb\0"], &o), Err(Error::InvalidUtf8));
        assert_eq!(reference.tokenize("a\0b"), ["a", "b"]);
        assert!(reference.tokenize("\0").is_empty());
        let t = run(&[b"a\0b", b"\0", b"b\0\0a"], &o).unwrap();
        let ids: Vec<&[u32]> = t.iter().map(|(ids, _)| &ids[..]).collect();
        assert_eq!(ids, [&[0, 1][..], &[], &[1, 0]]);
    }
}

#[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
#[test]
fn test_size_query_is_exact_and_outputs_are_checked_first() {
    let texts: [&[u8]; 2] = ["Ünïcödé wörds ΑΒΓ 中文".as_bytes(), b"more words here"];
    for o in [
        TextOptions::rouge_score(true),
        TextOptions::unicode(),
        TextOptions {
            stem: true,
            ..TextOptions::perl()
        },
    ] {
        let total = texts.iter().map(|t| t.len()).sum();
        let words = tokenize_scratch_words(&o, total, 2).unwrap();
        let mut scratch = vec![0u64; words - 1];
        let (mut ids, mut ends) = (vec![0u32; 64], vec![0usize; 64]);
        let r = tokenize(
            &texts[..],
            &o,
            &mut ids,
            &mut ends,
            &mut scratch,
            &mut |_, _| {},
        );
        assert_eq!(r, Err(Error::ScratchTooSmall { needed: words }));
        let mut scratch = vec![0u64; words];
        let mut few = vec![7u32; 2];
        let r = tokenize(
            &texts[..],
            &o,
            &mut few,
            &mut ends,
            &mut scratch,
            &mut |_, _| {},
        );
        assert_eq!(r, Err(Error::OutputTooSmall));
        assert_eq!(few, [7, 7]);
    }
}

/// Naive rouge-score tokens (std, String): lower, map to [a-z0-9] or space, split.
fn naive_rouge_score(text: &str) -> Vec<String> {
    let lowered: String = text
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| {
            if c.is_ascii_lowercase() || c.is_ascii_digit() {
                c
            } else {
                ' '
            }
        })
        .collect();
    lowered.split_whitespace().map(String::from).collect()
}

fn random_text(rng: &mut Rng) -> String {
    const PIECES: &[&str] = &[
        "a", "B", "z", "0", "9", " ", "\n", ",", "-", "é", "É", "ß", "İ", "\u{212A}", "Σ", "ς",
        "中", "か", "한", "\u{301}", "\u{94D}", "क", "\u{200D}", "ǅ", "Ⱥ", "😀", "\t", "y", "ies",
        "ing", "ed", "ational",
    ];
    let len = (rng.next() % 40) as usize;
    (0..len)
        .map(|_| PIECES[(rng.next() % PIECES.len() as u64) as usize])
        .collect()
}

#[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
#[test]
fn test_random_texts_intern_exactly_and_match_naive_rouge_score() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..2000 {
        let texts: Vec<String> = (0..1 + rng.next() % 3)
            .map(|_| random_text(&mut rng))
            .collect();
        let refs: Vec<&[u8]> = texts.iter().map(|t| t.as_bytes()).collect();
        for o in [
            TextOptions::rouge_score(false),
            TextOptions::rouge_score(true),
            TextOptions::unicode(),
            TextOptions::perl(),
        ] {
            let got = run(&refs, &o).unwrap();
            let strings: Vec<Vec<String>> = texts.iter().map(|t| words(t, &o)).collect();
            if o == TextOptions::rouge_score(false) {
                for (t, s) in texts.iter().zip(&strings) {
                    assert_eq!(*s, naive_rouge_score(t), "{t:?}");
                }
            }
            // Ids are exact: equal ids exactly when equal strings, across texts.
            let mut by_word: HashMap<&str, u32> = HashMap::new();
            let mut by_id: HashMap<u32, &str> = HashMap::new();
            for ((ids, ends), s) in got.iter().zip(&strings) {
                assert_eq!(ids.len(), s.len());
                assert!(ends.windows(2).all(|w| w[0] < w[1]));
                assert_eq!(ends.last().copied().unwrap_or(0), ids.len());
                for (&id, w) in ids.iter().zip(s) {
                    assert_eq!(*by_word.entry(w).or_insert(id), id, "{w}");
                    assert_eq!(*by_id.entry(id).or_insert(w), w.as_str());
                }
            }
        }
    }
}

#[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
#[test]
fn test_random_bytes_never_panic() {
    let mut rng = Rng(42);
    let opts = [
        TextOptions::rouge_score(true),
        TextOptions::unicode(),
        TextOptions {
            stem: true,
            stopwords: true,
            word_limit: 5,
            ..TextOptions::perl()
        },
        TextOptions {
            byte_limit: 7,
            ..TextOptions::perl()
        },
        TextOptions {
            byte_limit: 7,
            lcs_path: true,
            ..TextOptions::perl()
        },
    ];
    for _ in 0..5000 {
        let len = (rng.next() % 64) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let r = rng.next();
                // Mostly UTF-8-looking bytes, sometimes anything.
                match r % 4 {
                    0 => (r >> 8) as u8,
                    1 => b"ab \n-"[(r >> 8) as usize % 5],
                    2 => [0xC3, 0xA9, 0xE4, 0xB8, 0xAD][(r >> 8) as usize % 5],
                    _ => b'a' + (r >> 8) as u8 % 26,
                }
            })
            .collect();
        for o in &opts {
            let _ = run(&[&bytes, b"x y"], o);
        }
        // The basic tokeniser takes any bytes.
        let total = bytes.len();
        let mut scratch = vec![0u64; crate::tokenize::tokenize_scratch_words(total, 1).unwrap()];
        let (mut ids, mut ends) = (vec![0u32; max_tokens(total, 1)], vec![0; total + 1]);
        crate::tokenize::tokenize_basic(
            &[&bytes[..]][..],
            &mut ids,
            &mut ends,
            &mut scratch,
            &mut |_, _| {},
        )
        .unwrap();
    }
}

#[cfg(all(
    feature = "perl-text",
    feature = "unicode-tokenizer",
    feature = "rouge-w",
    feature = "rouge-s"
))] // Every tokeniser, every metric.
#[test]
fn test_score_text_on_random_texts_never_panics_and_sizes_exactly() {
    use crate::{score_text, text_scratch_words, Metric, MetricResult, Options, TextDims};
    let metrics = [
        Metric::N(1),
        Metric::N(3),
        Metric::L,
        Metric::Lsum,
        Metric::W(1.2),
        Metric::S(Some(2)),
        Metric::Su(None),
    ];
    let mut rng = Rng(7);
    let topts = [
        TextOptions::rouge_score(true),
        TextOptions::unicode(),
        TextOptions::perl(),
        TextOptions {
            word_limit: 4,
            ..TextOptions::perl()
        },
        TextOptions {
            byte_limit: 9,
            stem: true,
            ..TextOptions::perl()
        },
    ];
    for round in 0..600 {
        let cand = random_text(&mut rng);
        let refs: Vec<String> = (0..1 + rng.next() % 3)
            .map(|_| random_text(&mut rng))
            .collect();
        let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
        let t = &topts[round % topts.len()];
        let o = if round % 2 == 0 {
            Options::rouge_score()
        } else {
            Options::perl()
        };
        let dims = TextDims::of(cand.as_bytes(), &refs[..]);
        let words = text_scratch_words(&metrics, &o, t, &dims).unwrap();
        let mut scratch = vec![0u64; words];
        let mut out = [MetricResult::default(); 7];
        let r = score_text(
            cand.as_bytes(),
            &refs[..],
            &metrics,
            &o,
            t,
            &mut scratch[..words - 1],
            &mut out,
        );
        assert_eq!(r, Err(Error::ScratchTooSmall { needed: words }));
        score_text(
            cand.as_bytes(),
            &refs[..],
            &metrics,
            &o,
            t,
            &mut scratch,
            &mut out,
        )
        .unwrap();
        for r in &out {
            let s = r.score;
            assert!((0.0..=1.0).contains(&s.precision) && (0.0..=1.0).contains(&s.recall));
        }
    }
}

/// Long ASCII texts with thousands of distinct words: the one-pass ASCII path and the growing
/// slot table (several doublings) give exactly the ids of a naive first-appearance numbering
/// and the sentence ends of naive line splitting, and the same ids as the general path (taken
/// when a non-ASCII character makes rouge-score's tokeniser decode characters).
#[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
#[test]
fn test_long_ascii_texts_with_large_vocabularies_intern_exactly() {
    let mut rng = Rng(0xA5A5_0123_4567_89AB);
    let alphabet = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let vocab: Vec<String> = (0..6000)
        .map(|_| {
            let len = 1 + (rng.next() % 14) as usize;
            (0..len)
                .map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize] as char)
                .collect()
        })
        .collect();
    let separators = [" ", " ", " ", ", ", "\n", "\n\n", " -- ", "\t", "\r\n"];
    let texts: Vec<String> = (0..3)
        .map(|_| {
            let mut t = String::new();
            for _ in 0..(2000 + rng.next() % 3000) {
                t += &vocab[(rng.next() % vocab.len() as u64) as usize];
                t += separators[(rng.next() % separators.len() as u64) as usize];
            }
            t
        })
        .collect();
    for opts in [TextOptions::rouge_score(false), TextOptions::perl()] {
        let refs: Vec<&[u8]> = texts.iter().map(|t| t.as_bytes()).collect();
        let got = run(&refs, &opts).unwrap();
        let mut first: HashMap<String, u32> = HashMap::new();
        for (text, (ids, ends)) in texts.iter().zip(&got) {
            let mut want_ids = vec![];
            let mut want_ends = vec![];
            for line in text.split('\n') {
                for w in naive_rouge_score(line) {
                    let next = first.len() as u32;
                    want_ids.push(*first.entry(w).or_insert(next));
                }
                if want_ends.last().copied().unwrap_or(0) < want_ids.len() {
                    want_ends.push(want_ids.len());
                }
            }
            assert_eq!(*ids, want_ids);
            assert_eq!(*ends, want_ends);
        }
        assert!(first.len() > 4000, "{} distinct words", first.len());
    }
    // A trailing non-ASCII separator sends every text through the character decoder.
    let slow: Vec<String> = texts.iter().map(|t| format!("{t}é")).collect();
    let slow_refs: Vec<&[u8]> = slow.iter().map(|t| t.as_bytes()).collect();
    let fast_refs: Vec<&[u8]> = texts.iter().map(|t| t.as_bytes()).collect();
    let o = TextOptions::rouge_score(false);
    assert_eq!(run(&slow_refs, &o).unwrap(), run(&fast_refs, &o).unwrap());
}

/// A prepared scorer's one-pass reading of long texts (rouge-score's tokeniser, past the short
/// path's 128 reference words) against the one-shot call, which checks and measures the texts
/// first: the same scores for plain ASCII and for other text, the same errors for a NUL and
/// for invalid UTF-8, and texts longer than the prepared dims in bytes or in lines refused.
#[test]
fn test_prepared_long_texts_read_in_one_pass_match_one_shot() {
    use crate::{score_text, Error, Metric, MetricResult, Options, TextDims, TextScorer};
    let metrics = [Metric::N(1), Metric::N(2), Metric::L, Metric::Lsum];
    let (opts, text_opts) = (Options::rouge_score(), TextOptions::rouge_score(false));
    let mut rng = Rng(0xC1EA_4C0F_F1E5_0001);
    let words: &[&str] = &[
        "the",
        "Cat",
        "sat",
        "on",
        "a",
        "mat",
        "9",
        "x1",
        "quick",
        "brown",
        "fox",
        "antidisestablishmentarianism",
        "café",
        "İstanbul",
        "\u{212A}elvin",
    ];
    let mut text = |n: usize, ascii: bool| -> Vec<u8> {
        let mut t = String::new();
        for k in 0..n {
            let pool = if ascii { 12 } else { words.len() };
            t.push_str(words[(rng.next() % pool as u64) as usize]);
            t.push_str(if k % 17 == 16 { ".\n" } else { " " });
        }
        t.into_bytes()
    };
    for case in 0..40 {
        let (cand, refr) = (
            text(150 + case * 7, case % 3 != 0),
            text(140 + case * 5, case % 4 != 1),
        );
        let refs: [&[u8]; 1] = [&refr];
        let dims = TextDims::of(&cand, &refs[..]);
        let scorer = TextScorer::new(&metrics, &opts, &text_opts, &dims).unwrap();
        let mut scratch = vec![0u64; scorer.scratch_words()];
        let (mut got, mut want) = ([MetricResult::default(); 4], [MetricResult::default(); 4]);
        scorer
            .score(&cand, &refs[..], &mut scratch, &mut got)
            .unwrap();
        score_text(
            &cand,
            &refs[..],
            &metrics,
            &opts,
            &text_opts,
            &mut scratch,
            &mut want,
        )
        .unwrap();
        assert_eq!(format!("{got:?}"), format!("{want:?}"), "case {case}");
        // Errors: a NUL, invalid UTF-8 (in the reference), each as the one-shot call reports it.
        for (at, bad) in [(refr.len() / 2, 0u8), (refr.len() / 3, 0xFF)] {
            let mut r = refr.clone();
            r[at] = bad;
            let bad_refs: [&[u8]; 1] = [&r];
            let one_shot = score_text(
                &cand,
                &bad_refs[..],
                &metrics,
                &opts,
                &text_opts,
                &mut scratch,
                &mut want,
            );
            let prepared = scorer.score(&cand, &bad_refs[..], &mut scratch, &mut got);
            assert!(
                matches!(one_shot, Err(Error::EmbeddedNul | Error::InvalidUtf8)),
                "{one_shot:?}"
            );
            assert_eq!(prepared, one_shot, "case {case}");
        }
        // A scorer prepared for shorter lines refuses the texts.
        for narrow in [
            TextDims {
                reference_line_bytes: dims.reference_line_bytes - 1,
                ..dims
            },
            TextDims {
                candidate_line_bytes: dims.candidate_line_bytes - 1,
                ..dims
            },
        ] {
            let scorer = TextScorer::new(&metrics, &opts, &text_opts, &narrow).unwrap();
            let mut scratch = vec![0u64; scorer.scratch_words()];
            let r = scorer.score(&cand, &refs[..], &mut scratch, &mut got);
            assert_eq!(r, Err(Error::InvalidArgument), "case {case}");
        }
    }
}

/// A scorer prepared for up to three long references serves calls with fewer (one to three),
/// each scoring as the one-shot call does (and refusing none as it does), and refuses a fourth; its one-pass reading once
/// read as many texts as it was prepared for (the fuzz target `text_garbage` found the panic).
#[test]
fn test_prepared_scorer_serves_fewer_references_than_prepared() {
    use crate::{score_text, Error, Metric, MetricResult, Options, TextDims, TextScorer};
    let metrics = [Metric::N(1), Metric::N(2), Metric::L, Metric::Lsum];
    let (opts, text_opts) = (Options::rouge_score(), TextOptions::rouge_score(false));
    let mut rng = Rng(0x5EED_4EF5_0000_0003);
    let words = [
        "the", "cat", "sat", "on", "a", "mat", "dog", "ran", "far", "9",
    ];
    let mut text = |n: usize| -> Vec<u8> {
        let mut t = String::new();
        for k in 0..n {
            t.push_str(words[(rng.next() % words.len() as u64) as usize]);
            t.push_str(if k % 13 == 12 { ".\n" } else { " " });
        }
        t.into_bytes()
    };
    let cand = text(300);
    let refs: Vec<Vec<u8>> = (0..4).map(|k| text(200 + 40 * k)).collect();
    let all: Vec<&[u8]> = refs.iter().map(|r| &r[..]).collect();
    let dims = TextDims::of(&cand, &all[..3]);
    let scorer = TextScorer::new(&metrics, &opts, &text_opts, &dims).unwrap();
    let mut scratch = vec![0u64; scorer.scratch_words()];
    for n in 0..=3 {
        let (mut got, mut want) = ([MetricResult::default(); 4], [MetricResult::default(); 4]);
        let prepared = scorer.score(&cand, &all[..n], &mut scratch, &mut got);
        let one_shot = score_text(
            &cand,
            &all[..n],
            &metrics,
            &opts,
            &text_opts,
            &mut scratch,
            &mut want,
        );
        // No reference at all is refused by both.
        assert_eq!(prepared, one_shot, "{n} references");
        assert_eq!(one_shot.is_ok(), n > 0, "{n} references: {one_shot:?}");
        assert_eq!(format!("{got:?}"), format!("{want:?}"), "{n} references");
    }
    let mut got = [MetricResult::default(); 4];
    assert_eq!(
        scorer.score(&cand, &all[..4], &mut scratch, &mut got),
        Err(Error::InvalidArgument)
    );
}
