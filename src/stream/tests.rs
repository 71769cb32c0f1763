//! A state in caller memory may be overwritten: no byte pattern may make a call abort,
//! hang or touch memory outside the state; a refused state is left as it was.
use super::*;
use crate::intern::capacity_for;
use crate::test_rng::Rng;

/// A stream over a three-sentence reference tracking everything, part-way through a
/// candidate (two sentences ended, one open).
fn live_state() -> Vec<u64> {
    let tokens = [5, 1, 2, 5, 3, 9, 1, 2, 7, 5, 2, 4, 4, 8];
    let ends = [4, 9, 14];
    let r = Summary::new(&tokens, &ends);
    let cfg = StreamConfig {
        max_n: 3,
        lcs: true,
        lsum: true,
        max_sentence_len: 6,
    };
    let mut st = vec![0u64; stream_words(&r, &cfg).unwrap()];
    stream_init(&mut st, &r, &cfg).unwrap();
    for (i, t) in [1, 2, 5, 11, 2, 4, 5, 1, 2, 3].into_iter().enumerate() {
        stream_push(&mut st, t).unwrap();
        if i == 3 || i == 6 {
            stream_end_sentence(&mut st).unwrap();
        }
    }
    st
}

fn score_all(st: &[u64]) -> Result<(), Error> {
    let metrics = [
        Metric::N(1),
        Metric::N(2),
        Metric::N(3),
        Metric::L,
        Metric::Lsum,
    ];
    let mut out = [MetricResult::default(); 5];
    stream_score(&|_| st, 1, &metrics, &Options::rouge_score(), &mut out)
}

/// Every call on a copy of `st`: a status the call may give, and a refused state unchanged.
/// Then the calls in a row on one copy (a state a call accepted stays safe to use).
fn check_calls(st: &[u64], what: &str) {
    type Call = fn(&mut [u64]) -> Result<(), Error>;
    let calls: [(&str, Call); 5] = [
        ("push", |s| stream_push(s, 2)),
        ("push absent", |s| stream_push(s, 1000)),
        ("end_sentence", stream_end_sentence),
        ("score", |s| score_all(s)),
        ("reset", stream_reset),
    ];
    for (name, call) in calls {
        let mut copy = st.to_vec();
        let got = call(&mut copy);
        match got {
            Ok(()) => {}
            Err(Error::InvalidArgument) => {
                assert_eq!(copy, st, "{what}: {name} refused but wrote")
            }
            Err(Error::InputTooLong) if name.starts_with("push") => {
                assert_eq!(copy, st, "{what}: {name} refused but wrote")
            }
            Err(e) => panic!("{what}: {name} gave {e:?}"),
        }
    }
    let mut chain = st.to_vec();
    for _ in 0..3 {
        for (_, call) in calls {
            let _ = call(&mut chain);
        }
    }
}

#[test]
fn test_every_bit_flipped_and_every_word_overwritten_is_safe() {
    let st = live_state();
    check_calls(&st, "intact");
    assert_eq!(score_all(&st), Ok(()));
    for i in 0..st.len() {
        for bit in 0..64 {
            let mut bad = st.clone();
            bad[i] ^= 1 << bit;
            check_calls(&bad, &format!("word {i} bit {bit} flipped"));
        }
        for v in [0, !0, 1, u32::MAX as u64, st[i].wrapping_add(1)] {
            let mut bad = st.clone();
            bad[i] = v;
            check_calls(&bad, &format!("word {i} set to {v:#x}"));
        }
    }
}

#[test]
fn test_header_changes_are_refused() {
    let st = live_state();
    // Every word fixed at set-up (the check value included): any change is refused.
    let fixed = [
        H_MAGIC,
        H_WORDS,
        H_M,
        H_MAX_N,
        H_FLAGS,
        H_MAX_SENT,
        H_VOCAB,
        H_SENTENCES,
        H_SENT_WORDS,
        H_GRAMS,
        H_GRAMS + 1,
        H_GRAMS + 2,
        H_CHECK,
    ];
    for i in fixed {
        for v in [0, 1, !0, st[i] ^ 1, st[i] ^ 1 << 40] {
            let mut bad = st.clone();
            bad[i] = v;
            if bad == st {
                continue;
            }
            let copy = bad.clone();
            assert_eq!(
                stream_push(&mut bad, 2),
                Err(Error::InvalidArgument),
                "word {i}"
            );
            assert_eq!(
                stream_reset(&mut bad),
                Err(Error::InvalidArgument),
                "word {i}"
            );
            assert_eq!(score_all(&bad), Err(Error::InvalidArgument), "word {i}");
            assert_eq!(bad, copy);
        }
    }
    // A state restored truncated, or passed with fewer words than it records.
    let mut short = st.clone();
    assert_eq!(
        stream_push(&mut short[..st.len() - 1], 2),
        Err(Error::InvalidArgument)
    );
    assert_eq!(score_all(&st[..st.len() - 1]), Err(Error::InvalidArgument));
    assert_eq!(short, st);
    // A full interning table (no empty slot): the probe is bounded.
    let mut full = st.clone();
    let cap = capacity_for(14).unwrap();
    let ids = HEADER + cap;
    full[ids..ids + cap / 2].fill(0x0000_0003_0000_0003);
    let copy = full.clone();
    assert_eq!(stream_push(&mut full, 1000), Err(Error::InvalidArgument));
    assert_eq!(full, copy);
}

#[test]
fn test_random_garbage_states_are_safe() {
    let st = live_state();
    let mut x = Rng(0x1234_5678_9abc_def1);
    for round in 0..3000 {
        let mut bad = st.clone();
        match round % 3 {
            // Garbage body behind the real header.
            0 => bad[HEADER..].iter_mut().for_each(|w| *w = x.next()),
            // Small values everywhere in the body (indices that look plausible).
            1 => bad[HEADER..]
                .iter_mut()
                .for_each(|w| *w = x.next() & 0x0000_000f_0000_000f),
            // A few random words anywhere, the check value recomputed so the header's
            // consistency checks (not the check value) must catch it.
            _ => {
                for _ in 0..1 + x.next() % 4 {
                    let i = (x.next() % st.len() as u64) as usize;
                    bad[i] = match x.next() % 3 {
                        0 => x.next(),
                        1 => x.next() % 64,
                        _ => bad[i] ^ 1 << (x.next() % 64),
                    };
                }
                let max_n = (bad[H_MAX_N] as usize).clamp(1, STREAM_MAX_N);
                bad[H_CHECK] = check_value(bad[..HEADER].try_into().unwrap(), max_n);
            }
        }
        check_calls(&bad, &format!("garbage round {round}"));
    }
}

#[test]
fn test_forged_set_up_words_with_a_matching_check_value_are_safe() {
    // The check value does not stop a forger: each set-up word set to values past its range
    // (high bits set, all ones, past STREAM_MAX_N) with the check value recomputed must still
    // give a status the call documents, a refused state unchanged.
    let st = live_state();
    let words = [
        H_WORDS,
        H_M,
        H_MAX_N,
        H_FLAGS,
        H_MAX_SENT,
        H_VOCAB,
        H_SENTENCES,
        H_SENT_WORDS,
        H_GRAMS,
        H_GRAMS + 1,
        H_GRAMS + 2,
    ];
    for i in words {
        for v in [
            st[i] | 1 << 32,
            st[i] | 1 << 63,
            !0,
            u32::MAX as u64,
            0,
            1,
            STREAM_MAX_N as u64 + 1,
            st[i] + 1,
            st[i].saturating_sub(1),
        ] {
            let mut bad = st.clone();
            bad[i] = v;
            let max_n = (bad[H_MAX_N] as usize).clamp(1, STREAM_MAX_N);
            bad[H_CHECK] = check_value(bad[..HEADER].try_into().unwrap(), max_n);
            check_calls(&bad, &format!("word {i} forged to {v:#x}"));
            // With the token table's ids past every count too (a lookup answers id 1000).
            let cap = capacity_for(14).unwrap();
            let ids = HEADER + cap;
            bad[ids..ids + cap / 2].fill(1000 << 32 | 1000);
            check_calls(&bad, &format!("word {i} forged to {v:#x}, ids 1000"));
        }
    }
}

/// The state's size counted region by region with the checked [`Size`], as `carve` hands
/// them out: the reference for the closed form of [`Layout::words`].
fn words_by_regions(l: &Layout) -> Result<usize, Error> {
    let (m, cap) = (l.m, l.cap);
    let mut s = crate::scratch::Size::default();
    s.add_u64(Some(HEADER));
    s.add_u64(Some(cap));
    s.add_u32(Some(cap));
    s.add_u32(Some(m));
    s.add_u32(m.checked_add(1));
    s.add_u32(Some(m));
    for _ in 0..l.max_n.max(1) {
        s.add_u64(Some(cap));
        s.add_u32(Some(cap));
        s.add_u32(Some(m));
        s.add_u32(Some(m));
    }
    s.add_u32(Some(STREAM_MAX_N));
    s.add_u64(Some(STREAM_MAX_N));
    if l.lcs {
        s.add_u64(Some(words_for(m)));
    }
    if l.lsum {
        s.add_u32(Some(l.sentences + 1));
        s.add_u32(Some(m));
        s.add_u32(Some(l.sentences + 1));
        s.add_u64(Some(l.sent_words));
        s.add_u64(Some(l.sent_words));
        s.add_u64(l.max_sent.checked_mul(l.sent_words));
        s.add_u32(Some(l.max_sent));
        s.add_u32(Some(m));
        s.add_u32(Some(m));
    }
    s.finish()
}

#[test]
fn test_closed_form_size_matches_the_regions() {
    let mut x = Rng(0x9e37_79b9_7f4a_7c15);
    let big = MAX_INPUT_LEN;
    for round in 0..20_000 {
        let pick = |x: &mut Rng| match x.next() % 4 {
            0 => (x.next() % 70) as usize,
            1 => (x.next() % 5000) as usize,
            2 => big - (x.next() % 3) as usize,
            _ => (x.next() % (big as u64 + 1)) as usize,
        };
        let m = pick(&mut x);
        let lsum = x.next() % 2 == 1;
        let l = Layout {
            m,
            max_n: (x.next() % (STREAM_MAX_N as u64 + 1)) as usize,
            lcs: x.next() % 2 == 1,
            lsum,
            max_sent: if lsum { pick(&mut x) } else { 0 },
            sentences: if lsum { pick(&mut x) } else { 0 },
            sent_words: if lsum { pick(&mut x) } else { 0 },
            cap: capacity_for(m).unwrap(),
        };
        assert_eq!(l.words(), words_by_regions(&l), "round {round}");
    }
    // Every configuration of the state the other tests use, carved to the last word.
    let st = live_state();
    let (l, words) = Layout::checked(&st).unwrap();
    assert_eq!(Ok(words), words_by_regions(&l));
}
