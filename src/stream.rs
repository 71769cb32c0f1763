//! Streaming scorer: a candidate scored while it is generated, one token at a time.
//!
//! A stream is set up once with one reference in caller memory (`&mut [u64]`, sized by
//! [`stream_words`]); every [`stream_push`] adds a candidate token and the current ROUGE-N,
//! ROUGE-L and (after [`stream_end_sentence`]) ROUGE-Lsum can be read at any moment with
//! [`stream_counts`], or combined over several references' streams with [`stream_score`].
//!
//! Per pushed token:
//! - ROUGE-N: O(1) expected per tracked n. The reference's n-grams are interned level by level
//!   at set-up (level n+1 from (id of the n-gram, next token)); the candidate's newest n-gram is
//!   looked up from the previous position's (n-1)-gram id, and a hit is counted while the
//!   candidate's count of that n-gram does not exceed the reference's (clipping, incrementally).
//! - ROUGE-L: one step of the bit-parallel LCS (Hyyrö 2004) over the reference: O(m/64) word
//!   operations. The match mask of the token is built on the fly from its occurrence list in
//!   the reference (words without an occurrence or a carry are skipped), so memory stays linear.
//! - ROUGE-Lsum: the same step for every reference sentence, keeping the current candidate
//!   sentence's columns (one bit per cell) so that, at the sentence boundary, the union-LCS
//!   marks of each reference sentence are read out; the clipped hits are then recounted, O(m).
//!
//! The state is plain words: a header of scalars, then regions whose sizes follow from the
//! header, so every call re-derives its views without allocation.

use crate::intern::{capacity_for, lookup, Interner};
use crate::lcs::words_for;
use crate::ngram::ngram_total;
use crate::pair::{
    b_key_rounded, combine_references, Metric, MetricResult, Options, PerRef, Summary,
};
use crate::score::{ratio, Counts};
use crate::scratch::Carver;
use crate::{Error, MAX_INPUT_LEN};

/// What a stream tracks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamConfig {
    /// ROUGE-N for every n in 1..=max_n (0: none), at most [`STREAM_MAX_N`].
    pub max_n: usize,
    /// Sentence-level ROUGE-L.
    pub lcs: bool,
    /// Summary-level ROUGE-Lsum, updated at each sentence boundary.
    pub lsum: bool,
    /// Longest candidate sentence (tokens between boundaries) the stream accepts when `lsum`
    /// is on: the current sentence's columns are kept until its boundary.
    pub max_sentence_len: usize,
}

/// Largest n a stream tracks. In C, the former name of `ROUGE_STREAM_MAX_N`, kept for one
/// release (ABI 1).
pub const STREAM_MAX_N: usize = 32;

const MAGIC: u64 = 0x524f_5547_4553_5432; // "ROUGEST2": the layout with a check value
const NONE: u32 = u32::MAX;

// Header words.
const H_MAGIC: usize = 0;
const H_WORDS: usize = 1;
const H_M: usize = 2;
const H_MAX_N: usize = 3;
const H_FLAGS: usize = 4;
const H_MAX_SENT: usize = 5;
const H_VOCAB: usize = 6;
const H_PUSHED: usize = 7;
const H_SENT_LEN: usize = 8;
const H_LSUM_HITS: usize = 9;
const H_LSUM_N: usize = 10;
const H_SENTENCES: usize = 11;
const H_SENT_WORDS: usize = 12;
const H_GRAMS: usize = 13; // H_GRAMS + k: distinct reference n-grams at level k+1
const H_CHECK: usize = H_GRAMS + STREAM_MAX_N; // check value of the set-up words
const HEADER: usize = H_CHECK + 1;

/// Sizes of the regions, from the header's scalars.
#[derive(Clone, Copy)]
struct Layout {
    m: usize,
    max_n: usize,
    lcs: bool,
    lsum: bool,
    max_sent: usize,
    sentences: usize,
    sent_words: usize,
    cap: usize,
}

impl Layout {
    /// Exact words of the state, in the order `carve` hands the regions out (each u32 region
    /// rounded up to whole words on its own). Every field is at most `MAX_INPUT_LEN` (both
    /// callers check), so in u64 only the columns' product can overflow: a handful of adds on
    /// every call rather than a checked add per region. `InputTooLong` past a usize.
    #[inline(always)]
    fn words(&self) -> Result<usize, Error> {
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

    /// The layout of a state set up by [`stream_init`] (the words of `state` it uses), every
    /// header word that the calls trust checked: the words fixed at set-up against the check
    /// value and against each other (the size recomputed from them is the size recorded), the
    /// candidate's counters against their ranges. A state in caller memory may have been
    /// overwritten, copied from another build or restored truncated: anything else is
    /// `InvalidArgument`.
    ///
    /// The scheme, on every call: the check value (one multiply-add pass over the set-up
    /// words) detects any change of one of them; it cannot stop a forged header, so the range
    /// checks and the size recomputed in closed form (a few adds) are what keep a forged one
    /// harmless: every region `carve` hands out then lies inside `state`, and the ids the
    /// calls index with are checked against counts that are at most the regions' lengths.
    /// Nothing of this is re-checked per token. Inlined into each call: out of line, the call
    /// and the returned layout cost a fifth of a ROUGE-N push.
    #[inline(always)]
    fn checked(state: &[u64]) -> Result<(Layout, usize), Error> {
        let bad = Error::InvalidArgument;
        let h: &[u64; HEADER] = state
            .get(..HEADER)
            .and_then(|h| h.try_into().ok())
            .ok_or(bad)?;
        let max_n = h[H_MAX_N];
        if h[H_MAGIC] != MAGIC
            || max_n > STREAM_MAX_N as u64
            || h[H_CHECK] != check_value(h, (max_n as usize).max(1))
        {
            return Err(bad);
        }
        let limit = MAX_INPUT_LEN as u64;
        let [m, flags, max_sent, sentences, sent_words, vocab] =
            [H_M, H_FLAGS, H_MAX_SENT, H_SENTENCES, H_SENT_WORDS, H_VOCAB].map(|i| h[i]);
        let [pushed, sent_len, lsum_n, lsum_hits] =
            [H_PUSHED, H_SENT_LEN, H_LSUM_N, H_LSUM_HITS].map(|i| h[i]);
        let lsum = flags & 2 != 0;
        // Set-up words within range and consistent (the check value does not stop a state
        // forged with a matching one); the candidate's counters, not covered by it, in range.
        let fits = m <= limit
            && flags <= 3
            && max_sent <= limit
            && sentences <= limit
            && sent_words <= limit
            && vocab <= m
            && (lsum || max_sent == 0 && sentences == 0 && sent_words == 0)
            && pushed <= limit
            && sent_len <= max_sent.min(pushed)
            && lsum_n <= pushed
            && lsum_hits <= m
            && h[H_GRAMS..H_GRAMS + (max_n as usize).max(1)]
                .iter()
                .all(|&g| g <= m);
        if !fits {
            return Err(bad);
        }
        let m = m as usize;
        let l = Layout {
            m,
            max_n: max_n as usize,
            lcs: flags & 1 != 0,
            lsum,
            max_sent: max_sent as usize,
            sentences: sentences as usize,
            sent_words: sent_words as usize,
            cap: capacity_for(m).ok_or(bad)?,
        };
        let words = l.words().map_err(|_| bad)?;
        if h[H_WORDS] != words as u64 || words > state.len() {
            return Err(bad);
        }
        Ok((l, words))
    }
}

/// The header words fixed at set-up, all covered by the check value (with the n-gram counts of
/// the levels in use).
const FIXED: [usize; 9] = [
    H_MAGIC,
    H_WORDS,
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

/// A check value of the header words fixed at set-up (all but the candidate's counters), the
/// n-gram counts of the `levels` levels in use included: the sum of the words times distinct
/// odd constants, so that a change of any one word changes it (an odd factor is invertible
/// modulo 2^64) at the cost of a few independent multiplications a call.
fn check_value(h: &[u64; HEADER], levels: usize) -> u64 {
    let fixed = FIXED
        .iter()
        .fold(0u64, |sum, &i| sum.wrapping_add(h[i].wrapping_mul(ODD[i])));
    let grams = H_GRAMS..H_GRAMS + levels.min(STREAM_MAX_N);
    h[grams.clone()]
        .iter()
        .zip(&ODD[grams])
        .fold(fixed, |sum, (&g, &odd)| {
            sum.wrapping_add(g.wrapping_mul(odd))
        })
}

/// Views of a stream's state.
struct State<'a> {
    header: &'a mut [u64],
    tok_keys: &'a mut [u64],
    tok_ids: &'a mut [u32],
    ref_ids: &'a mut [u32],
    occ_start: &'a mut [u32],
    occ_pos: &'a mut [u32],
    /// The n-gram levels, `level_words` words each (see [`level`]).
    levels: &'a mut [u64],
    level_words: usize,
    prev: &'a mut [u32],
    hits: &'a mut [u64],
    v: &'a mut [u64],
    sent_start: &'a mut [u32],
    pos_sent: &'a mut [u32],
    sent_off: &'a mut [u32],
    sent_v: &'a mut [u64],
    marks: &'a mut [u64],
    columns: &'a mut [u64],
    cand_sent: &'a mut [u32],
    clip_r: &'a mut [u32],
    clip_c: &'a mut [u32],
}

struct Level<'a> {
    keys: &'a mut [u64],
    ids: &'a mut [u32],
    ref_count: &'a mut [u32],
    cand_count: &'a mut [u32],
}

#[inline]
fn carve<'a>(buf: &'a mut [u64], l: &Layout) -> State<'a> {
    let mut c = Carver::new(buf);
    let (m, cap) = (l.m, l.cap);
    let header = c.u64s(HEADER);
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
    State {
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
    }
}

/// Words of one n-gram level: its gram table and the reference's and candidate's counts.
fn level_words(l: &Layout) -> usize {
    l.cap + l.cap.div_ceil(2) + 2 * l.m.div_ceil(2)
}

/// Views of n-gram level `k` (0-based) within the levels region.
#[inline]
fn level<'s>(levels: &'s mut [u64], words: usize, k: usize, l: &Layout) -> Level<'s> {
    let mut c = Carver::new(&mut levels[k * words..(k + 1) * words]);
    Level {
        keys: c.u64s(l.cap),
        ids: c.u32s(l.cap),
        ref_count: c.u32s(l.m),
        cand_count: c.u32s(l.m),
    }
}

fn layout_for(reference: &Summary, cfg: &StreamConfig) -> Result<Layout, Error> {
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
    crate::pair::Dims::checked(reference, &[][..])?;
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

/// Exact words of the state of a stream over `reference` tracking `cfg`.
pub fn stream_words(reference: &Summary, cfg: &StreamConfig) -> Result<usize, Error> {
    layout_for(reference, cfg)?.words()
}

/// Sets up a stream over `reference` in `state` (at least [`stream_words`] words; the stream
/// uses exactly that many, and later calls must pass the same slice). The candidate is empty.
pub fn stream_init(
    state: &mut [u64],
    reference: &Summary,
    cfg: &StreamConfig,
) -> Result<(), Error> {
    let l = layout_for(reference, cfg)?;
    let words = l.words()?;
    if state.len() < words {
        return Err(Error::ScratchTooSmall { needed: words });
    }
    let state = &mut state[..words];
    state.fill(0);
    let mut s = carve(state, &l);
    let m = l.m;
    // Dense ids of the reference tokens.
    let mut table = Interner::new(s.tok_keys, s.tok_ids);
    for (d, &t) in s.ref_ids.iter_mut().zip(reference.tokens) {
        *d = table.intern(t as u64);
    }
    let vocab = table.len();
    // Occurrence lists by id, ascending positions.
    for &t in s.ref_ids.iter() {
        s.occ_start[t as usize + 1] += 1;
    }
    for v in 1..=vocab {
        s.occ_start[v] += s.occ_start[v - 1];
    }
    for (p, &t) in s.ref_ids.iter().enumerate().rev() {
        let e = &mut s.occ_start[t as usize + 1];
        *e -= 1;
        s.occ_pos[*e as usize] = p as u32;
    }
    s.occ_start.copy_within(1..=vocab, 0);
    s.occ_start[vocab] = m as u32;
    // N-gram levels: level 1 counts dense ids; level k+1 interns (id of the k-gram at i, token
    // at i+k). The ids of the current level per position are kept in level 1's candidate counts
    // (zero again before the stream starts).
    let levels = l.max_n.max(1);
    let mut grams = [0usize; STREAM_MAX_N];
    let lw = s.level_words;
    let (first, rest) = s.levels.split_at_mut(lw);
    let first = level(first, lw, 0, &l);
    for &t in s.ref_ids.iter() {
        first.ref_count[t as usize] += 1;
    }
    grams[0] = vocab;
    let current = &mut *first.cand_count;
    current.copy_from_slice(s.ref_ids);
    for (k, distinct) in grams.iter_mut().enumerate().take(levels).skip(1) {
        let lv = level(rest, lw, k - 1, &l);
        let mut table = Interner::new(lv.keys, lv.ids);
        let count = ngram_total(m, k + 1);
        for (cur, &next) in current[..count]
            .iter_mut()
            .zip(s.ref_ids.get(k..).unwrap_or(&[]))
        {
            let id = table.intern((*cur as u64) << 32 | next as u64);
            *cur = id;
            lv.ref_count[id as usize] += 1;
        }
        *distinct = table.len();
    }
    current.fill(0);
    // Reference sentences.
    if l.lsum {
        let mut off = 0u32;
        for (i, r) in reference.sentence_bounds().enumerate() {
            s.sent_start[i] = r.start as u32;
            s.sent_off[i] = off;
            for p in r.clone() {
                s.pos_sent[p] = i as u32;
            }
            off += words_for(r.len()) as u32;
        }
        s.sent_start[l.sentences] = m as u32;
        s.sent_off[l.sentences] = off;
    }
    let h = &mut *s.header;
    h[H_MAGIC] = MAGIC;
    h[H_WORDS] = words as u64;
    h[H_M] = m as u64;
    h[H_MAX_N] = l.max_n as u64;
    h[H_FLAGS] = l.lcs as u64 | (l.lsum as u64) << 1;
    h[H_MAX_SENT] = l.max_sent as u64;
    h[H_VOCAB] = vocab as u64;
    h[H_SENTENCES] = l.sentences as u64;
    h[H_SENT_WORDS] = l.sent_words as u64;
    for (k, &g) in grams.iter().enumerate().take(levels) {
        h[H_GRAMS + k] = g as u64;
    }
    let fixed: &[u64; HEADER] = h[..HEADER].try_into().map_err(|_| Error::InvalidArgument)?;
    let check = check_value(fixed, levels);
    h[H_CHECK] = check;
    reset(&mut s, &l);
    Ok(())
}

/// Empties the candidate, keeping the reference.
fn reset(s: &mut State, l: &Layout) {
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
#[inline]
fn open(state: &mut [u64]) -> Result<(State<'_>, Layout), Error> {
    let (l, words) = Layout::checked(state)?;
    Ok((carve(&mut state[..words], &l), l))
}

/// Empties the candidate of a stream (for the next generation against the same reference).
pub fn stream_reset(state: &mut [u64]) -> Result<(), Error> {
    let (mut s, l) = open(state)?;
    reset(&mut s, &l);
    Ok(())
}

/// One bit-parallel LCS step over the bit vector `v` (rows `base..base + 64 * v.len()` of the
/// reference) for a token occurring at the reference positions `occ` (ascending, all in
/// range): only words holding an occurrence, or receiving a carry, change. Positions outside
/// the rows (only in an overwritten state) change nothing: the subtraction wraps to a word
/// beyond `v`.
#[inline]
fn sparse_step(v: &mut [u64], base: usize, occ: &[u32]) {
    let mut carry = 0u64;
    let mut k = 0;
    let mut w = match occ.first() {
        Some(&p) => (p as usize).wrapping_sub(base) / 64,
        None => return,
    };
    while w < v.len() {
        let mut m = 0u64;
        while k < occ.len() && (occ[k] as usize).wrapping_sub(base) / 64 == w {
            m |= 1u64 << ((occ[k] as usize).wrapping_sub(base) % 64);
            k += 1;
        }
        let x = v[w];
        let (sum, c1) = x.overflowing_add(x & m);
        let (sum, c2) = sum.overflowing_add(carry);
        carry = (c1 | c2) as u64;
        v[w] = sum | (x & !m);
        if carry == 0 {
            match occ.get(k) {
                Some(&p) => w = (p as usize).wrapping_sub(base) / 64,
                None => return,
            }
        } else {
            w += 1;
        }
    }
}

/// Appends one candidate token. With Lsum on, a sentence longer than `max_sentence_len`
/// tokens is refused (`InputTooLong`) and the stream is left as it was.
pub fn stream_push(state: &mut [u64], token: u32) -> Result<(), Error> {
    let (s, l) = open(state)?;
    let pushed = s.header[H_PUSHED] as usize;
    let sent_len = s.header[H_SENT_LEN] as usize;
    if (l.lsum && sent_len >= l.max_sent) || pushed >= MAX_INPUT_LEN {
        return Err(Error::InputTooLong);
    }
    let bad = Error::InvalidArgument;
    // Everything the push reads from the body is checked before anything is written.
    let vocab = s.header[H_VOCAB] as usize;
    let id = match lookup(s.tok_keys, s.tok_ids, token as u64)? {
        Some(id) if (id as usize) < vocab => id,
        Some(_) => return Err(bad),
        None => NONE,
    };
    // ROUGE-N: the newest n-gram of each level, from the previous position's (n-1)-gram.
    let levels = l.max_n.max(1);
    let mut gids = [NONE; STREAM_MAX_N];
    for (k, gid) in gids.iter_mut().enumerate().take(levels).skip(1) {
        if id != NONE && s.prev[k - 1] != NONE {
            let lv = level(s.levels, s.level_words, k, &l);
            let key = (s.prev[k - 1] as u64) << 32 | id as u64;
            *gid = match lookup(lv.keys, lv.ids, key)? {
                Some(g) if (g as u64) < s.header[H_GRAMS + k] => g,
                Some(_) => return Err(bad),
                None => NONE,
            };
        }
    }
    gids[0] = id;
    let occ = if id == NONE {
        &[][..]
    } else {
        let lo = *s.occ_start.get(id as usize).ok_or(bad)? as usize;
        let hi = *s.occ_start.get(id as usize + 1).ok_or(bad)? as usize;
        s.occ_pos.get(lo..hi).ok_or(bad)?
    };
    // With Lsum, `sent_len < max_sent` (above) puts the column and `cand_sent[sent_len]` in
    // their regions, which the checked header sized `max_sent` columns long.
    let sw = l.sent_words;
    let column = sent_len * sw..(sent_len + 1) * sw;
    // Checked: every id below its level's count (at most m, the counts' length).
    for (k, &gid) in gids.iter().enumerate().take(levels) {
        if gid != NONE {
            let lv = level(s.levels, s.level_words, k, &l);
            let count = &mut lv.cand_count[gid as usize];
            *count = count.wrapping_add(1);
            if *count <= lv.ref_count[gid as usize] {
                s.hits[k] = s.hits[k].wrapping_add(1);
            }
        }
        s.prev[k] = gid;
    }
    if l.lcs {
        sparse_step(s.v, 0, occ);
    }
    if l.lsum {
        // Each reference sentence steps with the occurrences inside it. An occurrence that
        // the sentence tables do not hold (only in an overwritten state) is skipped: checking
        // them all before writing would double the walk on every push.
        let mut k = 0;
        while k < occ.len() {
            match sentence_run(&s, occ, k) {
                Some(run) => {
                    sparse_step(&mut s.sent_v[run.words], run.start, &occ[k..run.end]);
                    k = run.end;
                }
                None => k += 1,
            }
        }
        s.columns[column].copy_from_slice(s.sent_v);
        s.cand_sent[sent_len] = id;
        s.header[H_SENT_LEN] = sent_len as u64 + 1;
    }
    s.header[H_PUSHED] = pushed as u64 + 1;
    Ok(())
}

/// The occurrences `occ[k..end]` of a token that lie in the reference sentence of `occ[k]`.
struct Run {
    /// The sentence's first position.
    start: usize,
    /// The sentence's words in the Lsum vectors.
    words: core::ops::Range<usize>,
    end: usize,
}

/// The run of `occ` from `k` within one reference sentence, `None` at the end of `occ` or when
/// the state's sentence tables do not hold it (an overwritten state).
fn sentence_run(s: &State, occ: &[u32], k: usize) -> Option<Run> {
    let p = *occ.get(k)?;
    let sent = *s.pos_sent.get(p as usize)? as usize;
    let (start, end) = (*s.sent_start.get(sent)?, *s.sent_start.get(sent + 1)?);
    let (lo, hi) = (
        *s.sent_off.get(sent)? as usize,
        *s.sent_off.get(sent + 1)? as usize,
    );
    if !(start <= p && p < end && lo <= hi && hi <= s.sent_v.len()) {
        return None;
    }
    let mut e = k + 1;
    while e < occ.len() && start <= occ[e] && occ[e] < end {
        e += 1;
    }
    Some(Run {
        start: start as usize,
        words: lo..hi,
        end: e,
    })
}

/// Reference sentence `i`: its positions and its words in the Lsum vectors, `None` when the
/// state's tables do not hold it (an overwritten state): positions within the reference, words
/// within the vectors and enough of them. O(1): token ids are checked where they index.
fn sentence(s: &State, i: usize) -> Option<(core::ops::Range<usize>, core::ops::Range<usize>)> {
    let (start, end) = (
        *s.sent_start.get(i)? as usize,
        *s.sent_start.get(i + 1)? as usize,
    );
    let (lo, hi) = (
        *s.sent_off.get(i)? as usize,
        *s.sent_off.get(i + 1)? as usize,
    );
    let rows = s.ref_ids.get(start..end)?;
    let fits = lo <= hi && hi <= s.sent_v.len() && hi - lo >= words_for(rows.len());
    fits.then_some((start..end, lo..hi))
}

/// Ends the current candidate sentence: its union-LCS marks join those of every reference
/// sentence and ROUGE-Lsum is recounted over the candidate so far. Without Lsum, or after an
/// empty sentence, nothing changes.
pub fn stream_end_sentence(state: &mut [u64]) -> Result<(), Error> {
    let (s, l) = open(state)?;
    if !l.lsum {
        return Ok(());
    }
    let len = s.header[H_SENT_LEN] as usize;
    let sw = l.sent_words;
    let vocab = s.header[H_VOCAB] as usize;
    // Every sentence checked before anything is written: the indices below stay in range.
    for i in 0..l.sentences {
        sentence(&s, i).ok_or(Error::InvalidArgument)?;
    }
    let cand = &s.cand_sent[..len];
    for i in 0..l.sentences {
        let Some((positions, words)) = sentence(&s, i) else {
            continue;
        };
        let rows = &s.ref_ids[positions];
        let lo = words.start;
        if rows.is_empty() || len == 0 {
            continue;
        }
        // Read out one LCS from the kept columns (ties up), as in `lcs::mark_lcs`.
        let (mut r, mut j) = (rows.len(), len);
        while r > 0 && j > 0 {
            let row = r - 1;
            if rows[row] == cand[j - 1] {
                s.marks[lo + row / 64] |= 1u64 << (row % 64);
                r -= 1;
                j -= 1;
            } else if (s.columns[(j - 1) * sw + lo + row / 64] >> (row % 64)) & 1 == 1 {
                r -= 1;
            } else {
                j -= 1;
            }
        }
        s.sent_v[words].fill(!0);
    }
    // Recount the clipped hits with the whole candidate's unigram counts so far.
    let first = level(s.levels, s.level_words, 0, &l);
    s.clip_r[..vocab].copy_from_slice(&first.ref_count[..vocab]);
    s.clip_c[..vocab].copy_from_slice(&first.cand_count[..vocab]);
    let mut hits = 0u64;
    for i in 0..l.sentences {
        let Some((positions, words)) = sentence(&s, i) else {
            continue;
        };
        for (row, &t) in s.ref_ids[positions].iter().enumerate() {
            if (s.marks[words.start + row / 64] >> (row % 64)) & 1 == 1 {
                // An id past the counts (only in an overwritten state) counts nothing.
                let t = t as usize;
                if let (Some(r), Some(c)) = (s.clip_r.get_mut(t), s.clip_c.get_mut(t)) {
                    if *r > 0 && *c > 0 {
                        hits += 1;
                        *r -= 1;
                        *c -= 1;
                    }
                }
            }
        }
    }
    s.header[H_LSUM_HITS] = hits;
    s.header[H_LSUM_N] = s.header[H_PUSHED];
    s.header[H_SENT_LEN] = 0;
    Ok(())
}

/// The counts of `metric` for the candidate so far: ROUGE-N for n <= `max_n`, L, Lsum (as of
/// the last sentence boundary). Other metrics are `InvalidArgument`.
pub fn stream_counts(state: &[u64], metric: Metric) -> Result<Counts, Error> {
    Ok(per_ref(state, metric, &crate::Options::rouge_score())?.counts)
}

fn per_ref(state: &[u64], metric: Metric, opts: &Options) -> Result<PerRef, Error> {
    let (l, words) = Layout::checked(state)?;
    let state = &state[..words];
    let h = &state[..HEADER];
    let (m, n) = (l.m, h[H_PUSHED] as usize);
    let int = |hit: u64, rt: usize, ct: usize| Counts {
        hit: hit as f64,
        reference_total: rt as f64,
        candidate_total: ct as f64,
    };
    let c = match metric {
        Metric::N(k) if k >= 1 && k <= l.max_n => {
            // hits live after the fixed regions: re-derive them read-only.
            let hits = hits_of(state, &l)?;
            int(hits[k - 1], ngram_total(m, k), ngram_total(n, k))
        }
        Metric::L if l.lcs => {
            let v = lcs_vector_of(state, &l)?;
            let mut zeros = 0usize;
            for (w, &word) in v.iter().enumerate() {
                let valid = m.saturating_sub(w * 64).min(64);
                let mask = if valid == 64 {
                    !0u64
                } else {
                    (1u64 << valid) - 1
                };
                zeros += valid - (word & mask).count_ones() as usize;
            }
            int(zeros as u64, m, n)
        }
        Metric::Lsum if l.lsum => int(h[H_LSUM_HITS], m, h[H_LSUM_N] as usize),
        _ => return Err(Error::InvalidArgument),
    };
    let key = match metric {
        Metric::N(_) => b_key_rounded(opts, ratio(c.hit, c.reference_total)),
        _ => ratio(c.hit, c.reference_total),
    };
    Ok(PerRef {
        counts: c,
        perl_b_key: key,
    })
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

fn hits_of<'s>(state: &'s [u64], l: &Layout) -> Result<&'s [u64], Error> {
    let (hits, _) = offsets(l);
    state
        .get(hits..hits + STREAM_MAX_N)
        .ok_or(Error::InvalidArgument)
}

fn lcs_vector_of<'s>(state: &'s [u64], l: &Layout) -> Result<&'s [u64], Error> {
    let (_, v) = offsets(l);
    state
        .get(v..v + words_for(l.m))
        .ok_or(Error::InvalidArgument)
}

/// Scores the candidate streamed into every state of `states` (one per reference, all fed the
/// same tokens) for each metric, combining the references with `opts`' policy: `out[i]` is
/// `metrics[i]`. Nothing is written unless every metric can be read from every state.
pub fn stream_score<'s>(
    states: &dyn Fn(usize) -> &'s [u64],
    count: usize,
    metrics: &[Metric],
    opts: &Options,
    out: &mut [MetricResult],
) -> Result<(), Error> {
    if count == 0 {
        return Err(Error::InvalidArgument);
    }
    if out.len() < metrics.len() {
        return Err(Error::OutputTooSmall);
    }
    for m in metrics {
        for r in 0..count {
            per_ref(states(r), *m, opts)?;
        }
    }
    for (i, m) in metrics.iter().enumerate() {
        let get = |r: usize| per_ref(states(r), *m, opts).unwrap_or_default();
        out[i] = combine_references(m, opts, count, &get);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! A state in caller memory may be overwritten: no byte pattern may make a call abort,
    //! hang or touch memory outside the state; a refused state is left as it was.
    use super::*;

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

    /// xorshift64*: random words without a dependency.
    fn next(x: &mut u64) -> u64 {
        *x ^= *x >> 12;
        *x ^= *x << 25;
        *x ^= *x >> 27;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    #[test]
    fn test_random_garbage_states_are_safe() {
        let st = live_state();
        let mut x = 0x1234_5678_9abc_def1u64;
        for round in 0..3000 {
            let mut bad = st.clone();
            match round % 3 {
                // Garbage body behind the real header.
                0 => bad[HEADER..].iter_mut().for_each(|w| *w = next(&mut x)),
                // Small values everywhere in the body (indices that look plausible).
                1 => bad[HEADER..]
                    .iter_mut()
                    .for_each(|w| *w = next(&mut x) & 0x0000_000f_0000_000f),
                // A few random words anywhere, the check value recomputed so the header's
                // consistency checks (not the check value) must catch it.
                _ => {
                    for _ in 0..1 + next(&mut x) % 4 {
                        let i = (next(&mut x) % st.len() as u64) as usize;
                        bad[i] = match next(&mut x) % 3 {
                            0 => next(&mut x),
                            1 => next(&mut x) % 64,
                            _ => bad[i] ^ 1 << (next(&mut x) % 64),
                        };
                    }
                    let max_n = (bad[H_MAX_N] as usize).clamp(1, STREAM_MAX_N);
                    bad[H_CHECK] = check_value(bad[..HEADER].try_into().unwrap(), max_n);
                }
            }
            check_calls(&bad, &format!("garbage round {round}"));
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
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let big = MAX_INPUT_LEN;
        for round in 0..20_000 {
            let pick = |x: &mut u64| match next(x) % 4 {
                0 => (next(x) % 70) as usize,
                1 => (next(x) % 5000) as usize,
                2 => big - (next(x) % 3) as usize,
                _ => (next(x) % (big as u64 + 1)) as usize,
            };
            let m = pick(&mut x);
            let lsum = next(&mut x) % 2 == 1;
            let l = Layout {
                m,
                max_n: (next(&mut x) % (STREAM_MAX_N as u64 + 1)) as usize,
                lcs: next(&mut x) % 2 == 1,
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
}
