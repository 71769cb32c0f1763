//! The XL-Sum scorer's languages: how a `lang` string picks the segmenter of the main path and
//! the stemmer (multilingual-rouge 0.0.1 `rouge_scorer.py` L43-49, L55-64, L99-111, L154-166;
//! `tokenizers.py` L287-292 `LANG2TOKENIZER`; `stemmers.py` L101-106 `LANG2STEMMER`, with
//! nltk 3.10.4's `SnowballStemmer.languages`).

use crate::stem::Stemmer;

/// What splits the cleaned text into the main path's tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Segmenter {
    /// pyonmttok's aggressive mode, then the Han split (every language without its own).
    Onmt,
    /// The fork's Burmese syllable rules (`tokenizers.py` L240-284), in the core.
    Burmese,
    /// jieba (`list(jieba.cut(text))`), run by the host.
    Chinese,
    /// fugashi with unidic-lite (`Tagger("-O wakati -b 50000").parse(text).split()`), run by
    /// the host.
    Japanese,
    /// pythainlp (`word_tokenize(text, engine="newmm")`), run by the host.
    Thai,
}

impl Segmenter {
    /// Whether the host runs it (a dictionary segmenter the core does not carry): the host
    /// segments the text [`super::clean_text`] gives and hands the tokens to
    /// [`super::segmented_tokens`].
    pub const fn in_host(self) -> bool {
        matches!(
            self,
            Segmenter::Chinese | Segmenter::Japanese | Segmenter::Thai
        )
    }
}

/// A `lang` as the scorer resolves it, with `use_stemmer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Language {
    /// The main path's segmenter.
    pub segmenter: Segmenter,
    /// The stemmer of tokens longer than 3 code points, if any.
    pub stemmer: Option<Stemmer>,
}

/// `SPECIAL_LANGID_CONVERSION_MAP` (`rouge_scorer.py` L43-49): the aliases and the language
/// each stands for.
const ALIASES: [(&str, &str); 5] = [
    ("bangla", "bengali"),
    ("turkce", "turkish"),
    ("chinese_simplified", "chinese"),
    ("chinese_traditional", "chinese"),
    ("mundo", "spanish"),
];

/// The name the scorer uses for `lang` (its alias resolved); `None` for no language (`None`
/// or `""`, which Python's `if lang` takes alike).
pub fn canonical(lang: Option<&str>) -> Option<&str> {
    let lang = lang.filter(|l| !l.is_empty())?;
    Some(
        ALIASES
            .iter()
            .find(|(alias, _)| *alias == lang)
            .map_or(lang, |&(_, name)| name),
    )
}

impl Language {
    /// `RougeScorer(..., use_stemmer=use_stemmer, lang=lang)`: names are case-sensitive and
    /// any string is accepted. `None` and `""` mean no language: pyonmttok, and with
    /// `use_stemmer` NLTK's Porter stemmer (`MultiStemmer`'s default). Quirk: a name the
    /// scorer does not know (`"English"`, `"klingon"`) gets pyonmttok and no stemmer at all,
    /// even with `use_stemmer` (the scorer only warns).
    pub fn resolve(lang: Option<&str>, use_stemmer: bool) -> Language {
        let name = canonical(lang);
        let segmenter = match name {
            Some("burmese") => Segmenter::Burmese,
            Some("chinese") => Segmenter::Chinese,
            Some("japanese") => Segmenter::Japanese,
            Some("thai") => Segmenter::Thai,
            _ => Segmenter::Onmt,
        };
        let stemmer = match name {
            _ if !use_stemmer => None,
            None => Some(Stemmer::Porter),
            // `LANG2STEMMER`: bengali, turkish, hindi and NLTK's Snowball languages, whose
            // names are `Stemmer::name`s ("porter" among them).
            Some(name) => Stemmer::from_name(name),
        };
        Language { segmenter, stemmer }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_names_resolve_as_the_scorer() {
        let l = |name, st| Language::resolve(name, st);
        assert_eq!(l(None, true).stemmer, Some(Stemmer::Porter));
        assert_eq!(l(Some(""), true).stemmer, Some(Stemmer::Porter));
        assert_eq!(l(Some("porter"), true).stemmer, Some(Stemmer::Porter));
        assert_eq!(l(None, false).stemmer, None);
        assert_eq!(l(Some("bangla"), true).stemmer, Some(Stemmer::Bengali));
        assert_eq!(l(Some("turkce"), true).stemmer, Some(Stemmer::Turkish));
        assert_eq!(l(Some("mundo"), true).stemmer, Some(Stemmer::Spanish));
        assert_eq!(l(Some("hindi"), true).stemmer, Some(Stemmer::Hindi));
        assert_eq!(l(Some("english"), true).stemmer, Some(Stemmer::English));
        assert_eq!(
            l(Some("English"), true),
            Language {
                segmenter: Segmenter::Onmt,
                stemmer: None
            }
        );
        assert_eq!(l(Some("Chinese"), false).segmenter, Segmenter::Onmt);
        assert_eq!(
            l(Some("chinese_traditional"), true).segmenter,
            Segmenter::Chinese
        );
        assert_eq!(l(Some("chinese_simplified"), true).stemmer, None);
        assert_eq!(
            l(Some("burmese"), true),
            Language {
                segmenter: Segmenter::Burmese,
                stemmer: None
            }
        );
        assert_eq!(l(Some("japanese"), false).segmenter, Segmenter::Japanese);
        assert_eq!(l(Some("thai"), false).segmenter, Segmenter::Thai);
        assert_eq!(
            l(Some("korean"), true),
            Language {
                segmenter: Segmenter::Onmt,
                stemmer: None
            }
        );
        assert_eq!(canonical(Some("bangla")), Some("bengali"));
        assert_eq!(canonical(Some("")), None);
    }
}
