//! The XL-Sum scorer's Turkish stemmer: PyPI TurkishStemmer 1.3 (`TurkishStemmer/__init__.py`
//! and its `states/`, `suffixes/`, `transitions/`, Apache-2.0; a Python port of otuncelli's
//! turkish-stemmer), ported function by function, its quirks marked `TurkishStemmer quirk:`.
//! Its four word lists are vendored in `data/turkish_stemmer/` and turned into `words.rs` by
//! `data/gen_turkish_words.py`; the state machines are `machines.rs`.
//!
//! `stem` runs the nominal verb suffix machine on the word, the noun suffix machine on the word
//! and each stem found so far, the derivational suffix machine on the word and each stem found
//! so far, and picks one of the stems (`postProcess`).
//!
//! Why the choice does not depend on `PYTHONHASHSEED` (README 7.12), and how the port makes the
//! same one: the Python code iterates over `set`s of stems twice and sorts a list made from a
//! `set`. (1) The machine runs only add to the set of stems, never read it, so the order they
//! run in does not change the union. (2) Every stem is a proper prefix of the word (a machine
//! only removes code points from the end, and keeps a stem only if it is shorter), so the
//! candidates `lastConsonant(stem)` all have different lengths; the comparator then orders them
//! strictly by (|length - 4|, length), except that a word of `average_stem_size_exceptions`
//! comes before any other. Two exception words would compare "less" both ways and the sort
//! would keep the set's order, but `gen_turkish_words.py` proves that no word has two such
//! candidates. So the comparator is a strict total order on every candidate list, the sort's
//! first element is its minimum, and the port takes that minimum: the exception candidate if
//! there is one, else the candidate closest to 4 code points, the shorter on a tie.
//!
//! The stemmer does not lowercase: a word with a letter outside the lowercase Turkish alphabet
//! (capitals, `â`, `q`, digits) is returned as it is.

mod machines;
// Generated (see the file's first line): kept as its generator writes it.
#[rustfmt::skip]
mod words;

use super::Word;

/// `ALPHABET` (`__init__.py` L12): the letters of a word the stemmer stems.
const ALPHABET: &str = "abcçdefgğhıijklmnoöprsştuüvyz";
/// `VOWELS` (L15).
const VOWELS: &str = "üiıueöao";
/// `CONSONANTS` (L18).
const CONSONANTS: &str = "bcçdfgğhjklmnprsştvyz";
/// `ROUNDED_VOWELS` (L21).
const ROUNDED_VOWELS: &str = "oöuü";
/// `FOLLOWING_ROUNDED_VOWELS` (L24).
const FOLLOWING_ROUNDED_VOWELS: &str = "aeuü";
/// `UNROUNDED_VOWELS` (L27).
const UNROUNDED_VOWELS: &str = "iıea";
/// `FRONT_VOWELS` (L30).
const FRONT_VOWELS: &str = "eiöü";
/// `BACK_VOWELS` (L33).
const BACK_VOWELS: &str = "ıuao";
/// `AVERAGE_STEMMED_SIZE` (L54).
const AVERAGE_STEMMED_SIZE: usize = 4;

/// The flag of a prefix length that is in the set of stems (`spare` holds one flag a length).
const IS_STEM: char = '\u{1}';
const NOT_STEM: char = '\0';

/// `TurkishStemmer.stem` (`__init__.py` L71-102). `spare` needs `3 * word.len() + 2` code
/// points (the stems, the lengths to run a machine on, a candidate).
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    let _ = stem_with_queue_bound(word, spare);
}

/// [`stem`], returning the most transitions a machine queued at once and whether a queue
/// overflowed (never seen: `machines::QUEUE_CAPACITY`); the tests check both.
pub(crate) fn stem_with_queue_bound(word: &mut Word<'_>, spare: &mut [char]) -> (usize, bool) {
    let n = word.len();
    if !proceed_to_stem(word.chars()) {
        return (0, false);
    }
    let Some((stems, rest)) = spare.split_at_mut_checked(n + 1) else {
        return (0, false);
    };
    let Some((to_stem, candidate)) = rest.split_at_mut_checked(n + 1) else {
        return (0, false);
    };
    stems.fill(NOT_STEM);
    let w = word.chars();
    let mut queue_bound = machines::strip(&machines::NOMINAL_VERB, w, n, stems);
    for machine in [&machines::NOUN[..], &machines::DERIVATIONAL[..]] {
        // `wordsToStem = stems.copy(); wordsToStem.add(word)`, each through the machine.
        for (t, &s) in to_stem.iter_mut().zip(stems.iter()) {
            *t = s;
        }
        if let Some(t) = to_stem.get_mut(n) {
            *t = IS_STEM;
        }
        for (len, &t) in to_stem.iter().enumerate() {
            if t == IS_STEM {
                let (high, overflowed) = machines::strip(machine, w, len, stems);
                queue_bound = (queue_bound.0.max(high), queue_bound.1 | overflowed);
            }
        }
    }
    debug_assert!(
        !queue_bound.1,
        "TurkishStemmer's transition queue outgrew its capacity"
    );
    if let Some(len) = post_process(w, stems, candidate) {
        let mut buf = Word::new(candidate);
        buf.assign(w.get(..len).unwrap_or(&[]));
        last_consonant(&mut buf);
        word.assign(buf.chars());
    }
    queue_bound
}

/// `TurkishStemmer.postProcess` (L201-228): the length of the prefix whose `lastConsonant` is
/// the final stem, or `None` (the word stays) when no stem has a vowel. The original word is
/// never among the stems (they are shorter), so `stems.remove(originalWord)` has nothing to do.
/// `candidate` is room for one candidate.
fn post_process(word: &[char], stems: &[char], candidate: &mut [char]) -> Option<usize> {
    let mut best: Option<(usize, bool)> = None;
    let mut buf = Word::new(candidate);
    for (len, &flag) in stems.iter().enumerate().take(word.len()) {
        let prefix = word.get(..len).unwrap_or(&[]);
        if flag != IS_STEM || count_syllables(prefix) == 0 {
            continue;
        }
        buf.assign(prefix);
        last_consonant(&mut buf);
        let exception = in_set(words::AVERAGE_STEM_SIZE_EXCEPTIONS, buf.chars());
        let better = match best {
            None => true,
            // At most one candidate is an exception (see the module's docs).
            Some((_, true)) => false,
            Some((b, false)) => exception || average_distance_key(len) < average_distance_key(b),
        };
        if better {
            best = Some((len, exception));
        }
    }
    best.map(|(len, _)| len)
}

/// The comparator's order for words of different lengths outside the exceptions: nearer to
/// `AVERAGE_STEMMED_SIZE` first, the shorter of two as near.
fn average_distance_key(len: usize) -> (usize, usize) {
    (len.abs_diff(AVERAGE_STEMMED_SIZE), len)
}

/// `TurkishStemmer.proceedToStem` (L230-252): a non-empty word of Turkish letters only, not
/// protected, with at least two vowels.
fn proceed_to_stem(word: &[char]) -> bool {
    !word.is_empty()
        && word.iter().all(|&c| is_in(c, ALPHABET))
        && !in_set(words::PROTECTED_WORDS, word)
        && count_syllables(word) >= 2
}

/// `TurkishStemmer.lastConsonant` (L270-287): a final b, c, d, ğ becomes p, ç, t, k unless the
/// word is an exception.
fn last_consonant(word: &mut Word<'_>) {
    if in_set(words::LAST_CONSONANT_EXCEPTIONS, word.chars()) {
        return;
    }
    let replacement = match word.get_back(0) {
        Some('b') => 'p',
        Some('c') => 'ç',
        Some('d') => 't',
        Some('ğ') => 'k',
        _ => return,
    };
    let last = word.len() - 1;
    word.set(last, replacement);
}

/// `CountSyllables` (L313-323): the number of vowels.
fn count_syllables(word: &[char]) -> usize {
    word.iter().filter(|&&c| is_in(c, VOWELS)).count()
}

/// `HasVowelHarmony` (L366-385): whether the last two vowels agree in frontness and in
/// roundness (`VowelHarmony`); true for a word with fewer than two vowels.
fn has_vowel_harmony(word: &[char]) -> bool {
    let mut vowels = word.iter().rev().filter(|&&c| is_in(c, VOWELS));
    let (Some(&candidate), Some(&vowel)) = (vowels.next(), vowels.next()) else {
        return true;
    };
    has_roundness(vowel, candidate) && has_frontness(vowel, candidate)
}

/// `HasFrontness` (L325-337).
fn has_frontness(vowel: char, candidate: char) -> bool {
    (is_in(vowel, FRONT_VOWELS) && is_in(candidate, FRONT_VOWELS))
        || (is_in(vowel, BACK_VOWELS) && is_in(candidate, BACK_VOWELS))
}

/// `HasRoundness` (L339-351).
fn has_roundness(vowel: char, candidate: char) -> bool {
    (is_in(vowel, UNROUNDED_VOWELS) && is_in(candidate, UNROUNDED_VOWELS))
        || (is_in(vowel, ROUNDED_VOWELS) && is_in(candidate, FOLLOWING_ROUNDED_VOWELS))
}

/// Python's `c in s` for a string of code points.
fn is_in(c: char, s: &str) -> bool {
    s.chars().any(|x| x == c)
}

/// Python's `word in frozenset(...)` for a sorted word list of `words`.
fn in_set(list: &[&str], word: &[char]) -> bool {
    super::is_stopword(list, word)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stem_str(s: &str) -> (String, usize) {
        let chars: Vec<char> = s.chars().collect();
        let mut buf = vec!['\0'; 2 * chars.len() + 16];
        let mut spare = vec!['\0'; 6 * chars.len() + 48];
        let mut w = Word::from_chars(&mut buf, &chars);
        let (high, overflowed) = stem_with_queue_bound(&mut w, &mut spare);
        assert!(!overflowed && !w.overflowed(), "{s}");
        (w.chars().iter().collect(), high)
    }

    #[test]
    fn test_choice_among_candidates_is_the_reference_one() {
        // TurkishStemmer 1.3's own stems (`TurkishStemmer().stem(word)`): an average stem size
        // exception wins over nearer sizes (ev, uç, kötü), the last consonant rule and its
        // exceptions (kitap, ağaç; ked), and words it leaves alone.
        for (word, want) in [
            ("evlerimiz", "ev"),
            ("evlerimizden", "ev"),
            ("uçtaki", "uç"),
            ("kötülerdeki", "kötü"),
            ("kitaplarımızdan", "kitap"),
            ("kitabı", "kitap"),
            ("ağacı", "ağaç"),
            ("kedler", "ked"),
            ("bisikletçiler", "bisikletç"),
            ("arabalarımız", "araba"),
            ("Evler", "Evler"),
            ("ev", "ev"),
            ("", ""),
        ] {
            assert_eq!(stem_str(word).0, want, "{word}");
        }
    }

    /// With `ROUGE_STEMS_OTHER_FILE` (tests/diff/stems_other.sh sets it): for every Turkish word
    /// there, the port's queue reaches exactly the length TurkishStemmer's deques reached, which
    /// stays far below the queue's capacity.
    #[test]
    fn test_queue_follows_the_reference_deque() {
        let Some(path) = std::env::var_os("ROUGE_STEMS_OTHER_FILE") else {
            eprintln!("skipped: ROUGE_STEMS_OTHER_FILE unset");
            return;
        };
        let text = std::fs::read_to_string(path).unwrap();
        let (mut words, mut most) = (0, 0);
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let Some(want) = v["queue"].as_u64() else {
                continue;
            };
            let word = v["word"].as_str().unwrap();
            let (stem, high) = stem_str(word);
            assert_eq!(
                (stem.as_str(), high as u64),
                (v["stem"].as_str().unwrap(), want),
                "{word}"
            );
            words += 1;
            most = most.max(high);
        }
        eprintln!(
            "{words} Turkish words, the longest queue {most} (capacity {})",
            machines::QUEUE_CAPACITY
        );
        assert!(words > 1000 && most >= 4 && most * 4 <= machines::QUEUE_CAPACITY);
    }

    /// A beam search for words that make the transition queue long: suffix sequences of both
    /// vowel classes (and the `ndeki` / `ki` cycles of the noun machine, which let several
    /// chains of transitions run side by side) appended after a root or inserted after it,
    /// keeping the words with the longest queues. TurkishStemmer's own deque reaches the same
    /// lengths on every word (`test_queue_follows_the_reference_deque`); the longest found is
    /// printed and must stay far below the capacity. `ROUGE_TURKISH_SEARCH_STEPS` (default 4)
    /// sets the search's depth: 12 steps (about 139,000 words, 24 s in a debug build) and 24
    /// steps (about 289,000 words, 4 s in a release build) found none above 5.
    #[test]
    fn test_queue_stays_short_on_searched_words() {
        let steps: usize = std::env::var("ROUGE_TURKISH_SEARCH_STEPS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(4);
        let front = "ler leri lerin in nin i si yi im imiz iniz miz niz m ki nde de den nden le yle ne e ye dir tir \
                     di ti se miş ymiş ken yken ce nce cesine li n k ndeki deki siniz sin yim yiz";
        let back = "lar ları ların ın nın ı sı yı ım ımız ınız mız nız m ki nda da dan ndan la yla na a ya dır tır \
                    dı tı sa mış ymış ken yken ca nca casına lı n k ndaki daki sınız sın yım yız";
        let mut most = (0, String::new());
        for (suffixes, roots) in [
            (front, ["ev", "evki", "göz"]),
            (back, ["kitap", "okul", "adam"]),
        ] {
            let suffixes: Vec<&str> = suffixes.split_whitespace().collect();
            let mut beam: Vec<(String, String, String)> = roots
                .iter()
                .map(|r| (r.to_string(), String::new(), String::new()))
                .collect();
            for _ in 0..steps {
                let mut scored = Vec::new();
                for (root, middle, tail) in &beam {
                    for s in &suffixes {
                        for (m, t) in [
                            (format!("{s}{middle}"), tail.clone()),
                            (middle.clone(), format!("{tail}{s}")),
                        ] {
                            let word = format!("{root}{m}{t}");
                            let (_, high) = stem_str(&word);
                            scored.push((high, usize::MAX - word.len(), root.clone(), m, t));
                        }
                    }
                }
                scored.sort();
                scored.dedup();
                scored.reverse();
                scored.truncate(64);
                if let Some((high, _, root, m, t)) = scored.first() {
                    if *high > most.0 {
                        most = (*high, format!("{root}{m}{t}"));
                    }
                }
                beam = scored
                    .into_iter()
                    .map(|(_, _, r, m, t)| (r, m, t))
                    .collect();
            }
        }
        eprintln!("longest queue found: {} ({})", most.0, most.1);
        assert!(
            most.0 >= 4 && most.0 * 4 <= machines::QUEUE_CAPACITY,
            "{most:?}"
        );
    }
}
