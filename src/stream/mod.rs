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

mod lcs_step;
mod state;
#[cfg(test)]
mod tests;

use crate::intern::{lookup, Interner};
use crate::lcs::words_for;
use crate::model::{Metric, MetricResult, Options, Summary};
use crate::ngram::ngram_total;
use crate::pair::{b_key_rounded, combine_references, PerRef};
use crate::score::{ratio, Counts};
use crate::slices::{add_at, copy_to_head, head, set_at};
use crate::{Error, MAX_INPUT_LEN};
use lcs_step::{sentence, sentence_run, sparse_step};
use state::{
    carve, check_value, hits_of, layout_for, lcs_vector_of, level, open, reset, Layout, HEADER,
    H_CHECK, H_FLAGS, H_GRAMS, H_LSUM_HITS, H_LSUM_N, H_M, H_MAGIC, H_MAX_N, H_MAX_SENT, H_PUSHED,
    H_SENTENCES, H_SENT_LEN, H_SENT_WORDS, H_VOCAB, H_WORDS, MAGIC, NONE,
};

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
    let state = state
        .get_mut(..words)
        .ok_or(Error::ScratchTooSmall { needed: words })?;
    state.fill(0);
    let mut s = carve(state, &l).ok_or(Error::InvalidArgument)?;
    let m = l.m;
    // Dense ids of the reference tokens.
    let mut table = Interner::new(s.tok_keys, s.tok_ids);
    for (d, &t) in s.ref_ids.iter_mut().zip(reference.tokens) {
        *d = table.intern(t as u64);
    }
    let vocab = table.len();
    // Occurrence lists by id, ascending positions. The regions hold `m + 1` and `m` entries
    // and ids are below `vocab <= m`: every access is in range, through `slices` and `get` so
    // that none is a panic path (here and below).
    let Some(occ_start) = s.occ_start.get_mut(..=vocab) else {
        return Err(Error::InvalidArgument);
    };
    for &t in s.ref_ids.iter() {
        add_at(occ_start, t as usize + 1, 1);
    }
    let mut sum = 0u32;
    for o in occ_start.iter_mut() {
        sum = sum.wrapping_add(*o);
        *o = sum;
    }
    for (p, &t) in s.ref_ids.iter().enumerate().rev() {
        if let Some(e) = occ_start.get_mut(t as usize + 1) {
            *e -= 1;
            set_at(s.occ_pos, *e as usize, p as u32);
        }
    }
    occ_start.copy_within(1.., 0);
    set_at(occ_start, vocab, m as u32);
    // N-gram levels: level 1 counts dense ids; level k+1 interns (id of the k-gram at i, token
    // at i+k). The ids of the current level per position are kept in level 1's candidate counts
    // (zero again before the stream starts).
    let levels = l.max_n.max(1);
    let mut grams = [0usize; STREAM_MAX_N];
    let lw = s.level_words;
    let (first, rest) = s.levels.split_at_mut(lw);
    let first = level(first, lw, 0, &l);
    for &t in s.ref_ids.iter() {
        add_at(first.ref_count, t as usize, 1);
    }
    grams[0] = vocab;
    let current = &mut *first.cand_count;
    copy_to_head(current, s.ref_ids);
    for (k, distinct) in grams.iter_mut().enumerate().take(levels).skip(1) {
        let lv = level(rest, lw, k - 1, &l);
        let mut table = Interner::new(lv.keys, lv.ids);
        let count = ngram_total(m, k + 1);
        for (cur, &next) in crate::slices::head_mut(current, count)
            .iter_mut()
            .zip(s.ref_ids.get(k..).unwrap_or(&[]))
        {
            let id = table.intern((*cur as u64) << 32 | next as u64);
            *cur = id;
            add_at(lv.ref_count, id as usize, 1);
        }
        *distinct = table.len();
    }
    current.fill(0);
    // Reference sentences.
    if l.lsum {
        let mut off = 0u32;
        for (i, r) in reference.sentence_bounds().enumerate() {
            set_at(s.sent_start, i, r.start as u32);
            set_at(s.sent_off, i, off);
            for p in r.clone() {
                set_at(s.pos_sent, p, i as u32);
            }
            off += words_for(r.len()) as u32;
        }
        set_at(s.sent_start, l.sentences, m as u32);
        set_at(s.sent_off, l.sentences, off);
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
    let check = check_value(h, levels);
    h[H_CHECK] = check;
    reset(&mut s, &l);
    Ok(())
}

/// Empties the candidate of a stream (for the next generation against the same reference).
pub fn stream_reset(state: &mut [u64]) -> Result<(), Error> {
    let (mut s, l) = open(state)?;
    reset(&mut s, &l);
    Ok(())
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
    for (k, gid) in (1..levels).zip(&mut gids[1..]) {
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
                    if let (Some(v), Some(o)) = (s.sent_v.get_mut(run.words), occ.get(k..run.end)) {
                        sparse_step(v, run.start, o);
                    }
                    k = run.end.max(k + 1);
                }
                None => k += 1,
            }
        }
        if let Some(c) = s.columns.get_mut(column) {
            copy_to_head(c, s.sent_v);
        }
        set_at(s.cand_sent, sent_len, id);
        s.header[H_SENT_LEN] = sent_len as u64 + 1;
    }
    s.header[H_PUSHED] = pushed as u64 + 1;
    Ok(())
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
    let cand = head(s.cand_sent, len);
    for i in 0..l.sentences {
        let Some((positions, words)) = sentence(&s, i) else {
            continue;
        };
        let rows = s.ref_ids.get(positions).unwrap_or(&[]);
        let lo = words.start;
        if rows.is_empty() || len == 0 {
            continue;
        }
        // Read out one LCS from the kept columns (ties up), as in `lcs::mark_lcs`.
        let (mut r, mut j) = (rows.len(), len);
        while r > 0 && j > 0 {
            let row = r - 1;
            if rows.get(row) == cand.get(j - 1) {
                if let Some(m) = s.marks.get_mut(lo + row / 64) {
                    *m |= 1u64 << (row % 64);
                }
                r -= 1;
                j -= 1;
            } else if s
                .columns
                .get((j - 1) * sw + lo + row / 64)
                .is_some_and(|c| (c >> (row % 64)) & 1 == 1)
            {
                r -= 1;
            } else {
                j -= 1;
            }
        }
        if let Some(v) = s.sent_v.get_mut(words) {
            v.fill(!0);
        }
    }
    // Recount the clipped hits with the whole candidate's unigram counts so far.
    let first = level(s.levels, s.level_words, 0, &l);
    copy_to_head(s.clip_r, head(first.ref_count, vocab));
    copy_to_head(s.clip_c, head(first.cand_count, vocab));
    let mut hits = 0u64;
    for i in 0..l.sentences {
        let Some((positions, words)) = sentence(&s, i) else {
            continue;
        };
        let rows = s.ref_ids.get(positions).unwrap_or(&[]);
        for (row, &t) in rows.iter().enumerate() {
            let marked = s.marks.get(words.start + row / 64);
            if marked.is_some_and(|m| (m >> (row % 64)) & 1 == 1) {
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
    let state = state.get(..words).ok_or(Error::InvalidArgument)?;
    let h = state
        .first_chunk::<HEADER>()
        .ok_or(Error::InvalidArgument)?;
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
