//! Unit tests of the one-pass ASCII path (Perl's tokeniser, and rouge-score's on ASCII): its
//! block classifiers and cleaners against per-byte loops, and its words, lines and ids against a
//! naive reference on crafted and random texts.

// `run`, `Tokens`, `Rng`, `HashMap` and the text module's items, from the parent tests.
use super::*;
use crate::arch::BlockBits;
/// Naive reference of the one-pass ASCII path (Perl's tokeniser, and rouge-score's on ASCII):
/// words are maximal runs of ASCII letters and digits, lowercased, any other byte (NUL and
/// bytes of 0x80 and above too) separates; ids by first appearance across `texts`; a sentence
/// ends at each `\n` that closes a line with words, and at the end.
fn naive_ascii(texts: &[&[u8]]) -> Tokens {
    let mut first: HashMap<Vec<u8>, u32> = HashMap::new();
    texts
        .iter()
        .map(|text| {
            let (mut ids, mut ends) = (vec![], vec![]);
            for line in text.split(|&b| b == b'\n') {
                for w in line.split(|b| !b.is_ascii_alphanumeric()) {
                    if !w.is_empty() {
                        let next = first.len() as u32;
                        ids.push(*first.entry(w.to_ascii_lowercase()).or_insert(next));
                    }
                }
                if ends.last().copied().unwrap_or(0) < ids.len() {
                    ends.push(ids.len());
                }
            }
            (ids, ends)
        })
        .collect()
}

/// A fast-path entry over all `texts` into one vocabulary: `words` carves one text's words,
/// ids and sentence ends (as `Vocabulary::ascii_words_by` / `ascii_words_with` do).
fn fast_path_through(
    texts: &[&[u8]],
    words: impl Fn(&mut Vocabulary, &[u8], &mut [u32], &mut [usize]) -> WordsResult,
) -> Tokens {
    through_one_vocabulary(&TextOptions::perl(), texts, words).0
}

/// What a fast-path entry returns for one text: its numbers of tokens and sentence ends and
/// its longest line, or `None` (not plain ASCII).
pub(super) type WordsResult = Result<Option<(usize, usize, usize)>, Error>;

/// `words` over all `texts` into one vocabulary laid out for `opts`: each text's ids and
/// sentence ends, and the vocabulary's words by id.
pub(super) fn through_one_vocabulary(
    opts: &TextOptions,
    texts: &[&[u8]],
    words: impl Fn(&mut Vocabulary, &[u8], &mut [u32], &mut [usize]) -> WordsResult,
) -> (Tokens, Vec<Vec<u8>>) {
    let total: usize = texts.iter().map(|t| t.len()).sum();
    let mut scratch = vec![0u64; tokenize_scratch_words(opts, total, texts.len()).unwrap()];
    let mut c = Carver::new(&mut scratch);
    let mut vocab = vocab_layout(opts, total, texts.len())
        .unwrap()
        .carve(&mut c);
    let tokens = texts
        .iter()
        .map(|t| {
            let cap = max_tokens(t.len(), 1);
            let (mut ids, mut ends) = (vec![0u32; cap], vec![0usize; cap]);
            let (n, s, _) = words(&mut vocab, t, &mut ids, &mut ends).unwrap().unwrap();
            ids.truncate(n);
            ends.truncate(s);
            (ids, ends)
        })
        .collect();
    let vocab_words = (0..vocab.len() as u32).map(|id| vocab.word(id)).collect();
    (tokens, vocab_words)
}

/// The fast path itself with a given block cleaner, all texts into one vocabulary.
fn fast_path(texts: &[&[u8]], clean_block: fn(&[u8; 64], &mut [u8; 64]) -> BlockBits) -> Tokens {
    fast_path_through(texts, |vocab, t, ids, ends| {
        vocab.ascii_words_by(t, ids, ends, true, clean_block, crate::arch::block_starts)
    })
}

/// The fast path compiled for the detected features (x86-64-v3 where the CPU has it), all
/// texts into one vocabulary.
fn fast_path_detected(texts: &[&[u8]]) -> Tokens {
    let features = Features::detect();
    fast_path_through(texts, |vocab, t, ids, ends| {
        vocab.ascii_words_with(features, t, ids, ends, true)
    })
}

/// Every block cleaner (SSE2 where the target has it, AVX2 and AVX-512 BW where the CPU has
/// them, and the portable SWAR one), the path compiled for the detected features, and the public entry point (Perl's tokeniser, which
/// takes any bytes) against the naive reference.
fn check_fast_path(texts: &[&[u8]]) {
    let want = naive_ascii(texts);
    let show: Vec<String> = texts
        .iter()
        .map(|t| String::from_utf8_lossy(t).into_owned())
        .collect();
    assert_eq!(fast_path(texts, vocab::clean_block), want, "{show:?}");
    assert_eq!(fast_path_detected(texts), want, "{show:?}");
    assert_eq!(
        fast_path(texts, crate::arch::portable::clean_block),
        want,
        "{show:?}"
    );
    // The 32- and 64-byte cleaners of the twins, those this CPU has.
    for (name, f) in crate::arch::twin_cleaners() {
        assert_eq!(fast_path(texts, f), want, "{name} {show:?}");
    }
    // The word starts by `vpcompressb`, where the CPU has AVX-512 VBMI2.
    if let Some(starts) = crate::arch::vbmi2_block_starts() {
        let got = fast_path_through(texts, |vocab, t, ids, ends| {
            vocab.ascii_words_by(t, ids, ends, true, vocab::clean_block, starts)
        });
        assert_eq!(got, want, "vbmi2 starts {show:?}");
    }
    let total: usize = texts.iter().map(|t| t.len()).sum();
    let opts = TextOptions::perl();
    let mut scratch = vec![0u64; tokenize_scratch_words(&opts, total, texts.len()).unwrap()];
    let cap = max_tokens(total, texts.len());
    for features in [Features::portable(), Features::detect()] {
        let (mut ids, mut ends) = (vec![0u32; cap], vec![0usize; cap]);
        let mut spans = vec![TokenizedText::default(); texts.len()];
        tokenize_checked(
            texts,
            &opts,
            features,
            &mut ids,
            &mut ends,
            &mut scratch,
            &mut |i, s| spans[i] = s,
        )
        .unwrap();
        let got: Tokens = spans
            .iter()
            .map(|s| {
                (
                    ids[s.token_start..s.token_start + s.token_len].to_vec(),
                    ends[s.sentence_start..s.sentence_start + s.sentence_count].to_vec(),
                )
            })
            .collect();
        assert_eq!(got, want, "{features:?} {show:?}");
    }
}

/// Enough distinct words (some of 16 bytes or more) that the slot table doubles in the middle
/// of a text: ids still follow first appearance, on every path and variant. The texts' ~92 KB
/// start the table at 32,768 slots (`vocab::first_slots`: a quarter of the bytes, rounded up
/// to a power of two), which double past 16,384 words; the first text has 20,000 distinct
/// words.
#[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
#[test]
fn test_fast_path_ids_across_table_growth() {
    let mut rng = Rng(0x5EED_0025_0000_0001);
    let digits = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let words: Vec<Vec<u8>> = (0..20_000usize)
        .map(|i| {
            let mut w: Vec<u8> = [i / 1296, i / 36 % 36, i % 36]
                .iter()
                .map(|&d| digits[d])
                .collect();
            if i % 97 == 0 {
                w.extend_from_slice(b"longtailbeyondsixteen");
            }
            if i % 7 == 0 {
                w.make_ascii_uppercase();
            }
            w
        })
        .collect();
    let sep = |k: usize| if k % 23 == 22 { b'\n' } else { b' ' };
    let mut first = Vec::new();
    for (k, w) in words.iter().enumerate() {
        first.extend_from_slice(w);
        first.push(sep(k));
    }
    let mut second = Vec::new();
    for k in 0..2_000 {
        second.extend_from_slice(&words[(rng.next() % words.len() as u64) as usize]);
        second.push(sep(k));
    }
    // `first_slots` of the call's word bound, as the vocabulary works it out.
    let bound = max_tokens(first.len() + second.len(), 2);
    assert!(words.len() > (bound / 2).max(256).next_power_of_two() / 2);
    check_fast_path(&[&first, &second]);
}

/// The classifiers agree with a per-byte classification for every byte value at every
/// position of the 16 bytes, and on random chunks.
#[test]
fn test_classifiers_match_per_byte_classes() {
    let naive = |bytes: &[u8; 16]| {
        let mut w = 0u32;
        let mut nl = 0u32;
        for (k, &b) in bytes.iter().enumerate() {
            w |= u32::from(b.is_ascii_alphanumeric()) << k;
            nl |= u32::from(b == b'\n') << k;
        }
        (w, nl)
    };
    let split = |b: &[u8; 16]| {
        let (lo, hi) = b.split_at(8);
        (
            u64::from_le_bytes(lo.try_into().unwrap()),
            u64::from_le_bytes(hi.try_into().unwrap()),
        )
    };
    let mut rng = Rng(7);
    for pos in 0..16 {
        for v in 0..=255u8 {
            let mut b = [0u8; 16];
            for (k, x) in b.iter_mut().enumerate() {
                // Neighbours that are letters, digits, separators and high bytes in turn.
                *x = [b'a', b'Z', b'5', b' ', 0x80, b'\n', 0xFF, 0][(k + v as usize) % 8];
            }
            b[pos] = v;
            let (c0, c1) = split(&b);
            assert_eq!(vocab::classify(c0, c1), naive(&b), "{b:?}");
            assert_eq!(crate::arch::portable::classify(c0, c1), naive(&b), "{b:?}");
        }
    }
    for _ in 0..100_000 {
        let mut b = [0u8; 16];
        for x in b.iter_mut() {
            *x = rng.next() as u8;
        }
        let (c0, c1) = split(&b);
        assert_eq!(vocab::classify(c0, c1), naive(&b), "{b:?}");
        assert_eq!(crate::arch::portable::classify(c0, c1), naive(&b), "{b:?}");
    }
}

/// `clean_block` (SSE2 on x86_64) and its SWAR twin against a byte loop, on random blocks and
/// on every byte value at every position; and `clean_key` on each word start against the
/// word's own bytes.
#[test]
fn test_clean_block_and_clean_key_match_naive() {
    let naive = |block: &[u8; 64]| {
        let (mut w, mut nl, mut odd) = (0u64, 0u64, 0u64);
        let mut clean = [0u8; 64];
        for (k, &b) in block.iter().enumerate() {
            w |= u64::from(b.is_ascii_alphanumeric()) << k;
            nl |= u64::from(b == b'\n') << k;
            odd |= u64::from(b == 0 || b >= 0x80) << k;
            if b.is_ascii_alphanumeric() {
                clean[k] = b.to_ascii_lowercase();
            }
        }
        (w, nl, odd, clean)
    };
    let check = |block: &[u8; 64]| {
        let want = naive(block);
        for f in [vocab::clean_block, crate::arch::portable::clean_block] {
            let mut clean = [0xAAu8; 64];
            let b = f(block, &mut clean);
            assert_eq!((b.words, b.newlines, b.odd, clean), want, "{block:?}");
        }
        // Each word's key, read from the cleaned block (16 bytes of 0 after it).
        let mut padded = [0u8; 80];
        padded[..64].copy_from_slice(&want.3);
        for start in
            (0..64).filter(|&k| want.0 >> k & 1 == 1 && (k == 0 || want.0 >> (k - 1) & 1 == 0))
        {
            let len = (want.0 >> start).trailing_ones() as usize;
            let bytes: &[u8; 16] = padded[start..start + 16].try_into().unwrap();
            assert_eq!(crate::arch::portable::first_zero(bytes), len.min(16));
            let key = vocab::clean_key(bytes);
            if len >= 16 {
                assert_eq!(key, None);
            } else {
                let mut b = [0u8; 16];
                b[..len].copy_from_slice(&want.3[start..start + len]);
                b[15] = len as u8;
                let (lo, hi) = b.split_at(8);
                let want_key = [
                    u64::from_le_bytes(lo.try_into().unwrap()),
                    u64::from_le_bytes(hi.try_into().unwrap()),
                ];
                assert_eq!(key, Some(want_key), "{block:?} at {start}");
            }
        }
    };
    for pos in 0..64 {
        for v in 0..=255u8 {
            let mut b = [0u8; 64];
            for (k, x) in b.iter_mut().enumerate() {
                *x = [b'a', b'Z', b'5', b' ', 0x80, b'\n', 0xFF, 0, b'q', b'Q']
                    [(k * 7 + v as usize) % 10];
            }
            b[pos] = v;
            check(&b);
        }
    }
    let mut rng = Rng(11);
    for _ in 0..20_000 {
        let mut b = [0u8; 64];
        for x in b.iter_mut() {
            // Mostly letters, so that words of every length occur.
            *x = match rng.next() % 8 {
                0 => rng.next() as u8,
                1 => b' ',
                _ => b'a' + (rng.next() % 26) as u8,
            };
        }
        check(&b);
    }
}

/// Words of every length from 1 to 70 at every offset around the 16-byte loads (so spanning
/// load boundaries, and longer than 16 and 64 bytes), the same words repeated in other cases
/// and texts (known words compared whole), texts of every length up to 140 bytes.
#[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
#[test]
fn test_fast_path_words_across_block_boundaries() {
    let letters = b"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for len in 1..=70usize {
        for offset in 0..=17usize {
            let word: Vec<u8> = (0..len).map(|k| letters[(k * 7 + len) % 62]).collect();
            let mut t = vec![b' '; offset];
            t.extend_from_slice(&word);
            t.push(b'.');
            t.extend_from_slice(&word.to_ascii_uppercase());
            t.extend_from_slice(b" x ");
            t.extend_from_slice(&word[..len - 1]);
            let other = [word.as_slice(), b"\n", &word, b"y"].concat();
            check_fast_path(&[&t, &other, &word]);
        }
    }
    // Ending at every offset of the first two blocks and the third's start.
    for n in 0..=140usize {
        let t: Vec<u8> = (0..n).map(|k| b"ab c\nd9 Ef"[k % 10]).collect();
        check_fast_path(&[&t]);
        check_fast_path(&[&t, &t]);
    }
}

/// A `\n` at every position of a 48-byte window (before, inside and after words and runs of
/// separators longer than a load), runs of newlines, and lines without words.
#[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
#[test]
fn test_fast_path_newlines_at_every_position() {
    let base = b"one two three\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\tfour fivefivefive ab";
    for pos in 0..=base.len() {
        for run in [1usize, 2, 17, 40] {
            let mut t = base[..pos].to_vec();
            t.extend(std::iter::repeat_n(b'\n', run));
            t.extend_from_slice(&base[pos..]);
            check_fast_path(&[&t]);
            let mut u = t.clone();
            u.insert(0, b'\n');
            u.push(b'\n');
            check_fast_path(&[&t, &u]);
        }
    }
    check_fast_path(&[b"\n\n\n", b"", b"\n", b"a\n\n\nb\n"]);
}

/// Random byte texts (letters, digits, separators, `\n`, NUL, bytes of 0x80 and above, long
/// words and long separator runs), several to a call: the same tokens as the naive reference.
#[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
#[test]
fn test_fast_path_random_bytes_match_naive() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let pieces: &[&[u8]] = &[
        b"a",
        b"Q",
        b"7",
        b"the",
        b"Word",
        b"ninechars",
        b"fifteencharsxyz",
        b"sixteencharsxyzw",
        b"seventeencharsxyz",
        b" ",
        b"\n",
        b"\n\n",
        b"\0",
        b"\x80",
        b"\xff\xfe",
        b"-",
        b"\r\n",
        b"                    ",
        b"\t",
        b"antidisestablishmentarianismantidisestablishmentarianismabcdefghij",
    ];
    for _ in 0..3000 {
        let texts: Vec<Vec<u8>> = (0..1 + rng.next() % 3)
            .map(|_| {
                (0..rng.next() % 60)
                    .flat_map(|_| pieces[(rng.next() % pieces.len() as u64) as usize].to_vec())
                    .collect()
            })
            .collect();
        let refs: Vec<&[u8]> = texts.iter().map(|t| t.as_slice()).collect();
        check_fast_path(&refs);
    }
}

/// The fast path and the byte path (taken for non-ASCII rouge-score text) share one
/// vocabulary in a call: they must hash words of every length alike.
#[test]
fn test_fast_and_byte_paths_share_ids() {
    let letters = b"abcdefghijklmnopqrstuvwxyz";
    let words: Vec<String> = (1..=40)
        .map(|len| {
            (0..len)
                .map(|k| letters[(k * 5 + len) % 26] as char)
                .collect()
        })
        .collect();
    let ascii = words.join(" ");
    let non_ascii = format!("é {}", words.join(" é "));
    let texts: [&[u8]; 3] = [ascii.as_bytes(), non_ascii.as_bytes(), ascii.as_bytes()];
    let got = run(&texts, &TextOptions::rouge_score(false)).unwrap();
    let want: Vec<u32> = (0..40).collect();
    for (ids, _) in &got {
        assert_eq!(*ids, want);
    }
    let reversed: Vec<&[u8]> = texts.iter().rev().copied().collect();
    let got = run(&reversed, &TextOptions::rouge_score(false)).unwrap();
    for (ids, _) in &got {
        assert_eq!(*ids, want);
    }
}

/// The one-pass check of ASCII text: a NUL or a non-ASCII byte at every position of texts
/// around its 8-byte steps gives the answer of the plain checks.
#[test]
fn test_check_text_fast_path_matches_plain_checks() {
    let naive = |t: &[u8]| {
        if t.contains(&0) {
            Err(Error::EmbeddedNul)
        } else if std::str::from_utf8(t).is_err() {
            Err(Error::InvalidUtf8)
        } else {
            Ok(())
        }
    };
    for n in 0..=24usize {
        let base: Vec<u8> = (0..n).map(|k| b"ab \n9Z,\x7f"[k % 8]).collect();
        assert_eq!(check_text(&base), naive(&base));
        for pos in 0..n {
            for b in [0u8, 0x80, 0xC3, 0xFF, 0x01, 0x7F] {
                let mut t = base.clone();
                t[pos] = b;
                assert_eq!(check_text(&t), naive(&t), "{t:?}");
                // A valid two-byte character there too.
                let mut u = base.clone();
                u.splice(pos..pos + 1, "é".bytes());
                assert_eq!(check_text(&u), Ok(()), "{u:?}");
            }
        }
    }
}
