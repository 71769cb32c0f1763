//! Short pairs scored as they are tokenised: one reference of at most 128 words, ROUGE-1, 2,
//! L and Lsum, words that are runs of ASCII letters and digits (the direct tokeniser).
//!
//! Only the reference is interned, into a table of its own, and each of its words keeps its
//! match mask (a bit per position holding it) beside its key. A candidate word is then looked
//! up, never inserted: its mask goes straight into the short-reference pass of `pair/short.rs`
//! ([`ShortPass`]), so the candidate needs no ids, no second pass and no per-id regions to
//! clear. A candidate word the reference lacks, or one of 16 bytes or more (the reference has
//! none), matches nothing: an empty mask. The hits are those [`crate::score_pair`] counts on
//! its own short-reference path (its tests compare the two).

use super::dims::TextDims;
use super::max_tokens;
use super::metrics::MetricSource;
use super::vocab::{self, key_hash};
use crate::arch::{self, Features, Key};
use crate::lcs::Rows;
use crate::pair::{short_result, ShortPass};
use crate::scratch::{Carver, Size};
use crate::{Error, Metric, MetricResult, Options};

/// Most reference words: a position per bit of two words.
const MAX_REFERENCE: usize = 128;

/// The reference's words: open addressing with linear probing over `slots`, each 0 (empty) or
/// a word's number e (1 + the position of its first occurrence: at most 128, a byte), and at
/// `entries[e]` the word's key, its match mask halves (positions 0..64 and 64..128) and its
/// match mask in reverse row order (for `ShortPass::end_sentence`, with as many rows as the
/// reference's mask type has), together so that a probe and its masks are one pointer. Entry
/// 0 is a sentinel: its masks are empty, and a probe writes its own key there first, so that
/// an empty slot "matches" and ends the probe with e = 0 (a miss: the empty mask) in the same
/// test as a hit. The probe then has a single,
/// well-predicted exit branch (taken but for collisions), where a test for empty slots would
/// be a branch on whether the word is known: as good as random, and a mispredicted branch
/// costs more than a whole lookup.
struct Table<'a> {
    slots: &'a mut [u8],
    entries: &'a mut [[u64; 6]],
}

impl<'a> Table<'a> {
    /// Slots for a reference of at most `words` words: a power of two, at least eight per
    /// word, so that few probes meet another word.
    fn slots_for(words: usize) -> usize {
        (8 * words).max(16).next_power_of_two()
    }

    /// Counts the regions of [`Table::carve`] for `words` words.
    fn add_size(words: usize, s: &mut Size) {
        s.add_u8(Some(Self::slots_for(words)));
        s.add_u64(Some(6 * (words + 1)));
    }

    /// An empty table for `words` words (at most [`MAX_REFERENCE`]) in regions of `c`.
    fn carve(words: usize, c: &mut Carver<'a>) -> Self {
        let slots = c.u8s(Self::slots_for(words));
        slots.fill(0);
        let entries = c.u64s(6 * (words + 1)).as_chunks_mut::<6>().0;
        // The sentinel's masks; a word's are cleared when it is interned.
        if let Some(sentinel) = entries.first_mut() {
            *sentinel = [0; 6];
        }
        Table { slots, entries }
    }

    /// The slot where `key`'s probe ends, and the number there: its word's, or 0 at the empty
    /// slot where it would go. The home slot is the top bits of its hash.
    #[inline(always)]
    fn probe(&mut self, key: Key) -> (usize, usize) {
        let mask = self.slots.len() - 1;
        let mut slot =
            (key_hash(key.halves()) >> (64 - self.slots.len().trailing_zeros())) as usize;
        // Indexed (two bounds checks a probe, panic paths kept): the same through `get`
        // measured 10% more instructions in the short path's scoring (W1 text).
        key.store(&mut self.entries[0]);
        loop {
            let e = self.slots[slot & mask] as usize;
            if key.is_at(&self.entries[e]) {
                return (slot & mask, e);
            }
            slot += 1;
        }
    }

    /// The number e of the word of `key`: `new` (position + 1 of the reference word being
    /// interned) if it is not there yet. Numbers by position rather than in order of first
    /// appearance, so that no word's number waits for the previous word's probe: the words'
    /// lookups overlap. Branch-free but for the probe's collisions: entry `new` is written
    /// (the key, empty masks) either way (no slot refers to it unless the word is new), and
    /// the slot is written with what it holds if the word was there.
    #[inline(always)]
    fn intern(&mut self, key: Key, new: usize) -> usize {
        let (slot, e) = self.probe(key);
        let entry = &mut self.entries[new];
        key.store(entry);
        entry[2..].fill(0);
        let e = if e == 0 { new } else { e };
        self.slots[slot] = e as u8;
        e
    }

    /// The match mask of word number `e` (the sentinel's is empty).
    #[inline(always)]
    fn mask_of<W: Rows>(&self, e: usize) -> W {
        W::column(&self.entries[e][2..])
    }

    /// The match mask of the word of `key`, and the same in reverse row order: the sentinel's
    /// (empty) if the reference lacks it.
    #[inline(always)]
    fn masks<W: Rows>(&mut self, key: Key) -> (W, W) {
        let (_, e) = self.probe(key);
        (self.mask_of(e), W::column(&self.entries[e][4..]))
    }
}

/// Whether this path serves every metric (each ROUGE-1, 2, L or Lsum): `Some(lsum)`, `lsum`
/// telling whether Lsum is among them.
pub(crate) fn plan(metrics: &dyn MetricSource) -> Option<bool> {
    let (mut served, mut lsum) = (true, false);
    // A list that fails to convert (the C layer's) is not served either: the general path
    // reports it.
    let listed = metrics.chunks(&mut |_, ms| {
        for m in ms {
            match m {
                Metric::N(1) | Metric::N(2) | Metric::L => {}
                Metric::Lsum => lsum = true,
                _ => served = false,
            }
        }
        Ok(())
    });
    (served && listed.is_ok()).then_some(lsum)
}

/// Scores `candidate` against the one `reference` on this path, handing each metric's result
/// to `emit`, when the path serves them (see the module doc): both texts plain ASCII and read
/// by the direct tokeniser, every metric ROUGE-1, 2, L or Lsum (the caller checks both, the
/// metrics with [`plan`], which gives `lsum`), at most 128 reference words, none of 16 bytes or
/// more, and room in `scratch` for this path. Returns `Ok(false)`, having emitted nothing,
/// when it does not serve them: the general path then scores the pair (and makes the checks
/// this path skips).
///
/// The texts' first pass gives their [`TextDims`] on the way; `check(dims)` then makes the
/// checks of the general path that depend on them (the scratch size), and its error is the
/// call's.
///
/// With the features of `arch::with_short_text_features` (detected by the caller on this
/// processor) the path runs as compiled for them.
#[allow(clippy::too_many_arguments)]
pub(super) fn score(
    candidate: &[u8],
    reference: &[u8],
    metrics: &dyn MetricSource,
    lsum: bool,
    opts: &Options,
    features: Features,
    scratch: &mut [u64],
    check: &mut dyn FnMut(&TextDims) -> Result<(), Error>,
    emit: &mut dyn FnMut(usize, &MetricResult),
) -> Result<bool, Error> {
    arch::with_short_text_features!(
        features,
        fn(
            candidate: &[u8],
            reference: &[u8],
            metrics: &dyn MetricSource,
            lsum: bool,
            opts: &Options,
            scratch: &mut [u64],
            check: &mut dyn FnMut(&TextDims) -> Result<(), Error>,
            emit: &mut dyn FnMut(usize, &MetricResult),
        ) -> Result<bool, Error> {
            score_body(
                candidate, reference, metrics, lsum, opts, scratch, check, emit,
            )
        }
    )
}

/// [`score`] itself, inlined into each of its compilations with everything it calls.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn score_body(
    candidate: &[u8],
    reference: &[u8],
    metrics: &dyn MetricSource,
    lsum: bool,
    opts: &Options,
    scratch: &mut [u64],
    check: &mut dyn FnMut(&TextDims) -> Result<(), Error>,
    emit: &mut dyn FnMut(usize, &MetricResult),
) -> Result<bool, Error> {
    let ref_cap = max_tokens(reference.len(), 1).min(MAX_REFERENCE);
    let cand_cap = max_tokens(candidate.len(), 1);
    // The table, the words of both texts, and a mask (up to two words) per candidate word;
    // what is left holds the columns.
    let mut size = Size::default();
    Table::add_size(ref_cap, &mut size);
    Words::add_size(reference.len(), ref_cap, &mut size);
    Words::add_size(candidate.len(), cand_cap, &mut size);
    size.add_u64(cand_cap.checked_mul(4));
    if size.finish().map_or(true, |fixed| scratch.len() < fixed) {
        return Ok(false);
    }
    let mut c = Carver::new(scratch);
    let reference_bytes = reference.len();
    // More reference words than it has room for, or text that is not plain ASCII: not this
    // path (known before the candidate is read: a long reference stops at its 129th word).
    let Some((mut reference, reference_line_bytes)) = Words::find(reference, ref_cap, &mut c)
    else {
        return Ok(false);
    };
    // Sized for the words found (fewer slots to clear), within the room counted for `ref_cap`.
    let mut table = Table::carve(reference.starts.len(), &mut c);
    let candidate_bytes = candidate.len();
    let Some((candidate, candidate_line_bytes)) = Words::find(candidate, cand_cap, &mut c) else {
        return Ok(false);
    };
    check(&TextDims {
        references: 1,
        candidate_bytes,
        reference_bytes,
        candidate_line_bytes,
        reference_line_bytes,
    })?;
    let Some(()) = intern_reference(&mut reference, &mut table) else {
        return Ok(false);
    };
    let longest = candidate
        .sentences
        .iter()
        .scan(0, |start, &end| Some(end - core::mem::replace(start, end)))
        .max()
        .unwrap_or(0);
    let (nc, nr) = (candidate.starts.len(), reference.starts.len());
    let masks = c.u64s(4 * nc);
    let columns = c.u64s(c.left());
    let hits = if nr <= 64 {
        let tops = reference
            .sentences
            .iter()
            .fold(0u64, |t, &e| t | 1 << (e - 1));
        let Some(columns) = columns.get_mut(..2 * longest) else {
            return Ok(false);
        };
        let pass = candidate_pass::<u64>(&candidate, &mut table, masks, columns, tops, lsum);
        pass.finish(nr, |j| table.mask_of(reference.starts[j] as usize))
    } else {
        let tops = reference
            .sentences
            .iter()
            .fold(0u128, |t, &e| t | 1 << (e - 1));
        let Some(columns) = columns.get_mut(..4 * longest) else {
            return Ok(false);
        };
        let pass = candidate_pass::<u128>(&candidate, &mut table, masks, columns, tops, lsum);
        pass.finish(nr, |j| table.mask_of(reference.starts[j] as usize))
    };
    let _ = metrics.chunks(&mut |offset, ms| {
        for (j, m) in ms.iter().enumerate() {
            emit(offset + j, &short_result(m, opts, &hits, nc, nr));
        }
        Ok(())
    });
    Ok(true)
}

/// A text's words: their starts in a cleaned copy of it ([`vocab::clean_block`]: word bytes
/// lowercased, the others 0, and 16 bytes of 0 past the last block, so that a word's key is one
/// load from its start, with no test for the text's end), and its sentence ends (word counts).
struct Words<'a> {
    clean: &'a [u8],
    starts: &'a mut [u32],
    sentences: &'a [usize],
}

impl<'a> Words<'a> {
    /// Counts the regions of [`Words::find`] for `bytes` of text and `cap` words.
    fn add_size(bytes: usize, cap: usize, s: &mut Size) {
        s.add_u8(
            bytes
                .div_ceil(64)
                .checked_mul(64)
                .and_then(|b| b.checked_add(16)),
        );
        s.add_u32(Some(cap));
        s.add_usize(Some(cap));
    }

    /// The words of `text`, at most `cap` of them (else `None`), in regions of `c`; and the
    /// bytes of its longest line (`None` too when it is not plain ASCII: [`score`] leaves such
    /// text, and its checks, to the general path).
    #[inline(always)]
    fn find(text: &[u8], cap: usize, c: &mut Carver<'a>) -> Option<(Self, usize)> {
        let clean = c.u8s(vocab::clean_len(text.len()));
        let (starts, sentences) = (c.u32s(cap), c.usizes(cap));
        let (found, plain) = vocab::clean_words(
            text,
            clean,
            starts,
            sentences,
            vocab::clean_block,
            arch::block_starts,
        )
        .ok()?;
        if !plain {
            return None;
        }
        let longest_line = found.longest_line(text.len());
        let (n, n_sentences) = found.finish(sentences).ok()?;
        let words = Words {
            clean,
            starts: crate::slices::head_mut(starts, n),
            sentences: crate::slices::head(sentences, n_sentences),
        };
        Some((words, longest_line))
    }

    /// The key of the word that starts at `at` (`None` for 16 bytes or more).
    #[inline(always)]
    fn key_at(clean: &[u8], at: u32) -> Option<Key> {
        let at = at as usize;
        Key::of(clean.get(at..at + 16)?.try_into().ok()?)
    }
}

/// Replaces each of the reference's word starts by the word's number in `table` (which has
/// room for them all), setting its mask bit. `None` for a word of 16 bytes or more.
#[inline(always)]
fn intern_reference(reference: &mut Words, table: &mut Table) -> Option<()> {
    let wide = reference.starts.len() > 64;
    let (low, high) = reference
        .starts
        .split_at_mut(reference.starts.len().min(64));
    // Positions 0..64 set bits of the low mask half, 64..128 of the high one; reversed, of
    // one word's mask (position p at bit 63 - p) or of two words' (at bit 127 - p).
    for (half, reversed, first, starts) in [(2, if wide { 5 } else { 4 }, 1, low), (3, 4, 65, high)]
    {
        for (bit, at) in starts.iter_mut().enumerate() {
            let e = table.intern(Words::key_at(reference.clean, *at)?, first + bit);
            *at = e as u32;
            let entry = &mut table.entries[e];
            entry[half] |= 1 << bit;
            entry[reversed] |= 1 << (63 - bit);
        }
    }
    Some(())
}

/// The candidate's words looked up in `table`, their masks kept in `masks` (WORDS words
/// each), then pushed into a [`ShortPass`] sentence by sentence; with `lsum`, also each
/// sentence's forward pass (into `columns`, 2 * WORDS words per token of the longest) and
/// walk. Two loops rather than one: the lookups are independent of each other, and the pass,
/// a chain of dependent steps, keeps its state in registers.
#[inline(always)]
fn candidate_pass<W: Rows>(
    candidate: &Words,
    table: &mut Table,
    masks: &mut [u64],
    columns: &mut [u64],
    tops: W,
    lsum: bool,
) -> ShortPass<W> {
    let masks = masks
        .get_mut(..candidate.starts.len() * 2 * W::WORDS)
        .unwrap_or(&mut []);
    look_up::<W>(candidate, table, masks);
    let mut pass = ShortPass::new(tops);
    if lsum {
        sentences_pass::<W, true>(&mut pass, candidate.sentences, masks, columns);
    } else {
        sentences_pass::<W, false>(&mut pass, candidate.sentences, masks, columns);
    }
    pass
}

/// The masks of each candidate word into `masks` (WORDS words each, then the same in reverse
/// row order).
#[inline(always)]
fn look_up<W: Rows>(candidate: &Words, table: &mut Table, masks: &mut [u64]) {
    for (&at, m) in candidate
        .starts
        .iter()
        .zip(masks.chunks_exact_mut(2 * W::WORDS))
    {
        let (mask, reversed) = match Words::key_at(candidate.clean, at) {
            Some(key) => table.masks::<W>(key),
            None => (W::ZERO, W::ZERO),
        };
        let (m, r) = m.split_at_mut(W::WORDS);
        mask.set_column(m);
        reversed.set_column(r);
    }
}

/// The candidate's masks pushed into `pass`, sentence by sentence (`ends`: word counts at each
/// sentence's end); with `LSUM`, also each sentence's forward pass and walk.
#[inline(always)]
fn sentences_pass<W: Rows, const LSUM: bool>(
    pass: &mut ShortPass<W>,
    ends: &[usize],
    masks: &[u64],
    columns: &mut [u64],
) {
    let mut start = 0;
    for &end in ends {
        let sentence = masks
            .get(start * 2 * W::WORDS..end * 2 * W::WORDS)
            .unwrap_or(&[]);
        start = end;
        if !LSUM {
            for m in sentence.chunks_exact(2 * W::WORDS) {
                pass.push(W::column(m));
            }
            continue;
        }
        let Some(cols) = columns.get_mut(..sentence.len()) else {
            continue;
        };
        for (m, col) in sentence
            .chunks_exact(2 * W::WORDS)
            .zip(cols.chunks_exact_mut(2 * W::WORDS))
        {
            pass.push(W::column(m));
            pass.push_sentence(W::column(m), W::column(&m[W::WORDS..]), col);
        }
        pass.end_sentence(cols);
    }
}

#[cfg(test)]
mod tests {
    use super::{vocab, Key};

    /// The vector key, its hash and its comparison against `vocab::clean_key`'s on cleaned
    /// words of every length (0 to 17 bytes, the rest of the load junk or 0).
    #[test]
    fn test_key_matches_clean_key() {
        let mut rng = crate::test_rng::Rng(5);
        for _ in 0..20_000 {
            let seed = rng.next();
            let len = (seed >> 59) as usize % 18;
            let mut bytes = [0u8; 16];
            for (k, b) in bytes.iter_mut().enumerate() {
                let r = (seed >> (k % 8 * 8)) as u8;
                *b = if k < len {
                    b'a' + r % 26
                } else if k == len {
                    0
                } else {
                    r
                };
            }
            let want = vocab::clean_key(&bytes);
            let got = Key::of(&bytes);
            assert_eq!(got.is_some(), want.is_some(), "{bytes:?}");
            if let (Some(got), Some(want)) = (got, want) {
                let mut entry = [0u64; 6];
                got.store(&mut entry);
                assert_eq!([entry[0], entry[1]], want, "{bytes:?}");
                assert_eq!(got.halves(), want);
                assert_eq!(vocab::key_hash(got.halves()), vocab::key_hash(want));
                assert!(got.is_at(&entry));
                entry[1] ^= 1 << (seed % 64);
                assert!(!got.is_at(&entry));
            }
        }
    }
}
