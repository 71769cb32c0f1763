//! A stream's state in caller memory: the header words and their check value, the closed-form
//! size, the carving of the regions into views, and [`Layout::checked`], which every call runs
//! before it trusts a word of the header.

use super::{StreamConfig, STREAM_MAX_N};
use crate::intern::capacity_for;
use crate::lcs::words_for;
use crate::model::{Dims, Summary};
use crate::scratch::Carver;
use crate::{Error, MAX_INPUT_LEN};

// "ROUGEST3": the layout whose check value leaves out the magic and the size.
pub(super) const MAGIC: u64 = 0x524f_5547_4553_5433;
pub(super) const NONE: u32 = u32::MAX;

// Header words.
pub(super) const H_MAGIC: usize = 0;
pub(super) const H_WORDS: usize = 1;
pub(super) const H_M: usize = 2;
pub(super) const H_MAX_N: usize = 3;
pub(super) const H_FLAGS: usize = 4;
pub(super) const H_MAX_SENT: usize = 5;
pub(super) const H_VOCAB: usize = 6;
pub(super) const H_PUSHED: usize = 7;
pub(super) const H_SENT_LEN: usize = 8;
pub(super) const H_LSUM_HITS: usize = 9;
pub(super) const H_LSUM_N: usize = 10;
pub(super) const H_SENTENCES: usize = 11;
pub(super) const H_SENT_WORDS: usize = 12;
pub(super) const H_GRAMS: usize = 13; // H_GRAMS + k: distinct reference n-grams at level k+1
pub(super) const H_CHECK: usize = H_GRAMS + STREAM_MAX_N; // check value of the set-up words
pub(super) const HEADER: usize = H_CHECK + 1;

/// Sizes of the regions, from the header's scalars.
#[derive(Clone, Copy)]
pub(super) struct Layout {
    pub(super) m: usize,
    pub(super) max_n: usize,
    pub(super) lcs: bool,
    pub(super) lsum: bool,
    pub(super) max_sent: usize,
    pub(super) sentences: usize,
    pub(super) sent_words: usize,
    pub(super) cap: usize,
}

impl Layout {
    /// Exact words of the state, in the order `carve` hands the regions out (each u32 region
    /// rounded up to whole words on its own). Every field is at most `u32::MAX` (`layout_for`
    /// checks, `checked` reads them so), so in u64 only the columns' product can overflow: a
    /// handful of adds on every call rather than a checked add per region. `InputTooLong` past
    /// a usize.
    #[inline(always)]
    pub(super) fn words(&self) -> Result<usize, Error> {
        let w = |n: usize| n as u64;
        let h32 = |n: u64| n.div_ceil(2);
        let (m, cap) = (w(self.m), w(self.cap));
        let per_level = cap + h32(cap) + 2 * h32(m);
        let mut words = w(HEADER) + cap + h32(cap) + 2 * h32(m) + h32(m + 1); // tokens, occ.
        words += w(self.max_n.max(1)) * per_level;
        words += h32(w(STREAM_MAX_N)) + w(STREAM_MAX_N); // previous gram ids, hits
        if self.lcs {
            words += w(words_for(self.m));
        }
        if self.lsum {
            let (sentences, sw, max_sent) =
                (w(self.sentences), w(self.sent_words), w(self.max_sent));
            words += 2 * h32(sentences + 1) + h32(m) + 2 * sw + h32(max_sent) + 2 * h32(m);
            let columns = max_sent.checked_mul(sw).ok_or(Error::InputTooLong)?;
            words = words.checked_add(columns).ok_or(Error::InputTooLong)?;
        }
        usize::try_from(words).map_err(|_| Error::InputTooLong)
    }

    /// The layout of a state set up by [`stream_init`](super::stream_init) (the words of
    /// `state` it uses), every header word that the calls trust checked: the words fixed at
    /// set-up against the check value (the magic and the size, compared exactly, aside), the
    /// size recomputed from them against the size recorded, the candidate's counters against
    /// their ranges. A state in caller memory may have been overwritten, copied from another
    /// build or restored truncated: anything else is `InvalidArgument`.
    ///
    /// The scheme, on every call: the check value (one multiply-add per set-up word) detects
    /// any change of one of them; it cannot stop a forged header, so what keeps a forged one
    /// harmless is how the words are read: the sizes as 32-bit numbers (a valid state's are,
    /// and the check value covers the high halves), `max_n` at most [`STREAM_MAX_N`], the Lsum
    /// sizes as 0 without Lsum, so that the size recomputed in closed form (a few adds, in u64
    /// with no overflow but the columns' product, which is checked) is exact; that size within
    /// `state`, every region `carve` hands out lies inside it, and the ids the calls index with
    /// are checked against counts that are at most the regions' lengths. The comparisons are
    /// combined without branches. Nothing of this is re-checked per token. Inlined into each
    /// call: out of line, the call and the returned layout cost a fifth of a ROUGE-N push.
    #[inline(always)]
    pub(super) fn checked(state: &[u64]) -> Result<(Layout, usize), Error> {
        let bad = Error::InvalidArgument;
        let h: &[u64; HEADER] = state
            .get(..HEADER)
            .and_then(|h| h.try_into().ok())
            .ok_or(bad)?;
        let levels = (h[H_MAX_N] as usize).clamp(1, STREAM_MAX_N);
        let (check, max_gram) = check_value_and_max(h, levels);
        let size = |i: usize| h[i] as u32 as usize;
        let (m, flags) = (size(H_M), h[H_FLAGS]);
        let lsum = flags & 2 != 0;
        let lsum_only = |i: usize| if lsum { size(i) } else { 0 };
        // None only where a usize is 32 bits.
        let cap = capacity_for(m);
        let l = Layout {
            m,
            max_n: (h[H_MAX_N] as usize).min(STREAM_MAX_N),
            lcs: flags & 1 != 0,
            lsum,
            max_sent: lsum_only(H_MAX_SENT),
            sentences: lsum_only(H_SENTENCES),
            sent_words: lsum_only(H_SENT_WORDS),
            cap: cap.unwrap_or(0),
        };
        let words = l.words().unwrap_or(usize::MAX);
        let [pushed, sent_len, lsum_n, lsum_hits] =
            [H_PUSHED, H_SENT_LEN, H_LSUM_N, H_LSUM_HITS].map(|i| h[i]);
        let m64 = m as u64;
        // Every comparison evaluated (`|`, not `||`): a few independent compares and one branch.
        let refused = (h[H_MAGIC] != MAGIC)
            | cap.is_none()
            | (h[H_CHECK] != check)
            | (h[H_WORDS] != words as u64)
            | (words > state.len())
            | (h[H_VOCAB] > m64) // read whole by the calls
            | (max_gram > m64)
            | (pushed > MAX_INPUT_LEN as u64)
            | (sent_len > (l.max_sent as u64).min(pushed))
            | (lsum_n > pushed)
            | (lsum_hits > m64);
        if refused {
            return Err(bad);
        }
        Ok((l, words))
    }
}

/// The header words fixed at set-up that the check value covers (with the n-gram counts of
/// the levels in use); the magic and the size are compared exactly instead.
const FIXED: [usize; 7] = [
    H_M,
    H_MAX_N,
    H_FLAGS,
    H_MAX_SENT,
    H_VOCAB,
    H_SENTENCES,
    H_SENT_WORDS,
];

/// A distinct odd factor per header word.
const ODD: [u64; HEADER] = {
    let mut odd = [0u64; HEADER];
    let mut i = 0;
    while i < HEADER {
        odd[i] = 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(2 * i as u64 + 1);
        i += 1;
    }
    odd
};

/// The check value of the header words fixed at set-up but the magic and the size (which the
/// calls compare exactly), the n-gram counts of the `levels` levels in use included: the sum
/// of the words times distinct odd constants, so that a change of any one word changes it (an
/// odd factor is invertible modulo 2^64) at the cost of one independent multiplication a
/// word; and the largest of those n-gram counts, from the same pass.
#[inline(always)]
pub(super) fn check_value_and_max(h: &[u64; HEADER], levels: usize) -> (u64, u64) {
    let fixed = FIXED
        .iter()
        .fold(0u64, |sum, &i| sum.wrapping_add(h[i].wrapping_mul(ODD[i])));
    let grams = H_GRAMS..H_GRAMS + levels.min(STREAM_MAX_N);
    h[grams.clone()]
        .iter()
        .zip(&ODD[grams])
        .fold((fixed, 0), |(sum, max), (&g, &odd)| {
            (sum.wrapping_add(g.wrapping_mul(odd)), max.max(g))
        })
}

/// The check value [`Layout::checked`] compares (see [`check_value_and_max`]).
pub(super) fn check_value(h: &[u64; HEADER], levels: usize) -> u64 {
    check_value_and_max(h, levels).0
}

/// Views of a stream's state.
pub(super) struct State<'a> {
    /// An array, so that its fixed-index words are read and written without bounds checks.
    pub(super) header: &'a mut [u64; HEADER],
    pub(super) tok_keys: &'a mut [u64],
    pub(super) tok_ids: &'a mut [u32],
    pub(super) ref_ids: &'a mut [u32],
    pub(super) occ_start: &'a mut [u32],
    pub(super) occ_pos: &'a mut [u32],
    /// The n-gram levels, `level_words` words each (see [`level`]).
    pub(super) levels: &'a mut [u64],
    pub(super) level_words: usize,
    pub(super) prev: &'a mut [u32],
    pub(super) hits: &'a mut [u64],
    pub(super) v: &'a mut [u64],
    pub(super) sent_start: &'a mut [u32],
    pub(super) pos_sent: &'a mut [u32],
    pub(super) sent_off: &'a mut [u32],
    pub(super) sent_v: &'a mut [u64],
    pub(super) marks: &'a mut [u64],
    pub(super) columns: &'a mut [u64],
    pub(super) cand_sent: &'a mut [u32],
    pub(super) clip_r: &'a mut [u32],
    pub(super) clip_c: &'a mut [u32],
}

pub(super) struct Level<'a> {
    pub(super) keys: &'a mut [u64],
    pub(super) ids: &'a mut [u32],
    pub(super) ref_count: &'a mut [u32],
    pub(super) cand_count: &'a mut [u32],
}

/// The views of a state of `l`'s layout over `buf`; `None` when `buf` is shorter than the
/// header (callers have checked its length: a check, not a panic path).
#[inline(always)]
pub(super) fn carve<'a>(buf: &'a mut [u64], l: &Layout) -> Option<State<'a>> {
    let (header, body) = buf.split_first_chunk_mut::<HEADER>()?;
    let mut c = Carver::new(body);
    let (m, cap) = (l.m, l.cap);
    let tok_keys = c.u64s(cap);
    let tok_ids = c.u32s(cap);
    let ref_ids = c.u32s(m);
    let occ_start = c.u32s(m + 1);
    let occ_pos = c.u32s(m);
    let level_words = level_words(l);
    let levels = c.u64s(level_words * l.max_n.max(1));
    let prev = c.u32s(STREAM_MAX_N);
    let hits = c.u64s(STREAM_MAX_N);
    let v = c.u64s(if l.lcs { words_for(m) } else { 0 });
    let (s1, ms, sw) = if l.lsum {
        (l.sentences + 1, m, l.sent_words)
    } else {
        (0, 0, 0)
    };
    Some(State {
        header,
        tok_keys,
        tok_ids,
        ref_ids,
        occ_start,
        occ_pos,
        levels,
        level_words,
        prev,
        hits,
        v,
        sent_start: c.u32s(s1),
        pos_sent: c.u32s(ms),
        sent_off: c.u32s(s1),
        sent_v: c.u64s(sw),
        marks: c.u64s(sw),
        columns: c.u64s(if l.lsum { l.max_sent * sw } else { 0 }),
        cand_sent: c.u32s(if l.lsum { l.max_sent } else { 0 }),
        clip_r: c.u32s(ms),
        clip_c: c.u32s(ms),
    })
}

/// Words of one n-gram level: its gram table and the reference's and candidate's counts.
fn level_words(l: &Layout) -> usize {
    l.cap + l.cap.div_ceil(2) + 2 * l.m.div_ceil(2)
}

/// Views of n-gram level `k` (0-based) within the levels region.
#[inline(always)]
pub(super) fn level<'s>(levels: &'s mut [u64], words: usize, k: usize, l: &Layout) -> Level<'s> {
    // In range for a checked layout; an empty level (not a panic path) where it was not.
    let mut c = Carver::new(
        levels
            .get_mut(k * words..(k + 1) * words)
            .unwrap_or_default(),
    );
    Level {
        keys: c.u64s(l.cap),
        ids: c.u32s(l.cap),
        ref_count: c.u32s(l.m),
        cand_count: c.u32s(l.m),
    }
}

/// The layout of a stream over `reference` tracking `cfg`, the configuration and the
/// reference checked (`InvalidArgument` past [`STREAM_MAX_N`], `InputTooLong` past the length
/// limits, and whatever `Dims::checked` refuses of the reference).
pub(super) fn layout_for(reference: &Summary, cfg: &StreamConfig) -> Result<Layout, Error> {
    if cfg.max_n > STREAM_MAX_N
        || reference.tokens.len() > MAX_INPUT_LEN
        || cfg.max_sentence_len > MAX_INPUT_LEN
    {
        return Err(if cfg.max_n > STREAM_MAX_N {
            Error::InvalidArgument
        } else {
            Error::InputTooLong
        });
    }
    Dims::checked(reference, &[][..])?;
    let m = reference.tokens.len();
    let (mut sentences, mut sent_words) = (0usize, 0usize);
    if cfg.lsum {
        for r in reference.sentence_bounds() {
            sentences += 1;
            sent_words += words_for(r.len());
        }
    }
    Ok(Layout {
        m,
        max_n: cfg.max_n,
        lcs: cfg.lcs,
        lsum: cfg.lsum,
        max_sent: if cfg.lsum { cfg.max_sentence_len } else { 0 },
        sentences,
        sent_words,
        cap: capacity_for(m).ok_or(Error::InputTooLong)?,
    })
}

/// Empties the candidate, keeping the reference.
pub(super) fn reset(s: &mut State, l: &Layout) {
    for k in 0..l.max_n.max(1) {
        level(s.levels, s.level_words, k, l).cand_count.fill(0);
    }
    s.prev.fill(NONE);
    s.hits.fill(0);
    s.v.fill(!0);
    s.sent_v.fill(!0);
    s.marks.fill(0);
    let h = &mut *s.header;
    h[H_PUSHED] = 0;
    h[H_SENT_LEN] = 0;
    h[H_LSUM_HITS] = 0;
    h[H_LSUM_N] = 0;
}

/// Checks a state's header (see [`Layout::checked`]) and carves its views over the words it
/// uses. The body's words are checked where they are used, before anything is written.
/// Inlined with `carve` into each call, so that a push keeps the views it uses in registers
/// (out of line, the views of every region were written to a struct and read back: with the
/// call, more instructions than the header checks; benches/README.md, "stream validation").
#[inline(always)]
pub(super) fn open(state: &mut [u64]) -> Result<(State<'_>, Layout), Error> {
    let (l, words) = Layout::checked(state)?;
    let s = state.get_mut(..words).and_then(|state| carve(state, &l));
    Ok((s.ok_or(Error::InvalidArgument)?, l))
}

/// Word offsets of the read-only regions, mirroring `carve`.
fn offsets(l: &Layout) -> (usize, usize) {
    let (m, cap) = (l.m, l.cap);
    let h32 = |n: usize| n.div_ceil(2);
    let mut w = HEADER + cap + h32(cap) + h32(m) + h32(m + 1) + h32(m);
    w += l.max_n.max(1) * (cap + h32(cap) + h32(m) + h32(m));
    w += h32(STREAM_MAX_N);
    let hits = w;
    w += STREAM_MAX_N;
    (hits, w)
}

pub(super) fn hits_of<'s>(state: &'s [u64], l: &Layout) -> Result<&'s [u64], Error> {
    let (hits, _) = offsets(l);
    state
        .get(hits..hits + STREAM_MAX_N)
        .ok_or(Error::InvalidArgument)
}

pub(super) fn lcs_vector_of<'s>(state: &'s [u64], l: &Layout) -> Result<&'s [u64], Error> {
    let (_, v) = offsets(l);
    state
        .get(v..v + words_for(l.m))
        .ok_or(Error::InvalidArgument)
}
