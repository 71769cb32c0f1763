//! The cargo features (Cargo.toml): a build that leaves out a metric or a tokeniser refuses it
//! with `Error::InvalidArgument` (`ROUGE_ERR_INVALID_ARGUMENT` through the C ABI); a build with
//! it scores it. Run in both: `cargo test --release --test features` (every feature) and
//! `cargo test --release --test features --no-default-features` (ffi-tests/size/check.sh).
//! The values are worked out by hand from the definitions (Lin 2004) on a five-token candidate.

use rouge::capi::*;
use rouge::text::{tokenize, tokenize_scratch_words, TextOptions, TokenizedText};
use rouge::{score_pair, scratch_words, Dims, Error, Metric, MetricResult, Options, Summary};

const CAND: [u32; 5] = [1, 2, 3, 4, 5];
const REF: [u32; 6] = [1, 2, 4, 5, 6, 7];

fn score(metric: Metric) -> Result<MetricResult, Error> {
    let cand = Summary::new(&CAND, &[]);
    let refs = [Summary::new(&REF, &[])];
    let opts = Options::rouge_score();
    let words = scratch_words(&[metric], &opts, &Dims::of(&cand, &refs[..]))?;
    let mut scratch = vec![0u64; words];
    let mut out = [MetricResult::default()];
    score_pair(&cand, &refs[..], &[metric], &opts, &mut scratch, &mut out)?;
    Ok(out[0])
}

/// Status of `rouge_score_pair` for one metric, through the C ABI.
fn c_status(kind: u32, weight: f64) -> rouge_status {
    let summary = |t: &[u32]| rouge_summary {
        tokens: t.as_ptr(),
        len: t.len(),
        sentence_ends: std::ptr::null(),
        sentence_count: 0,
    };
    let (c, r) = (summary(&CAND), summary(&REF));
    let m = rouge_metric {
        kind,
        n: 0,
        skip: -1,
        weight,
    };
    let mut opts = std::mem::MaybeUninit::uninit();
    let mut out = std::mem::MaybeUninit::<rouge_result>::uninit();
    let mut scratch = vec![0u64; 4096];
    // SAFETY: every pointer is valid for its length for the duration of the calls.
    unsafe {
        assert_eq!(
            rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, opts.as_mut_ptr()),
            ROUGE_OK
        );
        rouge_score_pair(
            &c,
            &r,
            1,
            &m,
            1,
            opts.as_ptr(),
            scratch.as_mut_ptr(),
            scratch.len(),
            out.as_mut_ptr(),
        )
    }
}

/// Tokens of `text` with `opts`, as byte-distinct ids in order.
fn tokens(opts: &TextOptions, text: &str) -> Result<Vec<u32>, Error> {
    let words = tokenize_scratch_words(opts, text.len(), 1)?;
    let mut scratch = vec![0u64; words];
    let (mut ids, mut ends) = (vec![0u32; text.len()], vec![0usize; text.len()]);
    let mut span = TokenizedText::default();
    tokenize(
        &[text][..],
        opts,
        &mut ids,
        &mut ends,
        &mut scratch,
        &mut |_, s| span = s,
    )?;
    Ok(ids[span.token_start..span.token_start + span.token_len].to_vec())
}

/// Status of `rouge_tokenize_scratch_words` for one tokeniser, through the C ABI.
fn c_tokenize_status(tokenizer: u32) -> rouge_status {
    let text = rouge_str {
        ptr: c"A text".as_ptr(),
        len: 6,
    };
    let mut topts = std::mem::MaybeUninit::uninit();
    let (mut words, mut max_tokens) = (0usize, 0usize);
    // SAFETY: every pointer is valid for the duration of the calls.
    unsafe {
        assert_eq!(
            rouge_text_options_init(tokenizer, topts.as_mut_ptr()),
            ROUGE_OK
        );
        rouge_tokenize_scratch_words(&text, 1, topts.as_ptr(), &mut words, &mut max_tokens)
    }
}

#[test]
fn test_every_build_scores_n_and_l() {
    // Unigram hits 1 2 4 5 of 5 candidate and 6 reference tokens; LCS 1 2 4 5.
    for m in [Metric::N(1), Metric::L, Metric::Lsum] {
        let r = score(m).unwrap();
        assert_eq!(
            (r.counts.hit, r.score.precision, r.score.recall),
            (4.0, 0.8, 4.0 / 6.0)
        );
    }
    assert_eq!(score(Metric::N(2)).unwrap().counts.hit, 2.0); // bigrams 1 2 and 4 5
    assert_eq!(c_status(ROUGE_METRIC_L, 0.0), ROUGE_OK);
    // The rouge-score tokeniser is always there.
    assert_eq!(
        tokens(&TextOptions::rouge_score(false), "Hello-World, hello").unwrap(),
        [0, 1, 0]
    );
    assert_eq!(c_tokenize_status(ROUGE_TOKENIZER_ROUGE_SCORE), ROUGE_OK);
}

#[cfg(feature = "rouge-w")]
#[test]
fn test_rouge_w_is_scored() {
    // f(k) = k^2: the runs 1 2 and 4 5 weigh 4 + 4; R = sqrt(8 / 6^2), P = sqrt(8 / 5^2).
    let r = score(Metric::W(2.0)).unwrap();
    assert_eq!(r.counts.hit, 8.0);
    assert!((r.score.recall - (8.0f64 / 36.0).sqrt()).abs() < 1e-12);
    assert!((r.score.precision - (8.0f64 / 25.0).sqrt()).abs() < 1e-12);
    assert_eq!(c_status(ROUGE_METRIC_W, 1.2), ROUGE_OK);
}

#[cfg(not(feature = "rouge-w"))]
#[test]
fn test_rouge_w_is_refused_without_its_feature() {
    assert_eq!(score(Metric::W(2.0)).unwrap_err(), Error::InvalidArgument);
    assert_eq!(c_status(ROUGE_METRIC_W, 1.2), ROUGE_ERR_INVALID_ARGUMENT);
}

#[cfg(feature = "rouge-s")]
#[test]
fn test_rouge_s_and_su_are_scored() {
    // S*: the 6 pairs of 1 2 4 5 among C(5,2) = 10 and C(6,2) = 15; SU adds the 4 unigrams.
    let s = score(Metric::S(None)).unwrap();
    assert_eq!(
        (
            s.counts.hit,
            s.counts.candidate_total,
            s.counts.reference_total
        ),
        (6.0, 10.0, 15.0)
    );
    let su = score(Metric::Su(None)).unwrap();
    assert_eq!(
        (
            su.counts.hit,
            su.counts.candidate_total,
            su.counts.reference_total
        ),
        (10.0, 15.0, 21.0)
    );
    assert_eq!(c_status(ROUGE_METRIC_S, 0.0), ROUGE_OK);
    assert_eq!(c_status(ROUGE_METRIC_SU, 0.0), ROUGE_OK);
}

#[cfg(not(feature = "rouge-s"))]
#[test]
fn test_rouge_s_and_su_are_refused_without_their_feature() {
    assert_eq!(score(Metric::S(None)).unwrap_err(), Error::InvalidArgument);
    assert_eq!(
        score(Metric::Su(Some(4))).unwrap_err(),
        Error::InvalidArgument
    );
    assert_eq!(c_status(ROUGE_METRIC_S, 0.0), ROUGE_ERR_INVALID_ARGUMENT);
    assert_eq!(c_status(ROUGE_METRIC_SU, 0.0), ROUGE_ERR_INVALID_ARGUMENT);
}

#[cfg(feature = "perl-text")]
#[test]
fn test_perl_tokeniser_is_there() {
    // `-` split off and dropped, every byte of `ç` separates; -m stems with the exceptions.
    assert_eq!(
        tokens(&TextOptions::perl(), "Hello-World, ça va hello").unwrap(),
        [0, 1, 2, 3, 0]
    );
    let stem = TextOptions {
        stem: true,
        ..TextOptions::perl()
    };
    assert_eq!(tokens(&stem, "running runs ran").unwrap(), [0, 0, 1]);
    assert_eq!(c_tokenize_status(ROUGE_TOKENIZER_PERL), ROUGE_OK);
}

#[cfg(not(feature = "perl-text"))]
#[test]
fn test_perl_tokeniser_is_refused_without_its_feature() {
    assert_eq!(
        tokens(&TextOptions::perl(), "Hello").unwrap_err(),
        Error::InvalidArgument
    );
    assert_eq!(
        c_tokenize_status(ROUGE_TOKENIZER_PERL),
        ROUGE_ERR_INVALID_ARGUMENT
    );
}

#[cfg(feature = "unicode-tokenizer")]
#[test]
fn test_unicode_tokeniser_is_there() {
    // Words of any script, one token per CJK ideograph.
    assert_eq!(
        tokens(&TextOptions::unicode(), "Ça va, 東京 ça").unwrap(),
        [0, 1, 2, 3, 0]
    );
    assert_eq!(c_tokenize_status(ROUGE_TOKENIZER_UNICODE), ROUGE_OK);
}

#[cfg(not(feature = "unicode-tokenizer"))]
#[test]
fn test_unicode_tokeniser_is_refused_without_its_feature() {
    assert_eq!(
        tokens(&TextOptions::unicode(), "東京").unwrap_err(),
        Error::InvalidArgument
    );
    assert_eq!(
        c_tokenize_status(ROUGE_TOKENIZER_UNICODE),
        ROUGE_ERR_INVALID_ARGUMENT
    );
}
