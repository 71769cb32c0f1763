//! The flash-size probe: what an embedder links when it scores token ids with rouge1, rouge2,
//! rougeL and rougeLsum through the C ABI, as a Cortex-M4F firmware would. The tokens are read
//! with volatile loads and the results written with volatile stores, so nothing is folded away;
//! the options are rouge-score's, filled by `rouge_options_init`, as an embedder does.
#![no_std]
#![no_main]

use core::mem::MaybeUninit;
use core::ptr::{addr_of, addr_of_mut, read_volatile, write_volatile};
use rouge::capi::*;

const TOKENS: usize = 64;
/// Enough for two summaries of 64 tokens and these four metrics.
const SCRATCH_WORDS: usize = 4096;

static mut CANDIDATE: [u32; TOKENS] = [0; TOKENS];
static mut REFERENCE: [u32; TOKENS] = [0; TOKENS];
static mut SCRATCH: [u64; SCRATCH_WORDS] = [0; SCRATCH_WORDS];
static mut F: [f64; 4] = [0.0; 4];
static mut STATUS: u32 = 0;

#[link_section = ".vector_table.reset"]
#[used]
static RESET: unsafe extern "C" fn() -> ! = reset;

#[no_mangle]
unsafe extern "C" fn reset() -> ! {
    loop {
        // SAFETY: single-threaded firmware; the statics are only touched here.
        unsafe { score() };
    }
}

unsafe fn score() {
    let mut cand = [0u32; TOKENS];
    let mut reference = [0u32; TOKENS];
    for i in 0..TOKENS {
        // SAFETY: in-bounds reads of statics, volatile so the input is unknown to the compiler.
        unsafe {
            cand[i] = read_volatile(addr_of!(CANDIDATE[i]));
            reference[i] = read_volatile(addr_of!(REFERENCE[i]));
        }
    }
    let ends = [TOKENS / 2, TOKENS];
    let c = rouge_summary {
        tokens: cand.as_ptr(),
        len: TOKENS,
        sentence_ends: ends.as_ptr(),
        sentence_count: 2,
    };
    let r = rouge_summary {
        tokens: reference.as_ptr(),
        len: TOKENS,
        sentence_ends: ends.as_ptr(),
        sentence_count: 2,
    };
    let metric = |kind, n| rouge_metric {
        kind,
        n,
        skip: 0,
        weight: 0.0,
    };
    let metrics = [
        metric(ROUGE_METRIC_N, 1),
        metric(ROUGE_METRIC_N, 2),
        metric(ROUGE_METRIC_L, 0),
        metric(ROUGE_METRIC_LSUM, 0),
    ];
    let mut options = MaybeUninit::<rouge_options>::uninit();
    let mut out = [MaybeUninit::<rouge_result>::uninit(); 4];
    // SAFETY: every pointer is valid for the length given, for the duration of the calls.
    unsafe {
        let mut status = rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, options.as_mut_ptr());
        if status == ROUGE_OK {
            status = rouge_score_pair(
                &c,
                &r,
                1,
                metrics.as_ptr(),
                metrics.len(),
                options.as_ptr(),
                addr_of_mut!(SCRATCH).cast(),
                SCRATCH_WORDS,
                out.as_mut_ptr().cast(),
            );
        }
        write_volatile(addr_of_mut!(STATUS), status);
        if status == ROUGE_OK {
            for (i, o) in out.iter().enumerate() {
                write_volatile(addr_of_mut!(F[i]), o.assume_init().score.fmeasure);
            }
        }
    }
}
