//! The hand-over to token ids: a [`TokenSink`] that interns each token into a text call's
//! [`Vocabulary`] (the form the other tokenisers use: the word's UTF-8 written at the arena's
//! free tail, then `intern_tail`), so that equal tokens get equal ids across the texts of a
//! call, and records the sentence ends of the Lsum path.

use super::TokenSink;
use crate::text::vocab::Vocabulary;
use crate::Error;

/// Interns tokens into `vocab`, their ids into `ids`; sentence ends (exclusive positions in
/// `ids`) into `ends`. A sentence with no tokens makes no end (as in the other
/// tokenisers: it adds nothing to a union LCS).
pub(crate) struct Interner<'s, 'v> {
    pub(crate) vocab: &'s mut Vocabulary<'v>,
    pub(crate) ids: &'s mut [u32],
    pub(crate) ends: &'s mut [usize],
    pub(crate) n_ids: usize,
    pub(crate) n_ends: usize,
}

impl TokenSink for Interner<'_, '_> {
    fn token(&mut self, token: &[char]) -> Result<(), Error> {
        let tail = self.vocab.tail();
        let mut len = 0;
        for &c in token {
            len += tail
                .get_mut(len..)
                .and_then(|dst| put_utf8(c, dst))
                .ok_or(Error::InputTooLong)?;
        }
        let id = self.vocab.intern_tail(len).ok_or(Error::InputTooLong)?;
        *self.ids.get_mut(self.n_ids).ok_or(Error::OutputTooSmall)? = id;
        self.n_ids += 1;
        Ok(())
    }

    fn end_sentence(&mut self) -> Result<(), Error> {
        let last = self
            .n_ends
            .checked_sub(1)
            .and_then(|i| self.ends.get(i))
            .copied();
        if self.n_ids > last.unwrap_or(0) {
            *self
                .ends
                .get_mut(self.n_ends)
                .ok_or(Error::OutputTooSmall)? = self.n_ids;
            self.n_ends += 1;
        }
        Ok(())
    }
}

/// Writes the UTF-8 of `c` at the start of `out` and returns its length, or `None` when `out`
/// is shorter. `char::encode_utf8` would do, but it panics on a short buffer (a formatted
/// panic the compiler keeps even where the length was checked): this one has no panic site.
pub(crate) fn put_utf8(c: char, out: &mut [u8]) -> Option<usize> {
    let u = c as u32;
    // The leading byte's marker and the continuation bytes, most significant first.
    let (n, bytes) = match c.len_utf8() {
        1 => (1, [u as u8, 0, 0, 0]),
        2 => (2, [0xC0 | (u >> 6) as u8, 0x80 | (u & 0x3F) as u8, 0, 0]),
        3 => (
            3,
            [
                0xE0 | (u >> 12) as u8,
                0x80 | ((u >> 6) & 0x3F) as u8,
                0x80 | (u & 0x3F) as u8,
                0,
            ],
        ),
        _ => (
            4,
            [
                0xF0 | (u >> 18) as u8,
                0x80 | ((u >> 12) & 0x3F) as u8,
                0x80 | ((u >> 6) & 0x3F) as u8,
                0x80 | (u & 0x3F) as u8,
            ],
        ),
    };
    for (d, b) in out.get_mut(..n)?.iter_mut().zip(bytes) {
        *d = b;
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::{Carver, Size};
    use crate::text::vocab::VocabLayout;
    use crate::text::xlsum::{lsum_tokens, main_tokens, scratch_chars, Language};

    #[test]
    fn test_tokens_of_two_texts_share_ids() {
        let layout = VocabLayout::new(64, 256).unwrap();
        let mut size = Size::default();
        layout.add_to(&mut size);
        let mut words = vec![0u64; size.finish().unwrap()];
        let mut c = Carver::new(&mut words);
        let mut vocab = layout.carve(&mut c);
        let lang = Language::resolve(None, false);
        let (mut ids, mut ends) = ([0u32; 32], [0usize; 8]);
        let texts = [
            "Σοφία 7th covid19 à l'école",
            "COVID19\n\n \nthe école and σοφία",
        ];
        let mut scratch = vec!['\0'; scratch_chars(64)];
        let mut main = Interner {
            vocab: &mut vocab,
            ids: &mut ids,
            ends: &mut ends,
            n_ids: 0,
            n_ends: 0,
        };
        main_tokens(&lang, texts[0], &mut scratch, &mut main).unwrap();
        let first = main.n_ids;
        lsum_tokens(&lang, texts[1], &mut scratch, &mut main).unwrap();
        let (n, n_ends) = (main.n_ids, main.n_ends);
        // The scorer's tokens: "σοφία 7 th covid 19 à l école" (main path), then by line
        // "covid19" | (white space: no tokens, no end) | "the école and σοφία" (Lsum path).
        assert_eq!(first, 8);
        assert_eq!(&ids[..n], &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 7, 10, 0]);
        assert_eq!(&ends[..n_ends], &[9, 13]);
        assert_eq!(vocab.word(7), "école".as_bytes());
    }

    #[test]
    fn test_put_utf8_is_encode_utf8() {
        for c in [
            '\0',
            'a',
            '\u{7F}',
            '\u{80}',
            'é',
            '\u{7FF}',
            '\u{800}',
            'ह',
            '\u{FFFF}',
            '\u{10000}',
            '😀',
            '\u{10FFFF}',
        ] {
            let mut want = [0u8; 4];
            let want = c.encode_utf8(&mut want).as_bytes();
            let mut got = [0xAAu8; 5];
            assert_eq!(put_utf8(c, &mut got), Some(want.len()), "{c:?}");
            assert_eq!(&got[..want.len()], want, "{c:?}");
            assert_eq!(got[want.len()], 0xAA);
            assert_eq!(put_utf8(c, &mut got[..want.len() - 1]), None);
        }
    }
}
