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
use crate::scratch::{Carver, Size};
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

const MAGIC: u64 = 0x524f_5547_4553_5431; // "ROUGEST1"
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
const HEADER: usize = H_GRAMS + STREAM_MAX_N;

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
    fn words(&self) -> Result<usize, Error> {
        let (m, cap) = (self.m, self.cap);
        let mut s = Size::default();
        s.add_u64(Some(HEADER));
        s.add_u64(Some(cap)); // token table
        s.add_u32(Some(cap));
        s.add_u32(Some(m)); // reference ids
        s.add_u32(m.checked_add(1)); // occurrence lists
        s.add_u32(Some(m));
        for _ in 0..self.max_n.max(1) {
            s.add_u64(Some(cap)); // gram table (level 1 leaves it unused)
            s.add_u32(Some(cap));
            s.add_u32(Some(m)); // reference counts
            s.add_u32(Some(m)); // candidate counts
        }
        s.add_u32(Some(STREAM_MAX_N)); // previous position's gram ids
        s.add_u64(Some(STREAM_MAX_N)); // hits per level
        if self.lcs {
            s.add_u64(Some(words_for(m)));
        }
        if self.lsum {
            s.add_u32(Some(self.sentences + 1)); // sentence starts
            s.add_u32(Some(m)); // sentence of each position
            s.add_u32(Some(self.sentences + 1)); // word offsets of the sentences' vectors
            s.add_u64(Some(self.sent_words)); // current columns
            s.add_u64(Some(self.sent_words)); // union marks
            s.add_u64(self.max_sent.checked_mul(self.sent_words)); // kept columns
            s.add_u32(Some(self.max_sent)); // current candidate sentence
            s.add_u32(Some(m)); // clipping counts, reference
            s.add_u32(Some(m)); // clipping counts, candidate
        }
        s.finish()
    }

    fn of_header(h: &[u64]) -> Layout {
        let flags = h[H_FLAGS];
        let m = h[H_M] as usize;
        Layout {
            m,
            max_n: h[H_MAX_N] as usize,
            lcs: flags & 1 != 0,
            lsum: flags & 2 != 0,
            max_sent: h[H_MAX_SENT] as usize,
            sentences: h[H_SENTENCES] as usize,
            sent_words: h[H_SENT_WORDS] as usize,
            cap: capacity_for(m).unwrap_or(0),
        }
    }
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
    reset(&mut s, &l);
    Ok(())
}

/// Empties the candidate, keeping the reference.
fn reset(s: &mut State, l: &Layout) {
    let vocab = s.header[H_VOCAB] as usize;
    let _ = vocab;
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

/// Checks a state and carves its views.
fn open(state: &mut [u64]) -> Result<(State<'_>, Layout), Error> {
    if state.len() < HEADER || state[H_MAGIC] != MAGIC || state[H_WORDS] as usize != state.len() {
        return Err(Error::InvalidArgument);
    }
    let l = Layout::of_header(&state[..HEADER]);
    Ok((carve(state, &l), l))
}

/// The state of a stream is exactly `stream_words` words: pass that slice.
fn exact(state: &mut [u64]) -> &mut [u64] {
    let words = if state.len() > H_WORDS {
        state[H_WORDS] as usize
    } else {
        0
    };
    if words <= state.len() && words >= HEADER {
        &mut state[..words]
    } else {
        state
    }
}

/// Empties the candidate of a stream (for the next generation against the same reference).
pub fn stream_reset(state: &mut [u64]) -> Result<(), Error> {
    let (mut s, l) = open(exact(state))?;
    reset(&mut s, &l);
    Ok(())
}

/// One bit-parallel LCS step over the bit vector `v` (rows `base..base + 64 * v.len()` of the
/// reference) for a token occurring at the reference positions `occ` (ascending, all in
/// range): only words holding an occurrence, or receiving a carry, change.
fn sparse_step(v: &mut [u64], base: usize, occ: &[u32]) {
    let mut carry = 0u64;
    let mut k = 0;
    let mut w = match occ.first() {
        Some(&p) => (p as usize - base) / 64,
        None => return,
    };
    while w < v.len() {
        let mut m = 0u64;
        while k < occ.len() && (occ[k] as usize - base) / 64 == w {
            m |= 1u64 << ((occ[k] as usize - base) % 64);
            k += 1;
        }
        let x = v[w];
        let (sum, c1) = x.overflowing_add(x & m);
        let (sum, c2) = sum.overflowing_add(carry);
        carry = (c1 | c2) as u64;
        v[w] = sum | (x & !m);
        if carry == 0 {
            match occ.get(k) {
                Some(&p) => w = (p as usize - base) / 64,
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
    let (s, l) = open(exact(state))?;
    let pushed = s.header[H_PUSHED] as usize;
    let sent_len = s.header[H_SENT_LEN] as usize;
    if (l.lsum && sent_len >= l.max_sent) || pushed >= MAX_INPUT_LEN {
        return Err(Error::InputTooLong);
    }
    let id = lookup(s.tok_keys, s.tok_ids, token as u64).unwrap_or(NONE);
    // ROUGE-N: the newest n-gram of each level, from the previous position's (n-1)-gram.
    let levels = l.max_n.max(1);
    for k in (0..levels).rev() {
        let gid = if id == NONE {
            NONE
        } else if k == 0 {
            id
        } else if s.prev[k - 1] == NONE {
            NONE
        } else {
            let lv = level(s.levels, s.level_words, k, &l);
            lookup(lv.keys, lv.ids, (s.prev[k - 1] as u64) << 32 | id as u64).unwrap_or(NONE)
        };
        if gid != NONE {
            let lv = level(s.levels, s.level_words, k, &l);
            lv.cand_count[gid as usize] += 1;
            if lv.cand_count[gid as usize] <= lv.ref_count[gid as usize] {
                s.hits[k] += 1;
            }
        }
        s.prev[k] = gid;
    }
    let occ = if id == NONE {
        &[][..]
    } else {
        &s.occ_pos[s.occ_start[id as usize] as usize..s.occ_start[id as usize + 1] as usize]
    };
    if l.lcs {
        sparse_step(s.v, 0, occ);
    }
    if l.lsum {
        // Each reference sentence steps with the occurrences inside it.
        let mut k = 0;
        while k < occ.len() {
            let sent = s.pos_sent[occ[k] as usize] as usize;
            let end = s.sent_start[sent + 1];
            let mut e = k;
            while e < occ.len() && occ[e] < end {
                e += 1;
            }
            let (lo, hi) = (s.sent_off[sent] as usize, s.sent_off[sent + 1] as usize);
            sparse_step(
                &mut s.sent_v[lo..hi],
                s.sent_start[sent] as usize,
                &occ[k..e],
            );
            k = e;
        }
        let sw = l.sent_words;
        s.columns[sent_len * sw..(sent_len + 1) * sw].copy_from_slice(s.sent_v);
        s.cand_sent[sent_len] = id;
        s.header[H_SENT_LEN] = sent_len as u64 + 1;
    }
    s.header[H_PUSHED] = pushed as u64 + 1;
    Ok(())
}

/// Ends the current candidate sentence: its union-LCS marks join those of every reference
/// sentence and ROUGE-Lsum is recounted over the candidate so far. Without Lsum, or after an
/// empty sentence, nothing changes.
pub fn stream_end_sentence(state: &mut [u64]) -> Result<(), Error> {
    let (s, l) = open(exact(state))?;
    if !l.lsum {
        return Ok(());
    }
    let len = s.header[H_SENT_LEN] as usize;
    let sw = l.sent_words;
    let cand = &s.cand_sent[..len];
    for i in 0..l.sentences {
        let (start, end) = (s.sent_start[i] as usize, s.sent_start[i + 1] as usize);
        let (lo, hi) = (s.sent_off[i] as usize, s.sent_off[i + 1] as usize);
        let rows = &s.ref_ids[start..end];
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
        s.sent_v[lo..hi].fill(!0);
    }
    // Recount the clipped hits with the whole candidate's unigram counts so far.
    let vocab = s.header[H_VOCAB] as usize;
    let first = level(s.levels, s.level_words, 0, &l);
    s.clip_r[..vocab].copy_from_slice(&first.ref_count[..vocab]);
    s.clip_c[..vocab].copy_from_slice(&first.cand_count[..vocab]);
    let mut hits = 0u64;
    for i in 0..l.sentences {
        let (start, end) = (s.sent_start[i] as usize, s.sent_start[i + 1] as usize);
        let lo = s.sent_off[i] as usize;
        for (row, &t) in s.ref_ids[start..end].iter().enumerate() {
            if (s.marks[lo + row / 64] >> (row % 64)) & 1 == 1 {
                let t = t as usize;
                if s.clip_r[t] > 0 && s.clip_c[t] > 0 {
                    hits += 1;
                    s.clip_r[t] -= 1;
                    s.clip_c[t] -= 1;
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
    let words = if state.len() > H_WORDS {
        state[H_WORDS] as usize
    } else {
        0
    };
    if state.len() < HEADER || state[H_MAGIC] != MAGIC || words > state.len() {
        return Err(Error::InvalidArgument);
    }
    let h = &state[..HEADER];
    let l = Layout::of_header(h);
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
