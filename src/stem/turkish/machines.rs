//! TurkishStemmer 1.3's three suffix state machines (`TurkishStemmer/states/*.py`,
//! `suffixes/*.py`, `transitions/__init__.py`) and the loop that runs them,
//! `_genericSuffixStripper` (`__init__.py` L149-178), with its transition queue.
//!
//! Every word a machine sees is a prefix of the word being stemmed (a machine only ever removes
//! code points from the end), so a word is held as its length and a set of stems as one flag
//! per length.

use super::{has_vowel_harmony, in_set, is_in, words, CONSONANTS, IS_STEM, VOWELS};
use crate::stem::word::ends_with;

/// A `Suffix` (`suffixes/__init__.py`): the regular expression `(alt1|alt2|...)$`, an optional
/// letter `(l1|...)$` tried on what is left, and whether vowel harmony is required.
pub(super) struct Suffix {
    /// The alternatives, all of `len` code points (a test checks), so `pattern.sub("", word)`
    /// removes the last `len` code points of a word that matches. `$` also matches before a
    /// final `\n`, but a word with one never gets here (`IsTurkish`).
    alts: &'static [&'static str],
    len: usize,
    /// The optional letters (`None` in the Python code: empty).
    optional: &'static [char],
    check_harmony: bool,
}

const fn suffix(
    alts: &'static [&'static str],
    len: usize,
    optional: &'static [char],
    check_harmony: bool,
) -> Suffix {
    Suffix {
        alts,
        len,
        optional,
        check_harmony,
    }
}

const HIGH: &[char] = &['ı', 'i', 'u', 'ü'];

// suffixes/NominalVerbSuffix.py, each under its name there.
const V1: Suffix = suffix(&["ım", "im", "um", "üm"], 2, &['y'], true); // -(y)Um
const V2: Suffix = suffix(&["sın", "sin", "sun", "sün"], 3, &[], true); // -sUn
const V3: Suffix = suffix(&["ız", "iz", "uz", "üz"], 2, &['y'], true); // -(y)Uz
const V4: Suffix = suffix(&["sınız", "siniz", "sunuz", "sünüz"], 5, &[], true); // -sUnUz
const V5: Suffix = suffix(&["lar", "ler"], 3, &[], true); // -lAr
const V6: Suffix = suffix(&["m"], 1, &[], true); // -m
const V7: Suffix = suffix(&["n"], 1, &[], true); // -n
const V8: Suffix = suffix(&["k"], 1, &[], true); // -k
const V9: Suffix = suffix(&["nız", "niz", "nuz", "nüz"], 3, &[], true); // -nUz
const V10: Suffix = suffix(
    &["tır", "tir", "tur", "tür", "dır", "dir", "dur", "dür"],
    3,
    &[],
    true,
); // -DUr
const V11: Suffix = suffix(&["casına", "çasına", "cesine", "çesine"], 6, &[], true); // -cAsInA
const V12: Suffix = suffix(
    &["dı", "di", "du", "dü", "tı", "ti", "tu", "tü"],
    2,
    &['y'],
    true,
); // -(y)DU
const V13: Suffix = suffix(&["sa", "se"], 2, &['y'], true); // -(y)sA
const V14: Suffix = suffix(&["muş", "miş", "müş", "mış"], 3, &['y'], true); // -(y)mUş
const V15: Suffix = suffix(&["ken"], 3, &['y'], true); // -(y)ken

// suffixes/NounSuffix.py.
const N1: Suffix = suffix(&["lar", "ler"], 3, &[], true); // -lAr
const N2: Suffix = suffix(&["m"], 1, HIGH, true); // -(U)m
const N3: Suffix = suffix(&["mız", "miz", "muz", "müz"], 3, HIGH, true); // -(U)mUz
const N4: Suffix = suffix(&["ın", "in", "un", "ün"], 2, &[], true); // -Un
const N5: Suffix = suffix(&["nız", "niz", "nuz", "nüz"], 3, HIGH, true); // -(U)nUz
const N6: Suffix = suffix(&["ı", "i", "u", "ü"], 1, &['s'], true); // -(s)U
const N7: Suffix = suffix(&["ları", "leri"], 4, &[], true); // -lArI
const N8: Suffix = suffix(&["ı", "i", "u", "ü"], 1, &['y'], true); // -(y)U
const N9: Suffix = suffix(&["nı", "ni", "nu", "nü"], 2, &[], true); // -nU
const N10: Suffix = suffix(&["ın", "in", "un", "ün"], 2, &['n'], true); // -(n)Un
const N11: Suffix = suffix(&["a", "e"], 1, &['y'], true); // -(y)A
const N12: Suffix = suffix(&["na", "ne"], 2, &[], true); // -nA
const N13: Suffix = suffix(&["da", "de", "ta", "te"], 2, &[], true); // -DA
const N14: Suffix = suffix(&["nta", "nte", "nda", "nde"], 3, &[], true); // -nDA
const N15: Suffix = suffix(&["dan", "tan", "den", "ten"], 3, &[], true); // -DAn
const N16: Suffix = suffix(&["ndan", "ntan", "nden", "nten"], 4, &[], true); // -nDAn
const N17: Suffix = suffix(&["la", "le"], 2, &['y'], true); // -(y)lA
const N18: Suffix = suffix(&["ki"], 2, &[], false); // -ki: the one suffix without harmony
const N19: Suffix = suffix(&["ca", "ce"], 2, &['n'], true); // -(n)cA

// suffixes/DerivationalSuffix.py.
const D1: Suffix = suffix(&["lı", "li", "lu", "lü"], 2, &[], true); // -lU

/// A state: whether it is final, and its suffixes in the Python state's order, each with the
/// state its `NextState` gives (an index into the machine's states).
pub(super) struct State {
    is_final: bool,
    edges: &'static [(&'static Suffix, u8)],
}

/// A machine: its states, the initial one first.
pub(super) type Machine = [State];

/// `NominalVerbState` (states/NominalVerbState.py): A..H = 0..7, the next states from
/// `TF_VALUES` (A), `FT_VALUES` (final states) and `FF_VALUES` (the others).
pub(super) static NOMINAL_VERB: [State; 8] = {
    const B: u8 = 1;
    const C: u8 = 2;
    const D: u8 = 3;
    const E: u8 = 4;
    const F: u8 = 5;
    const G: u8 = 6;
    const H: u8 = 7;
    [
        // A: every suffix, in `VALUES` order (S11, S4, S14, S15, S2, S5, S9, S10, S3, S1, S12,
        // S13, S6, S7, S8).
        State {
            is_final: false,
            edges: &[
                (&V11, H),
                (&V4, B),
                (&V14, F),
                (&V15, F),
                (&V2, B),
                (&V5, C),
                (&V9, D),
                (&V10, E),
                (&V3, B),
                (&V1, B),
                (&V12, F),
                (&V13, F),
                (&V6, D),
                (&V7, D),
                (&V8, D),
            ],
        },
        State {
            is_final: true,
            edges: &[(&V14, F)],
        },
        State {
            is_final: true,
            edges: &[(&V10, F), (&V12, F), (&V13, F), (&V14, F)],
        },
        State {
            is_final: false,
            edges: &[(&V12, F), (&V13, F)],
        },
        State {
            is_final: true,
            edges: &[(&V1, G), (&V2, G), (&V3, G), (&V4, G), (&V5, G), (&V14, F)],
        },
        State {
            is_final: true,
            edges: &[],
        },
        State {
            is_final: false,
            edges: &[(&V14, F)],
        },
        State {
            is_final: false,
            edges: &[(&V1, G), (&V2, G), (&V3, G), (&V4, G), (&V5, G), (&V14, F)],
        },
    ]
};

/// `NounState` (states/NounState.py): A, B, C, D, E, F, G, H, K, L, M = 0..10, the next states
/// from `TT_VALUES` (A), `FT_VALUES` (the other final states) and `FF_VALUES` (the others).
pub(super) static NOUN: [State; 11] = {
    const B: u8 = 1;
    const C: u8 = 2;
    const D: u8 = 3;
    const E: u8 = 4;
    const F: u8 = 5;
    const G: u8 = 6;
    const H: u8 = 7;
    const K: u8 = 8;
    const L: u8 = 9;
    const M: u8 = 10;
    [
        // A, initial and final: every suffix, in `VALUES` order (S16, S7, S3, S5, S1, S14, S15,
        // S17, S10, S19, S4, S9, S12, S13, S18, S2, S6, S8, S11).
        State {
            is_final: true,
            edges: &[
                (&N16, C),
                (&N7, K),
                (&N3, H),
                (&N5, H),
                (&N1, L),
                (&N14, F),
                (&N15, G),
                (&N17, E),
                (&N10, E),
                (&N19, M),
                (&N4, H),
                (&N9, C),
                (&N12, F),
                (&N13, B),
                (&N18, D),
                (&N2, H),
                (&N6, H),
                (&N8, B),
                (&N11, B),
            ],
        },
        State {
            is_final: true,
            edges: &[(&N1, L), (&N2, H), (&N3, H), (&N4, H), (&N5, H)],
        },
        State {
            is_final: false,
            edges: &[(&N6, H), (&N7, K)],
        },
        State {
            is_final: false,
            edges: &[(&N10, E), (&N13, B), (&N14, F)],
        },
        State {
            is_final: true,
            edges: &[
                (&N1, L),
                (&N2, H),
                (&N3, H),
                (&N4, H),
                (&N5, H),
                (&N6, H),
                (&N7, K),
                (&N18, D),
            ],
        },
        State {
            is_final: false,
            edges: &[(&N6, H), (&N7, K), (&N18, D)],
        },
        State {
            is_final: true,
            edges: &[(&N1, L), (&N2, H), (&N3, H), (&N4, H), (&N5, H), (&N18, D)],
        },
        State {
            is_final: true,
            edges: &[(&N1, L)],
        },
        State {
            is_final: true,
            edges: &[],
        },
        State {
            is_final: true,
            edges: &[(&N18, D)],
        },
        // M lists S6 twice (NounState.py L31): both transitions are queued.
        State {
            is_final: true,
            edges: &[
                (&N1, L),
                (&N2, H),
                (&N3, H),
                (&N4, H),
                (&N5, H),
                (&N6, H),
                (&N6, H),
                (&N7, K),
            ],
        },
    ]
};

/// `DerivationalState` (states/DerivationalState.py): A = 0, B = 1.
pub(super) static DERIVATIONAL: [State; 2] = [
    State {
        is_final: false,
        edges: &[(&D1, 1)],
    },
    State {
        is_final: true,
        edges: &[],
    },
];

/// A queued `Transition`: its start state and edge (which give the suffix and the next state),
/// the length of its word, and its `marked` flag.
#[derive(Clone, Copy, Default)]
struct Transition {
    start: u8,
    edge: u8,
    next: u8,
    marked: bool,
    len: usize,
}

/// Most transitions the queue holds at once (1 KiB of stack on 64-bit targets).
///
/// How long the Python deque can get: the queue is a FIFO, so it holds the rest of one
/// "generation" of transitions and the next. For the nominal verb and derivational machines an
/// exhaustive exploration of every queue their suffixes allow (words abstracted to what their
/// matched suffixes reveal) bounds it by 3 and 1. The noun machine has cycles through its
/// non-final states D and F (`-ki`, `-nDA`), along which copies of a chain of transitions can
/// run side by side (`evndekindekindekindekilerin`), and that exploration does not terminate;
/// what is proven there is only a bound linear in the word's length (per generation, each pair
/// of states with a final target succeeds at most once, since the first success removes the
/// rest). Measured: TurkishStemmer's deque and this queue agree word by word (tests/diff), and
/// the longest seen is 5 transitions, on the scorer's 9,477 Turkish words, 3,552 generated
/// ones and the words of a beam search for long queues (`test_queue_stays_short_on_searched_words`).
/// 64 is that with a twelvefold margin. Were it ever exceeded, the transitions that do not fit
/// are dropped (no panic; a debug assertion in `turkish::stem_with_queue_bound` fires) and the
/// stem may differ from TurkishStemmer's.
pub(super) const QUEUE_CAPACITY: usize = 64;

/// The `deque` of transitions, in caller-independent fixed memory.
struct Queue {
    items: [Transition; QUEUE_CAPACITY],
    head: usize,
    len: usize,
    /// The largest length reached (for the tests' bound).
    high_water: usize,
    /// A push found the queue full (never seen; see `QUEUE_CAPACITY`).
    overflowed: bool,
}

impl Queue {
    fn new() -> Self {
        Queue {
            items: [Transition::default(); QUEUE_CAPACITY],
            head: 0,
            len: 0,
            high_water: 0,
            overflowed: false,
        }
    }

    fn slot(&self, i: usize) -> usize {
        (self.head + i) % QUEUE_CAPACITY
    }

    fn push_back(&mut self, t: Transition) {
        if self.len == QUEUE_CAPACITY {
            self.overflowed = true;
            return;
        }
        let s = self.slot(self.len);
        if let Some(item) = self.items.get_mut(s) {
            *item = t;
        }
        self.len += 1;
        self.high_water = self.high_water.max(self.len);
    }

    fn pop_front(&mut self) -> Option<Transition> {
        if self.len == 0 {
            return None;
        }
        let t = self.items.get(self.head).copied();
        self.head = (self.head + 1) % QUEUE_CAPACITY;
        self.len -= 1;
        t
    }

    /// Keeps the transitions `keep` accepts, in order (the `transitions.remove` loop).
    fn retain(&mut self, keep: impl Fn(&Transition) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let Some(t) = self.items.get(self.slot(i)).copied() else {
                continue;
            };
            if keep(&t) {
                let s = self.slot(kept);
                if let Some(item) = self.items.get_mut(s) {
                    *item = t;
                }
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Marks the transitions from `start` to `next` (`similarTransitions`, then `marked = True`).
    fn mark(&mut self, start: u8, next: u8) {
        for i in 0..self.len {
            let s = self.slot(i);
            if let Some(t) = self.items.get_mut(s) {
                if t.start == start && t.next == next {
                    t.marked = true;
                }
            }
        }
    }
}

/// `State.AddTransitions` (states/__init__.py L15-18): a transition for each suffix of `state`
/// that `word[..len]` ends with, in the state's order. TurkishStemmer quirk: the `marked`
/// argument is ignored (`Transition.__init__` sets `self.marked = False`), so every new
/// transition starts unmarked.
fn add_transitions(machine: &Machine, state: u8, word: &[char], len: usize, queue: &mut Queue) {
    let Some(s) = machine.get(usize::from(state)) else {
        return;
    };
    let w = word.get(..len).unwrap_or(&[]);
    for (edge, &(suffix, next)) in s.edges.iter().enumerate() {
        if matches(suffix, w) {
            queue.push_back(Transition {
                start: state,
                edge: edge as u8,
                next,
                marked: false,
                len,
            });
        }
    }
}

/// `Suffix.Match`: whether `word` ends with one of the alternatives.
fn matches(suffix: &Suffix, word: &[char]) -> bool {
    suffix.alts.iter().any(|a| ends_with(word, a))
}

/// `_genericSuffixStripper` (`__init__.py` L149-178): runs `machine` from its initial state on
/// `word[..len]`, setting `stems[l]` to [`IS_STEM`] for each stem `word[..l]` it finds. Returns
/// the most transitions queued at once and whether the queue overflowed.
pub(super) fn strip(
    machine: &Machine,
    word: &[char],
    len: usize,
    stems: &mut [char],
) -> (usize, bool) {
    let mut queue = Queue::new();
    add_transitions(machine, 0, word, len, &mut queue);
    while let Some(t) = queue.pop_front() {
        let Some(state) = machine.get(usize::from(t.start)) else {
            continue;
        };
        let Some(&(suffix, next)) = state.edges.get(usize::from(t.edge)) else {
            continue;
        };
        let Some(next_state) = machine.get(usize::from(next)) else {
            continue;
        };
        let stem = stem_word(word.get(..t.len).unwrap_or(&[]), suffix);
        if stem == t.len {
            continue;
        }
        if next_state.is_final {
            queue.retain(|o| !((o.start == t.start && o.next == next) || o.marked));
            if let Some(flag) = stems.get_mut(stem) {
                *flag = IS_STEM;
            }
        } else {
            queue.mark(t.start, next);
        }
        add_transitions(machine, next, word, stem, &mut queue);
    }
    (queue.high_water, queue.overflowed)
}

/// `TurkishStemmer.stemWord` (`__init__.py` L180-199): the length of `word` once `suffix` is
/// removed (if vowel harmony allows it) and then its optional letter.
fn stem_word(word: &[char], suffix: &Suffix) -> usize {
    let mut stemmed = word.len();
    if should_be_marked(word, suffix) && matches(suffix, word) {
        stemmed -= suffix.len;
    }
    // TurkishStemmer quirk: the optional letter is looked for even when the suffix stayed (its
    // harmony failed): `-(n)Un` then drops the `n` of `…ın` alone. And an optional letter that
    // is there but not valid undoes the suffix's removal too (`stemmedWord = word`).
    let rest = word.get(..stemmed).unwrap_or(&[]);
    if let Some(&last) = rest.last() {
        if suffix.optional.contains(&last) {
            stemmed = if valid_optional_letter(rest, last) {
                stemmed - 1
            } else {
                word.len()
            };
        }
    }
    stemmed
}

/// `TurkishStemmer.shouldBeMarked` (L254-268): the word is not protected, and the suffix
/// needs no harmony, or the word has it, or is an exception to it.
fn should_be_marked(word: &[char], suffix: &Suffix) -> bool {
    !in_set(words::PROTECTED_WORDS, word)
        && ((suffix.check_harmony && has_vowel_harmony(word))
            || in_set(words::VOWEL_HARMONY_EXCEPTIONS, word)
            || !suffix.check_harmony)
}

/// `ValidOptionalLetter` (L387-406): the letter before `candidate` (the last of `word`) is a
/// consonant if `candidate` is a vowel, a vowel otherwise; false for a word of one letter.
fn valid_optional_letter(word: &[char], candidate: char) -> bool {
    let Some(&previous) = word.len().checked_sub(2).and_then(|i| word.get(i)) else {
        return false;
    };
    if is_in(candidate, VOWELS) {
        is_in(previous, CONSONANTS)
    } else {
        is_in(previous, VOWELS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_alternatives_have_the_suffix_length() {
        for machine in [&NOMINAL_VERB[..], &NOUN[..], &DERIVATIONAL[..]] {
            for state in machine {
                for &(suffix, next) in state.edges {
                    assert!(usize::from(next) < machine.len());
                    for a in suffix.alts {
                        assert_eq!(a.chars().count(), suffix.len, "{a}");
                    }
                }
            }
        }
    }
}
