#!/usr/bin/env bash
# Differential test of the Bengali, Turkish and Hindi stemmers (src/stem/{bengali,turkish,hindi}.rs)
# against the XL-Sum scorer's own stemmer objects, on words stems.jsonl does not hold:
#   1. a Python venv (target/venv-stems-other, created if missing) with TurkishStemmer==1.3,
#      nltk==3.10.4 (multilingual_rouge/stemmers.py imports it) and multilingual-rouge==0.0.1
#      (--no-deps: the stemmers need nothing else of it), plus the Bengali rules the 0.0.1 wheel
#      lacks (src/stem/data/bengali_stemmer/common.rules, copied into the installed package);
#   2. tests/diff/stems_other.py writes about 10,600 generated words (fixed seed) with the
#      reference stems to target/diff/stems_other.jsonl, twice under different PYTHONHASHSEED
#      values, which must give the same file (TurkishStemmer's choice among a set's stems must
#      not depend on the hash seed: src/stem/turkish.rs);
#   3. gen_bengali_rules.py must read rules as the scorer's RafiStemmerRuleParser does, and the
#      generated tables must be what src/stem/data/gen_{bengali_rules,turkish_words}.py make;
#   4. tests/diff_stems_other.rs compares every stem, and the Turkish unit test compares the
#      port's transition queue with TurkishStemmer's deques word by word.
# The last line is `diff-stems-other: N passed, M failed`; the exit status is non-zero on any
# mismatch. Env: ROUGE_STEMS_OTHER_WORDS (words per language, default 4000).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=target/venv-stems-other
py=$venv/bin/python
if ! "$py" -c 'import TurkishStemmer, nltk, multilingual_rouge' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check TurkishStemmer==1.3 nltk==3.10.4
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps multilingual-rouge==0.0.1
fi
pkg=$("$py" -c 'import multilingual_rouge, os; print(os.path.dirname(multilingual_rouge.__file__))')
cp src/stem/data/bengali_stemmer/common.rules "$pkg/bengali_stemmer/common.rules"
echo "diff: multilingual-rouge $("$py" -c 'import importlib.metadata as m; print(m.version("multilingual-rouge"))'), TurkishStemmer $("$py" -c 'import importlib.metadata as m; print(m.version("TurkishStemmer"))')"

# The generator's reading of common.rules must be the scorer's parser's, on the file and on
# rules-language corner cases (two `->`, `X->`, a rule outside a group, a nested `{`, overrides).
"$py" - <<'PY'
import sys
sys.path.insert(0, "src/stem/data")
import gen_bengali_rules as gen
from multilingual_rouge.bengali_stemmer.parser import RafiStemmerRuleParser
texts = [open("src/stem/data/bengali_stemmer/common.rules", "rb").read().decode("utf-8"),
         "a->b\n{\n x -> y # c\n a\n p->q->r\n z->\n {\n\u3000w\u00a0v\n}\nx->yy\n{\nx\n#}\n}\n"]
for text in texts:
    ref = RafiStemmerRuleParser(text)
    assert gen.parse(text) == (ref.groups, ref.replace_rules), (gen.parse(text), ref.groups, ref.replace_rules)
print("diff: gen_bengali_rules.py reads the rules as RafiStemmerRuleParser does")
PY
python3 src/stem/data/gen_bengali_rules.py --check \
  || { echo "src/stem/bengali/rules.rs is stale: run python3 src/stem/data/gen_bengali_rules.py"; exit 1; }
python3 src/stem/data/gen_turkish_words.py --check \
  || { echo "src/stem/turkish/words.rs is stale: run python3 src/stem/data/gen_turkish_words.py"; exit 1; }

out=target/diff/stems_other.jsonl
n=${ROUGE_STEMS_OTHER_WORDS:-4000}
PYTHONHASHSEED=0 "$py" tests/diff/stems_other.py --out "$out" --per-language "$n"
PYTHONHASHSEED=12345 "$py" tests/diff/stems_other.py --out "$out.seed2" --per-language "$n"
cmp "$out" "$out.seed2" || { echo "diff: the reference stems depend on PYTHONHASHSEED"; exit 1; }
rm -f "$out.seed2"
export ROUGE_STEMS_OTHER_FILE=$PWD/$out
cargo test --quiet --release --lib stem::turkish::tests::test_queue_follows_the_reference_deque
cargo test --quiet --release --test diff_stems_other
