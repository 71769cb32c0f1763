//! `score_text` on short single-reference pairs, which it scores as it tokenises (its short
//! path), against the long way round: the public tokeniser, then `score_pair` on the ids, one
//! metric at a time (so ROUGE-L takes the LCS kernel, ROUGE-1 and 2 their own mask path).
//! Random texts around every limit of the short path: references of 0 to 140 words (64, 65,
//! 128 and 129 included), words of 1 to 20 bytes (16 and more take no part in it), text lengths
//! at and around multiples of 64 bytes, empty and blank lines, digits, capitals, punctuation
//! and bytes above 0x7F (separators for the Perl tokeniser, another path for rouge-score's).

use rouge::text::{tokenize, tokenize_scratch_words, TextOptions, Tokenizer};
use rouge::{
    score_pair, score_text, scratch_words, text_scratch_words, Dims, Error, FeatureMask, Features,
    Flavour, Metric, MetricResult, MultiRef, Options, Summary, TextDims, TextScorer,
};

mod common;
use common::rng::Rng;

/// A word from a small vocabulary (so that the texts share words), now and then a long one.
fn word(rng: &mut Rng) -> Vec<u8> {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    if rng.below(20) == 0 {
        // Long words that are prefixes of each other: 14 to 20 bytes of one string.
        return b"qwertyuiopasdfghjklzx"[..14 + rng.below(7) as usize].to_vec();
    }
    let len = 1 + rng.below(5) as usize;
    // Seeded by a small number: about 40 distinct short words.
    let mut w = Rng(1 + rng.below(40) * 7 + len as u64);
    (0..len)
        .map(|_| {
            let b = ALPHABET[w.below(36) as usize];
            if rng.below(8) == 0 {
                b.to_ascii_uppercase()
            } else {
                b
            }
        })
        .collect()
}

fn separator(rng: &mut Rng, non_ascii: bool) -> Vec<u8> {
    match rng.below(24) {
        0..=1 => b"\n".to_vec(),
        2 => b"\n\n".to_vec(),
        3 => b" \n ".to_vec(),
        4 => b", ".to_vec(),
        5 => b"-".to_vec(),
        6 if non_ascii => "é".as_bytes().to_vec(),
        7 => b"  ".to_vec(),
        _ => b" ".to_vec(),
    }
}

fn text(rng: &mut Rng, words: usize, non_ascii: bool) -> Vec<u8> {
    let mut t = vec![];
    if rng.below(4) == 0 {
        t.extend(separator(rng, non_ascii));
    }
    for k in 0..words {
        if k > 0 {
            t.extend(separator(rng, non_ascii));
        }
        t.extend(word(rng));
    }
    if rng.below(4) == 0 {
        t.extend(separator(rng, non_ascii));
    }
    t
}

/// Pads or cuts `t` at a word boundary near a multiple of 64 bytes, now and then.
fn near_block_edge(rng: &mut Rng, mut t: Vec<u8>) -> Vec<u8> {
    if rng.below(3) == 0 && t.len() > 70 {
        let target = (t.len() / 64) * 64 + rng.below(3) as usize - 1;
        t.resize(target, b'x');
        // Not inside a two-byte character: its first byte becomes a word byte.
        if let Err(e) = std::str::from_utf8(&t) {
            t[e.valid_up_to()] = b'x';
        }
    }
    t
}

/// The results of the long way round, one metric at a time.
fn by_ids(
    candidate: &[u8],
    reference: &[u8],
    metrics: &[Metric],
    opts: &Options,
    text_opts: &TextOptions,
) -> Vec<MetricResult> {
    let texts: [&[u8]; 2] = [candidate, reference];
    let total = candidate.len() + reference.len();
    let mut scratch = vec![0u64; tokenize_scratch_words(text_opts, total, 2).unwrap()];
    let mut ids = vec![0u32; total + 2];
    let mut ends = vec![0usize; total + 2];
    let mut spans = vec![];
    tokenize(
        &texts[..],
        text_opts,
        &mut ids,
        &mut ends,
        &mut scratch,
        &mut |_, s| spans.push(s),
    )
    .unwrap();
    let summary = |k: usize| {
        let s = spans[k];
        Summary::new(
            &ids[s.token_start..s.token_start + s.token_len],
            &ends[s.sentence_start..s.sentence_start + s.sentence_count],
        )
    };
    let (cand, refr) = (summary(0), summary(1));
    let refs = [refr];
    metrics
        .iter()
        .map(|m| {
            let dims = Dims::of(&cand, &refs[..]);
            let mut scratch = vec![0u64; scratch_words(&[*m], opts, &dims).unwrap()];
            let mut out = [MetricResult::default()];
            score_pair(&cand, &refs[..], &[*m], opts, &mut scratch, &mut out).unwrap();
            out[0]
        })
        .collect()
}

fn same(a: &MetricResult, b: &MetricResult) -> bool {
    let bits = |r: &MetricResult| {
        [
            r.score.precision,
            r.score.recall,
            r.score.fmeasure,
            r.counts.hit,
            r.counts.reference_total,
            r.counts.candidate_total,
        ]
        .map(f64::to_bits)
    };
    bits(a) == bits(b)
}

#[test]
fn test_short_text_path_matches_tokenise_then_score() {
    let sets: [&[Metric]; 6] = [
        &[Metric::N(1), Metric::N(2), Metric::L, Metric::Lsum],
        &[Metric::Lsum],
        &[Metric::N(1)],
        &[Metric::L, Metric::N(2)],
        &[Metric::Lsum, Metric::N(1), Metric::Lsum],
        &[Metric::N(2), Metric::L, Metric::N(1)],
    ];
    let mut rng = Rng(0x005E_ED0F_5407);
    let mut checked = 0;
    for case in 0..3000 {
        let ref_words = match case % 10 {
            0 => [0, 1, 63, 64, 65, 127, 128, 129][rng.below(8) as usize],
            1 => 120 + rng.below(21) as usize,
            _ => rng.below(100) as usize,
        };
        let non_ascii = rng.below(5) == 0;
        let reference = text(&mut rng, ref_words, non_ascii);
        let reference = near_block_edge(&mut rng, reference);
        let cand_words = rng.below(if case % 7 == 0 { 300 } else { 90 }) as usize;
        let candidate = text(&mut rng, cand_words, non_ascii);
        let candidate = near_block_edge(&mut rng, candidate);
        let metrics = sets[case % sets.len()];
        let opts = if rng.below(2) == 0 {
            Options::rouge_score()
        } else {
            Options {
                flavour: Flavour::Perl,
                multi_ref: [MultiRef::PerlA, MultiRef::PerlB, MultiRef::BestF]
                    [rng.below(3) as usize],
                round: rng.below(2) == 0,
                alpha: [0.5, 0.0, 1.0, 0.3][rng.below(4) as usize],
                ..Options::rouge_score()
            }
        };
        let text_opts = match rng.below(2) {
            0 => TextOptions::rouge_score(false),
            _ => TextOptions {
                tokenizer: Tokenizer::Perl,
                ..TextOptions::rouge_score(false)
            },
        };
        let refs: [&[u8]; 1] = [&reference];
        let dims = TextDims::of(&candidate, &refs[..]);
        // Exactly the scratch asked for: the short path must fit in it.
        let mut scratch =
            vec![0u64; text_scratch_words(metrics, &opts, &text_opts, &dims).unwrap()];
        let mut got = vec![MetricResult::default(); metrics.len()];
        score_text(
            &candidate,
            &refs[..],
            metrics,
            &opts,
            &text_opts,
            &mut scratch,
            &mut got,
        )
        .unwrap();
        // A scorer prepared for larger dims gives the same, with its own scratch.
        let wide = TextDims {
            candidate_bytes: dims.candidate_bytes + case % 3,
            reference_line_bytes: dims.reference_line_bytes + case % 2,
            ..dims
        };
        let scorer = TextScorer::new(metrics, &opts, &text_opts, &wide).unwrap();
        let mut prepared = vec![MetricResult::default(); metrics.len()];
        let mut scratch = vec![0u64; scorer.scratch_words()];
        scorer
            .score(&candidate, &refs[..], &mut scratch, &mut prepared)
            .unwrap();
        assert!(
            got.iter().zip(&prepared).all(|(a, b)| same(a, b)),
            "case {case}"
        );
        // The same scorer forced to the portable code (no optional instruction set: the
        // detected scorer above runs the path compiled for x86-64-v3 where the CPU has it).
        let portable = scorer.restrict_features(FeatureMask::NONE);
        assert_eq!(portable.features(), Features::portable());
        portable
            .score(&candidate, &refs[..], &mut scratch, &mut prepared)
            .unwrap();
        assert!(
            got.iter().zip(&prepared).all(|(a, b)| same(a, b)),
            "case {case}, portable"
        );
        let want = by_ids(&candidate, &reference, metrics, &opts, &text_opts);
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert!(
                same(g, w),
                "case {case}, metric {:?}: {g:?} != {w:?}\ncandidate {:?}\nreference {:?}",
                metrics[i],
                String::from_utf8_lossy(&candidate),
                String::from_utf8_lossy(&reference),
            );
        }
        checked += metrics.len();
    }
    assert!(checked > 6000);
}

/// A prepared scorer refuses what it was not prepared for, before writing anything: texts
/// beyond its dims (bytes, lines, references), too little scratch, too short an output.
#[test]
fn test_text_scorer_checks() {
    let metrics = [Metric::N(1), Metric::N(2), Metric::L, Metric::Lsum];
    let opts = Options::rouge_score();
    let text_opts = TextOptions::rouge_score(false);
    let (cand, refr): (&[u8], &[u8]) = (b"the cat sat\non the mat", b"a cat sat on\nthe mat");
    let refs: [&[u8]; 1] = [refr];
    let dims = TextDims::of(cand, &refs[..]);
    let scorer = TextScorer::new(&metrics, &opts, &text_opts, &dims).unwrap();
    assert_eq!(
        scorer.scratch_words(),
        text_scratch_words(&metrics, &opts, &text_opts, &dims).unwrap()
    );
    assert_eq!(scorer.dims(), dims);
    let mut scratch = vec![0u64; scorer.scratch_words()];
    let sentinel = MetricResult::default();
    let mut out = [sentinel; 4];
    let mut want = [sentinel; 4];
    score_text(
        cand,
        &refs[..],
        &metrics,
        &opts,
        &text_opts,
        &mut scratch,
        &mut want,
    )
    .unwrap();
    scorer
        .score(cand, &refs[..], &mut scratch, &mut out)
        .unwrap();
    assert_eq!(out, want);
    assert!(want[3].counts.hit > 0.0);
    let mut out = [sentinel; 4];
    // One line longer than the dims allow (the same bytes), a longer text, two references.
    let one_line: &[u8] = b"the cat sat on the mat";
    let longer: &[u8] = b"the cat sat\non the mat!";
    let two: [&[u8]; 2] = [refr, refr];
    let cases: [(&[u8], &[&[u8]]); 3] = [(one_line, &refs), (longer, &refs), (cand, &two)];
    for (c, r) in cases {
        assert_eq!(
            scorer.score(c, r, &mut scratch, &mut out),
            Err(Error::InvalidArgument)
        );
    }
    let words = scorer.scratch_words();
    assert_eq!(
        scorer.score(cand, &refs[..], &mut scratch[..words - 1], &mut out),
        Err(Error::ScratchTooSmall { needed: words })
    );
    assert_eq!(
        scorer.score(cand, &refs[..], &mut scratch, &mut out[..3]),
        Err(Error::OutputTooSmall)
    );
    assert_eq!(out, [sentinel; 4]);
    // The general path (a reference of more than 128 words) checks the dims too.
    let long_ref = "w ".repeat(200);
    let long_refs: [&[u8]; 1] = [long_ref.as_bytes()];
    let dims = TextDims::of(cand, &long_refs[..]);
    let scorer = TextScorer::new(&metrics, &opts, &text_opts, &dims).unwrap();
    let mut scratch = vec![0u64; scorer.scratch_words()];
    scorer
        .score(cand, &long_refs[..], &mut scratch, &mut out)
        .unwrap();
    score_text(
        cand,
        &long_refs[..],
        &metrics,
        &opts,
        &text_opts,
        &mut scratch,
        &mut want,
    )
    .unwrap();
    assert_eq!(out, want);
    let two_lines = format!("{}\n{}", "w ".repeat(100), "w ".repeat(99));
    let two_lines: [&[u8]; 1] = [two_lines.as_bytes()];
    // Fewer bytes, but a longer candidate line than the dims allow.
    assert_eq!(
        scorer.score(one_line, &two_lines[..], &mut scratch, &mut out),
        Err(Error::InvalidArgument)
    );
}
