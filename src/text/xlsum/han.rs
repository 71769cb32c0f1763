//! The Han split of the main path after pyonmttok: `whitespace_tokenize(
//! tokenize_chinese_chars(" ".join(tokens)))` (multilingual-rouge 0.0.1 `rouge_scorer.py`
//! L80-81, `tokenizers.py` L156-191): every CJK ideograph of the listed blocks becomes a token
//! of its own, and a token is also split at Python white space (which only a token of
//! pyonmttok's could hold if the cleaning had left it any).

use crate::pyunicode;
use crate::Error;

/// `BasicTokenizer._is_chinese_char`: the CJK Unified Ideographs block, extensions A to F
/// (the fork lists B, C, D, E-F as adjacent ranges: 2A700-2B73F, 2B740-2B81F,
/// 2B820-2CEAF), and the compatibility ideographs (F900-FAFF, 2F800-2FA1F). Not kana, not
/// Hangul, not extension G (3xxxx).
pub fn is_han(c: char) -> bool {
    matches!(c as u32,
        0x4E00..=0x9FFF
        | 0x3400..=0x4DBF
        | 0x20000..=0x2A6DF
        | 0x2A700..=0x2CEAF
        | 0xF900..=0xFAFF
        | 0x2F800..=0x2FA1F)
}

/// Splits `token` into the tokens the Han split makes of it, in order.
pub(super) fn split(
    token: &[char],
    emit: &mut impl FnMut(&[char]) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut start = 0;
    for (i, &c) in token.iter().enumerate() {
        let han = is_han(c);
        if han || pyunicode::is_space(c) {
            if start < i {
                emit(token.get(start..i).unwrap_or(&[]))?;
            }
            if han {
                emit(token.get(i..=i).unwrap_or(&[]))?;
            }
            start = i + 1;
        }
    }
    if start < token.len() {
        emit(token.get(start..).unwrap_or(&[]))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_han_split() {
        let t: Vec<char> = "ab中国cd\u{3042}日".chars().collect();
        let mut out: Vec<String> = Vec::new();
        split(&t, &mut |s| {
            out.push(s.iter().collect());
            Ok(())
        })
        .unwrap();
        assert_eq!(out, ["ab", "中", "国", "cd\u{3042}", "日"]);
        assert!(is_han('\u{2B820}') && !is_han('\u{30000}') && !is_han('\u{AC00}'));
    }
}
