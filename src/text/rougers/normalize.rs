//! NFKC as unicode-normalization 0.1.25 computes it (`UnicodeNormalization::nfkc`), streaming, in
//! buffers of the caller's scratch, and the normalisation of rougers' tokenisers around it:
//! NFKC, full case folding, NFKC again (`rougers-0.2.1/src/tokenizer.rs`, `normalize`).
//!
//! A port of `src/decompose.rs` and `src/recompose.rs` of that version, fed a character at a
//! time (their iterators pull; these push, which gives the same sequence):
//!
//! - [`Decomposer`]: every character's full compatibility decomposition (Hangul syllables
//!   algorithmically); nonstarters (canonical combining class above 0) wait in a buffer until
//!   the next starter, then leave sorted by class (a stable sort, as `sort_by_key`).
//! - [`Recomposer`]: the canonical composition of `Recompositions`, with its state as it is
//!   (the composee, the last blocked class, the blocked characters in a buffer).
//!
//! Only a run of nonstarters needs a buffer, and such a run is bounded by the text's length
//! (`RUN_PER_BYTE`, derived by the table generator), so each stage's buffer is sized by the
//! text's bytes from the caller's scratch.

use super::casefold::{fold, to_char};
use super::tables::{normalize as t, position, run_value};
use crate::Error;

const S_BASE: u32 = 0xAC00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11A7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const N_COUNT: u32 = V_COUNT * T_COUNT;
const S_COUNT: u32 = L_COUNT * N_COUNT;

/// Canonical_Combining_Class of `c` (0 below U+0300).
#[inline]
pub(crate) fn ccc(c: char) -> u8 {
    let u = c as u32;
    if u < 0x300 {
        return 0;
    }
    run_value(&t::CCC_STARTS, &t::CCC_VALUES, u)
}

/// The full compatibility decomposition of a character.
pub(crate) enum Decomposition {
    /// Up to three characters held here (the character itself, or a Hangul syllable's jamo).
    Held([char; 3], usize, usize),
    /// Characters of the table.
    Table(core::slice::Iter<'static, u32>),
}

impl Iterator for Decomposition {
    type Item = char;
    #[inline]
    fn next(&mut self) -> Option<char> {
        match self {
            Decomposition::Held(cs, at, len) => {
                let c = *cs.get(*at).filter(|_| *at < *len)?;
                *at += 1;
                Some(c)
            }
            Decomposition::Table(it) => it.next().map(|&u| to_char(u)),
        }
    }
}

/// `decompose_compatible`: ASCII as it is, Hangul syllables into their jamo, others by the table.
#[inline]
pub(crate) fn decompose(c: char) -> Decomposition {
    let u = c as u32;
    if u < 0xA0 {
        return Decomposition::Held([c, '\0', '\0'], 0, 1);
    }
    if (S_BASE..S_BASE + S_COUNT).contains(&u) {
        let s = u - S_BASE;
        let l = to_char(L_BASE + s / N_COUNT);
        let v = to_char(V_BASE + (s % N_COUNT) / T_COUNT);
        let ti = s % T_COUNT;
        return Decomposition::Held([l, v, to_char(T_BASE + ti)], 0, 2 + usize::from(ti > 0));
    }
    match position(&t::DECOMPOSED, u) {
        Some(i) => {
            let from = t::DECOMPOSITION_AT.get(i).copied().unwrap_or(0) as usize;
            let to = t::DECOMPOSITION_AT.get(i + 1).copied().unwrap_or(0) as usize;
            Decomposition::Table(t::DECOMPOSITIONS.get(from..to).unwrap_or(&[]).iter())
        }
        None => Decomposition::Held([c, '\0', '\0'], 0, 1),
    }
}

/// `compose`: the primary composite of `a` and `b`, Hangul's algorithmically.
#[inline]
pub(crate) fn compose(a: char, b: char) -> Option<char> {
    let (a, b) = (a as u32, b as u32);
    if (L_BASE..L_BASE + L_COUNT).contains(&a) && (V_BASE..V_BASE + V_COUNT).contains(&b) {
        return char::from_u32(S_BASE + (a - L_BASE) * N_COUNT + (b - V_BASE) * T_COUNT);
    }
    if (S_BASE..S_BASE + S_COUNT).contains(&a)
        && (T_BASE + 1..T_BASE + T_COUNT).contains(&b)
        && (a - S_BASE) % T_COUNT == 0
    {
        return char::from_u32(a + (b - T_BASE));
    }
    // Every first half of a pair is at or above U+003C ('<' of the NOT LESS-THAN composites),
    // every second half at or above U+0300 but for Hangul's and a few starters.
    let key = (a as u64) << 21 | b as u64;
    let i = t::COMPOSE_PAIRS.binary_search(&key).ok()?;
    t::COMPOSITES.get(i).map(|&r| to_char(r))
}

/// A receiver of characters that may refuse (a buffer or the output is full).
pub(crate) trait Emit {
    /// Takes the next character.
    fn emit(&mut self, c: char) -> Result<(), Error>;
}

/// A buffer slot past the capacity the size formulas guarantee: unreachable, refused rather
/// than trusted.
fn full() -> Error {
    Error::InputTooLong
}

/// Canonical decomposition's buffer: the nonstarters since the last starter, each stored as
/// `class << 24 | code point`.
pub(crate) struct Decomposer<'b> {
    pending: &'b mut [u32],
    len: usize,
}

impl<'b> Decomposer<'b> {
    pub(crate) fn new(buffer: &'b mut [u32]) -> Self {
        Decomposer {
            pending: buffer,
            len: 0,
        }
    }

    /// Decomposes `c`; starters pass (after the pending nonstarters, sorted), nonstarters wait.
    #[inline]
    pub(crate) fn push(&mut self, c: char, next: &mut impl Emit) -> Result<(), Error> {
        for d in decompose(c) {
            let class = ccc(d);
            if class == 0 {
                self.flush(next)?;
                next.emit(d)?;
            } else {
                *self.pending.get_mut(self.len).ok_or_else(full)? = (class as u32) << 24 | d as u32;
                self.len += 1;
            }
        }
        Ok(())
    }

    /// Sends the pending nonstarters on, in canonical order.
    pub(crate) fn flush(&mut self, next: &mut impl Emit) -> Result<(), Error> {
        let run = self.pending.get_mut(..self.len).ok_or_else(full)?;
        self.len = 0;
        stable_sort_by_class(run);
        for &x in run.iter() {
            next.emit(to_char(x & 0xFF_FFFF))?;
        }
        Ok(())
    }
}

/// `Recompositions`' state: the character that may still compose (`composee`), the class of
/// the last character blocked after it, and the blocked characters.
pub(crate) struct Recomposer<'b> {
    blocked: &'b mut [u32],
    len: usize,
    composee: Option<char>,
    last_class: Option<u8>,
}

impl<'b> Recomposer<'b> {
    pub(crate) fn new(buffer: &'b mut [u32]) -> Self {
        Recomposer {
            blocked: buffer,
            len: 0,
            composee: None,
            last_class: None,
        }
    }

    fn block(&mut self, c: char, class: u8) -> Result<(), Error> {
        *self.blocked.get_mut(self.len).ok_or_else(full)? = c as u32;
        self.len += 1;
        self.last_class = Some(class);
        Ok(())
    }

    fn purge(&mut self, next: &mut impl Emit) -> Result<(), Error> {
        let blocked = self.blocked.get(..self.len).ok_or_else(full)?;
        for &b in blocked {
            next.emit(to_char(b))?;
        }
        self.len = 0;
        Ok(())
    }

    /// The `Composing` state of `Recompositions::next` for one character (its `Purging` state
    /// at once, where it enters it).
    #[inline]
    pub(crate) fn push(&mut self, c: char, next: &mut impl Emit) -> Result<(), Error> {
        let class = ccc(c);
        let Some(k) = self.composee else {
            // Nonstarters before the first starter pass as they are.
            if class != 0 {
                return next.emit(c);
            }
            self.composee = Some(c);
            return Ok(());
        };
        match self.last_class {
            None => match compose(k, c) {
                Some(r) => self.composee = Some(r),
                None if class == 0 => {
                    self.composee = Some(c);
                    next.emit(k)?;
                }
                None => self.block(c, class)?,
            },
            Some(last) if last >= class => {
                if class == 0 {
                    self.composee = Some(c);
                    self.last_class = None;
                    next.emit(k)?;
                    self.purge(next)?;
                } else {
                    self.block(c, class)?;
                }
            }
            Some(_) => match compose(k, c) {
                Some(r) => self.composee = Some(r),
                None => self.block(c, class)?,
            },
        }
        Ok(())
    }

    /// The `Finished` state: the composee, then the blocked characters; ready for a new text.
    pub(crate) fn finish(&mut self, next: &mut impl Emit) -> Result<(), Error> {
        if let Some(k) = self.composee.take() {
            next.emit(k)?;
        }
        self.last_class = None;
        self.purge(next)
    }
}

/// A stable sort of packed `class << 24 | code point` values by class, in place: insertion
/// sort for short runs (nearly all), else the block insertion sort and in-place symmetric
/// merges of Go's `sort.Stable` (O(n log n) comparisons, O(n log^2 n) moves, no extra memory:
/// a long run of marks is an adversary's, not a writer's).
pub(crate) fn stable_sort_by_class(run: &mut [u32]) {
    const BLOCK: usize = 20;
    let n = run.len();
    if n <= BLOCK {
        insertion_sort(run);
        return;
    }
    for block in run.chunks_mut(BLOCK) {
        insertion_sort(block);
    }
    let mut size = BLOCK;
    while size < n {
        let mut a = 0;
        while a + size < n {
            let b = (a + 2 * size).min(n);
            sym_merge(run, a, a + size, b);
            a = b;
        }
        size *= 2;
    }
}

#[inline]
fn class_of(x: u32) -> u32 {
    x >> 24
}

/// Whether `run[i]` sorts before `run[j]` (false for a position outside, which cannot occur:
/// `get` rather than indexing keeps panics out of the library).
#[inline]
fn less(run: &[u32], i: usize, j: usize) -> bool {
    match (run.get(i), run.get(j)) {
        (Some(&x), Some(&y)) => class_of(x) < class_of(y),
        _ => false,
    }
}

fn insertion_sort(run: &mut [u32]) {
    for i in 1..run.len() {
        let mut j = i;
        while j > 0 && less(run, j, j - 1) {
            if let Some([x, y]) = run.get_mut(j - 1..).and_then(<[u32]>::first_chunk_mut::<2>) {
                core::mem::swap(x, y);
            }
            j -= 1;
        }
    }
}

/// Rotates `run[from..to]` left by `by` (nothing for a range outside `run`).
fn rotate_left(run: &mut [u32], from: usize, to: usize, by: usize) {
    if let Some(part) = run.get_mut(from..to) {
        if by <= part.len() {
            part.rotate_left(by);
        }
    }
}

/// Go's `symMerge` (Kim and Kutzner, "Stable Minimum Storage Merging by Symmetric
/// Comparisons", 2004): merges the sorted `run[a..m]` and `run[m..b]` in place.
fn sym_merge(run: &mut [u32], a: usize, m: usize, b: usize) {
    if m - a == 1 {
        // Insert run[a] into run[m..b]: after every element not greater.
        let (mut i, mut j) = (m, b);
        while i < j {
            let h = (i + j) / 2;
            if less(run, h, a) {
                i = h + 1;
            } else {
                j = h;
            }
        }
        rotate_left(run, a, i, 1);
        return;
    }
    if b - m == 1 {
        // Insert run[m] into run[a..m]: after every element not greater.
        let (mut i, mut j) = (a, m);
        while i < j {
            let h = (i + j) / 2;
            if !less(run, m, h) {
                i = h + 1;
            } else {
                j = h;
            }
        }
        // The element at m moves down to i: a right rotation of run[i..=m].
        rotate_left(run, i, m + 1, m - i);
        return;
    }
    let mid = (a + b) / 2;
    let n = mid + m;
    let (mut start, mut r) = if m > mid { (n - b, mid) } else { (a, m) };
    let p = n - 1;
    while start < r {
        let c = (start + r) / 2;
        if !less(run, p - c, c) {
            start = c + 1;
        } else {
            r = c;
        }
    }
    let end = n - start;
    if start < m && m < end {
        rotate_left(run, start, end, m - start);
    }
    if a < start && start < mid {
        sym_merge(run, a, start, mid);
    }
    if mid < end && end < b {
        sym_merge(run, mid, end, b);
    }
}

/// Scratch entries each stage's buffer needs for a text of `bytes` bytes.
pub(crate) fn run_capacity(bytes: usize) -> Option<usize> {
    let (num, den) = t::RUN_PER_BYTE;
    bytes.checked_mul(num).map(|x| x / den + 1)
}

/// Bytes of normalised text a text of `bytes` bytes can become.
pub(crate) fn normalized_capacity(bytes: usize) -> Option<usize> {
    let (num, den) = t::NORMALIZED_PER_BYTE;
    bytes.checked_mul(num).map(|x| x.div_ceil(den))
}

/// Characters of normalised text (so tokens) a text of `bytes` bytes can give; saturating.
pub(crate) const fn max_chars(bytes: usize) -> usize {
    let (num, den) = t::CHARS_PER_BYTE;
    bytes.saturating_mul(num) / den + 1
}

/// Scratch entries (u32) of [`normalize`] for a text of `bytes` bytes: four stage buffers.
pub(crate) fn work_len(bytes: usize) -> Option<usize> {
    run_capacity(bytes)?.checked_mul(4)
}

/// Writes characters as UTF-8 into a byte buffer.
pub(crate) struct Utf8Out<'o> {
    pub(crate) buf: &'o mut [u8],
    pub(crate) len: usize,
}

impl Emit for Utf8Out<'_> {
    #[inline]
    fn emit(&mut self, c: char) -> Result<(), Error> {
        self.len += super::utf8::put_char(self.buf, self.len, c).ok_or_else(full)?;
        Ok(())
    }
}

/// The second half of the pipeline, after the first composition: fold, decompose, compose.
struct Second<'s, 'b, E: Emit> {
    d2: &'s mut Decomposer<'b>,
    c2: &'s mut Recomposer<'b>,
    out: &'s mut E,
}

struct ToC2<'s, 'b, E: Emit> {
    c2: &'s mut Recomposer<'b>,
    out: &'s mut E,
}

impl<E: Emit> Emit for ToC2<'_, '_, E> {
    #[inline]
    fn emit(&mut self, c: char) -> Result<(), Error> {
        self.c2.push(c, self.out)
    }
}

impl<E: Emit> Emit for Second<'_, '_, E> {
    #[inline]
    fn emit(&mut self, c: char) -> Result<(), Error> {
        let (f, n) = fold(c);
        for &x in f.get(..n).unwrap_or(&[]) {
            let mut to = ToC2 {
                c2: self.c2,
                out: self.out,
            };
            self.d2.push(x, &mut to)?;
        }
        Ok(())
    }
}

/// The first composition, feeding the second half.
struct ToC1<'s, 'b, E: Emit> {
    c1: &'s mut Recomposer<'b>,
    second: Second<'s, 'b, E>,
}

impl<E: Emit> Emit for ToC1<'_, '_, E> {
    #[inline]
    fn emit(&mut self, c: char) -> Result<(), Error> {
        self.c1.push(c, &mut self.second)
    }
}

/// rougers' `normalize` of one text (`text.nfkc()`, `fold_string`, `.nfkc()`), into `out`:
/// `work` is [`work_len`] entries for the text's bytes.
pub(crate) fn normalize(text: &str, work: &mut [u32], out: &mut impl Emit) -> Result<(), Error> {
    let cap = work.len() / 4;
    let (b1, rest) = work.split_at_mut_checked(cap).ok_or_else(full)?;
    let (b2, rest) = rest.split_at_mut_checked(cap).ok_or_else(full)?;
    let (b3, b4) = rest.split_at_mut_checked(cap).ok_or_else(full)?;
    let (mut d1, mut c1) = (Decomposer::new(b1), Recomposer::new(b2));
    let (mut d2, mut c2) = (Decomposer::new(b3), Recomposer::new(b4));
    {
        let mut to = ToC1 {
            c1: &mut c1,
            second: Second {
                d2: &mut d2,
                c2: &mut c2,
                out,
            },
        };
        for c in text.chars() {
            d1.push(c, &mut to)?;
        }
        d1.flush(&mut to)?;
    }
    {
        let mut second = Second {
            d2: &mut d2,
            c2: &mut c2,
            out,
        };
        c1.finish(&mut second)?;
    }
    d2.flush(&mut ToC2 { c2: &mut c2, out })?;
    c2.finish(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_stable_sort_keeps_equal_classes_in_order() {
        let mut rng = crate::test_rng::Rng(11);
        for len in [0usize, 1, 2, 19, 20, 21, 39, 40, 41, 100, 1000, 5000] {
            let mut v: Vec<u32> = (0..len as u32)
                .map(|i| ((rng.next() % 5) as u32 + 1) << 24 | i)
                .collect();
            let mut want = v.clone();
            want.sort_by_key(|&x| x >> 24);
            stable_sort_by_class(&mut v);
            assert_eq!(v, want, "{len}");
        }
    }
}
