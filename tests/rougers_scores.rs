//! rouge-score-rs's `unicode-v1` and `character-v1` tokenisers scored end to end against the
//! `rougers` crate (0.2.1, a dev-dependency): random texts of every script, one and two
//! references, rouge1, rouge2, rougeL and rougeLsum equal bit for bit, through `score_text`,
//! `TextScorer` (one buffer sized for every case) and `tokenize` (ids in rougers' first-appearance
//! order). The tokens themselves, code point by code point, are checked in
//! `src/text/rougers/tests.rs`. Texts hold NUL too, which both profiles take as rougers does (a
//! control character: a segment of its own, never a token, a grapheme boundary after it).

use rouge::text::{tokenize, tokenize_scratch_words, TextScorer, TokenizedText};
use rouge::{score_text, text_scratch_words, Metric, MetricResult, Options, TextDims, TextOptions};
use rougers::{RougeScorer, RougeType, Tokenizer};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

const PIECES: &[&str] = &[
    "café",
    "cafe\u{301}",
    "Straße",
    "STRASSE",
    "ﬁne",
    "ＧＰＵ",
    "𝐀",
    "ΟΔΟΣ",
    "οδός",
    "Привет",
    "мир",
    "مرحبا",
    "بِسْمِ",
    "\u{FDFA}",
    "שלום",
    "צה\"ל",
    "नमस्ते",
    "क्षत्रिय",
    "ภาษาไทย",
    "我",
    "爱",
    "北京",
    "。",
    "東京タワー",
    "ｶﾀｶﾅ",
    "한국어",
    "\u{1100}\u{1161}\u{11A8}",
    "👩\u{200D}💻",
    "👍🏽",
    "🇫🇷",
    "1\u{FE0F}\u{20E3}",
    "①",
    "⑴",
    "½",
    "don't",
    "e.g.",
    "U.S.",
    "3.50",
    "1,000",
    "x_y",
    "co-op",
    "the",
    "cat",
    "sat",
    "on",
    "mat",
    "a",
    "1",
    "\t",
    "\r\n",
    "\u{AD}",
    "\u{200B}",
    "\u{378}",
    "\u{E000}",
    " ",
    " ",
    " ",
    "\n",
    // NUL, which rougers takes as any control character: alone, inside a word, before a mark
    // (a grapheme boundary: `\0` then `ः` alone, where a space would keep ` ः` as one cluster)
    // and next to a newline.
    "\0",
    "a\0b",
    "\0\u{903}",
    "\0\u{301}x",
    "\0\n\0",
];

fn text(rng: &mut Rng, parts: usize) -> String {
    let mut s = String::new();
    for _ in 0..parts {
        let r = rng.next();
        s.push_str(PIECES[(r % PIECES.len() as u64) as usize]);
        if (r >> 32) % 3 == 0 {
            s.push(' ');
        }
    }
    s
}

const METRICS: [Metric; 4] = [Metric::N(1), Metric::N(2), Metric::L, Metric::Lsum];
const TYPES: [RougeType; 4] = [
    RougeType::N(1),
    RougeType::N(2),
    RougeType::L,
    RougeType::LSum,
];

fn expected(t: Tokenizer, cand: &str, refs: &[&str]) -> Vec<[f64; 3]> {
    let scorer = RougeScorer::with_tokenizer(TYPES.to_vec(), t).unwrap();
    let scores = scorer.score_multi(refs, cand).unwrap();
    TYPES
        .iter()
        .map(|&ty| {
            let s = scores.get(ty).unwrap();
            [s.precision, s.recall, s.fmeasure]
        })
        .collect()
}

fn got(out: &[MetricResult]) -> Vec<[f64; 3]> {
    out.iter()
        .map(|r| [r.score.precision, r.score.recall, r.score.fmeasure])
        .collect()
}

#[test]
fn test_scores_equal_rougers_bit_for_bit() {
    let o = Options::rouge_score();
    for (t, topts) in [
        (Tokenizer::unicode(), TextOptions::unicode_v1()),
        (Tokenizer::character(), TextOptions::character_v1()),
    ] {
        let mut rng = Rng(0x5EED);
        let cases: Vec<(String, Vec<String>)> = (0..2000)
            .map(|i| {
                let cand = text(&mut rng, 1 + i % 30);
                let refs = (0..1 + i % 2).map(|_| text(&mut rng, 1 + i % 25)).collect();
                (cand, refs)
            })
            .collect();
        // One scorer and buffer sized for every case.
        let mut dims = TextDims::default();
        for (c, r) in &cases {
            let r: Vec<&str> = r.iter().map(String::as_str).collect();
            dims = dims.max(TextDims::of(c.as_bytes(), &r[..]));
        }
        let scorer = TextScorer::new(&METRICS, &o, &topts, &dims).unwrap();
        let mut shared = vec![0u64; scorer.scratch_words()];
        for (cand, refs) in &cases {
            let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
            let want = expected(t, cand, &refs);
            let words = text_scratch_words(
                &METRICS,
                &o,
                &topts,
                &TextDims::of(cand.as_bytes(), &refs[..]),
            )
            .unwrap();
            let mut scratch = vec![0u64; words];
            let mut out = [MetricResult::default(); 4];
            score_text(
                cand.as_bytes(),
                &refs[..],
                &METRICS,
                &o,
                &topts,
                &mut scratch,
                &mut out,
            )
            .unwrap();
            assert_eq!(got(&out), want, "{:?} {cand:?} {refs:?}", t.profile());
            let mut out = [MetricResult::default(); 4];
            scorer
                .score(cand.as_bytes(), &refs[..], &mut shared, &mut out)
                .unwrap();
            assert_eq!(
                got(&out),
                want,
                "TextScorer {:?} {cand:?} {refs:?}",
                t.profile()
            );
        }
    }
}

#[test]
fn test_tokenize_gives_rougers_tokens_as_first_appearance_ids() {
    let mut rng = Rng(7);
    for (t, topts) in [
        (Tokenizer::unicode(), TextOptions::unicode_v1()),
        (Tokenizer::character(), TextOptions::character_v1()),
    ] {
        for i in 0..1000 {
            let texts = [text(&mut rng, 1 + i % 40), text(&mut rng, 1 + i % 10)];
            let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
            let total: usize = texts.iter().map(|s| s.len()).sum();
            let words = tokenize_scratch_words(&topts, total, 2).unwrap();
            let cap = topts.max_tokens(total, 2);
            let (mut ids, mut ends) = (vec![0u32; cap], vec![0usize; cap]);
            let mut scratch = vec![0u64; words];
            let mut spans = [TokenizedText::default(); 2];
            tokenize(
                &texts[..],
                &topts,
                &mut ids,
                &mut ends,
                &mut scratch,
                &mut |k, s| spans[k] = s,
            )
            .unwrap();
            // rougers' tokens, numbered by first appearance across both texts.
            let mut seen: Vec<String> = vec![];
            for (k, s) in texts.iter().enumerate() {
                let want: Vec<u32> = t
                    .tokenize(s)
                    .into_iter()
                    .map(|w| match seen.iter().position(|x| *x == w) {
                        Some(p) => p as u32,
                        None => {
                            seen.push(w);
                            seen.len() as u32 - 1
                        }
                    })
                    .collect();
                let span = spans[k];
                assert_eq!(
                    &ids[span.token_start..span.token_start + span.token_len],
                    &want[..],
                    "{:?} {s:?}",
                    t.profile()
                );
                // One sentence per line with tokens.
                let lines = s.split('\n').filter(|l| !t.tokenize(l).is_empty()).count();
                assert_eq!(span.sentence_count, lines, "{s:?}");
            }
        }
    }
}

#[test]
fn test_stemming_is_refused_and_long_words_stay_interned() {
    let mut o = TextOptions::unicode_v1();
    o.stem = true;
    assert!(tokenize_scratch_words(&o, 10, 1).is_err());
    // A long word (16 bytes or more) new in the middle of a line keeps its bytes while the
    // rest of the line is read.
    let text = "ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱ x abcdefghijklmnopq ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱ abcdefghijklmnopq";
    let o = TextOptions::unicode_v1();
    let words = tokenize_scratch_words(&o, text.len(), 1).unwrap();
    let cap = o.max_tokens(text.len(), 1);
    let (mut ids, mut ends) = (vec![0u32; cap], vec![0usize; cap]);
    let mut scratch = vec![0u64; words];
    let mut n = 0;
    tokenize(
        &[text][..],
        &o,
        &mut ids,
        &mut ends,
        &mut scratch,
        &mut |_, s| n = s.token_len,
    )
    .unwrap();
    assert_eq!(&ids[..n], &[0, 1, 0, 0, 0]);
}

/// The 3,236 pairs of `<shared>/multilingual/cases.jsonl` (XL-Sum's 45 languages, every
/// script), both profiles, rouge1/2/L/Lsum bit for bit against rougers, the 38 whose text holds
/// a NUL byte among them (counted). Skipped (with a note) where the shared data is missing;
/// required under CI=true.
#[test]
fn test_multilingual_corpus_equals_rougers_bit_for_bit() {
    let shared = std::env::var_os("ROUGE_SHARED_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../shared").into());
    let path = shared.join("multilingual/cases.jsonl");
    let Ok(data) = std::fs::read_to_string(&path) else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{} missing",
            path.display()
        );
        eprintln!("skipped: {} missing", path.display());
        return;
    };
    let o = Options::rouge_score();
    let (mut checked, mut with_nul) = (0, 0);
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let (target, prediction) = (
            v["target"].as_str().unwrap(),
            v["prediction"].as_str().unwrap(),
        );
        for (t, topts) in [
            (Tokenizer::unicode(), TextOptions::unicode_v1()),
            (Tokenizer::character(), TextOptions::character_v1()),
        ] {
            let refs = [target];
            let dims = TextDims::of(prediction.as_bytes(), &refs[..]);
            let words = text_scratch_words(&METRICS, &o, &topts, &dims).unwrap();
            let mut scratch = vec![0u64; words];
            let mut out = [MetricResult::default(); 4];
            let r = score_text(
                prediction.as_bytes(),
                &refs[..],
                &METRICS,
                &o,
                &topts,
                &mut scratch,
                &mut out,
            );
            r.unwrap();
            if (target.to_owned() + prediction).contains('\0') {
                with_nul += 1;
            }
            assert_eq!(
                got(&out),
                expected(t, prediction, &refs),
                "{} {:?}",
                v["id"],
                t.profile()
            );
            checked += 1;
        }
    }
    assert_eq!((checked, with_nul), (2 * 3236, 2 * 38));
}
