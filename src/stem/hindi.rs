//! The XL-Sum scorer's Hindi stemmer: `HindiStemmer` of multilingual-rouge 0.0.1
//! (`multilingual_rouge/stemmers.py` L8-65, Apache-2.0), a suffix stripper after Ramanathan and
//! Rao's lightweight Hindi stemmer. Its table is `SUFFIXES` below, in the scorer's order;
//! `data/hindi_stemmer/suffixes.json` is the same table extracted from the scorer, and a test
//! checks that the two agree.
//!
//! The stemmer does not lowercase or normalise: it sees the word as given.

use super::Word;

/// `self.suffixes` (stemmers.py L12-57): the suffixes of `L` code points at index `L - 1`.
static SUFFIXES: [&[&str]; 5] = [
    &["ो", "े", "ू", "ु", "ी", "ि", "ा"],
    &[
        "कर", "ाओ", "िए", "ाई", "ाए", "ने", "नी", "ना", "ते", "ीं", "ती", "ता", "ाँ", "ां", "ों", "ें",
    ],
    &[
        "ाकर",
        "ाइए",
        "ाईं",
        "ाया",
        "ेगी",
        "ेगा",
        "ोगी",
        "ोगे",
        "ाने",
        "ाना",
        "ाते",
        "ाती",
        "ाता",
        "तीं",
        "ाओं",
        "ाएं",
        "ुओं",
        "ुएं",
        "ुआं",
    ],
    &[
        "ाएगी",
        "ाएगा",
        "ाओगी",
        "ाओगे",
        "एंगी",
        "ेंगी",
        "एंगे",
        "ेंगे",
        "ूंगी",
        "ूंगा",
        "ातीं",
        "नाओं",
        "नाएं",
        "ताओं",
        "ताएं",
        "ियाँ",
        "ियों",
        "ियां",
    ],
    &["ाएंगी", "ाएंगे", "ाऊंगी", "ाऊंगा", "ाइयाँ", "ाइयों", "ाइयां"],
];

/// `HindiStemmer.__call__` (stemmers.py L59-65): the longest listed suffix (5 code points down
/// to 1) the word ends with, tried only while the word is longer than the suffix plus one, is
/// removed; at most one suffix goes.
pub(crate) fn stem(word: &mut Word<'_>) {
    for len in (1..=SUFFIXES.len()).rev() {
        if word.len() <= len + 1 {
            continue;
        }
        let Some(list) = SUFFIXES.get(len - 1) else {
            continue;
        };
        if list.iter().any(|suffix| word.ends_with(suffix)) {
            // `token[:-L]`: the scorer drops L code points, which is the suffix's length for
            // every entry of its table (a test checks it).
            word.drop_last(len);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_table_is_the_scorers_suffixes_json() {
        let json: serde_json::Value =
            serde_json::from_str(include_str!("data/hindi_stemmer/suffixes.json")).unwrap();
        let table = json["suffixes"].as_object().unwrap();
        assert_eq!(table.len(), SUFFIXES.len());
        for (i, list) in SUFFIXES.iter().enumerate() {
            let want: Vec<&str> = table[&(i + 1).to_string()]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap())
                .collect();
            assert_eq!(*list, &want[..], "suffixes of length {}", i + 1);
            for s in *list {
                assert_eq!(s.chars().count(), i + 1, "{s}");
            }
        }
    }
}
