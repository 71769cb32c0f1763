#!/usr/bin/env bash
# End-to-end tests of `rouge`, the command-line scorer of examples-c:
#
#   make -C examples-c test                          (builds everything first)
#   examples-c/tests/run.sh PATH/TO/rouge            ROUGE_CLI_ASAN=PATH/TO/rouge_asan adds the
#                                                    ASan+UBSan runs
#
# What is checked: the bundled sample against rouge-score's own numbers; the three input layouts
# (line files, JSON Lines, pyrouge directories) give identical numbers; per-pair values equal the
# conformance data (rouge-score to 1e-9, with and without --stem; ROUGE-1.5.5 as printed, 5
# decimals, in --flavour perl, with and without -m), which comes from running those tools, not
# from librouge; the Unicode tokeniser scores Chinese; the corpus summary: in --flavour perl the
# Average lines and 95% intervals ROUGE-1.5.5 printed for ../shared's corpus case, in the
# rouge-score flavour the low/mid/high of rouge-score's own BootstrapAggregator; the summary
# agrees with the table; output behaviour (--output, --summary-only, stdin, seeds, escapes,
# progress bar); every error path (exit status, one line on stderr naming file and line, nothing
# on stdout), invalid UTF-8 and NUL included; no valgrind or sanitizer error on a set of runs,
# errors included. The last line is "cli: N passed, M failed".
#
# Needs python3 (tests/cases.py) and valgrind, and for rouge-score's BootstrapAggregator the venv
# target/venv with rouge-score 0.1.2, the one tests/diff/run.sh uses (created from PyPI the same
# way when missing; if that fails, those checks fail and say so). The real texts come from
# ../shared/conformance (ROUGE_SHARED_DIR overrides ..); without it those tests are skipped, or
# fail under CI=true.
set -uo pipefail

[ $# = 1 ] || { echo "usage: $0 PATH/TO/rouge" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
EX=$(dirname "$HERE")
ROOT=$(dirname "$EX")
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ASAN=${ROUGE_CLI_ASAN:-}
SHARED=${ROUGE_SHARED_DIR:-$ROOT/../shared}/conformance
VENDORED=$ROOT/tests/conformance
CASES=(python3 "$HERE/cases.py")
T=$(mktemp -d "${TMPDIR:-/tmp}/rouge-cli-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1

passed=0 failed=0 skipped=0
pass() { passed=$((passed + 1)); echo "ok    $1"; }
fail() {
  failed=$((failed + 1)); echo "FAIL  $1"; shift
  local line; for line in "$@"; do printf '      %s\n' "$line"; done
}
skip() { skipped=$((skipped + 1)); echo "skip  $1"; }
# check NAME COMMAND...: passes when the command succeeds; its output explains a failure.
check() {
  local name=$1; shift
  if "$@" >check.log 2>&1; then pass "$name"; else fail "$name" "$(head -c 2000 check.log)"; fi
}
# run COMMAND...: stdout in out.txt, stderr in err.txt, exit status in $rc.
run() { "$@" >out.txt 2>err.txt; rc=$?; }
# ran_ok NAME: the last run exited 0 with nothing on stderr (except the sample's note).
ran_ok() {
  if [ "$rc" = 0 ] && ! grep -v 'scoring the sample' err.txt | grep -q .; then return 0; fi
  fail "$1" "exit $rc" "$(head -c 1000 err.txt)"; return 1
}

# ---- inputs ------------------------------------------------------------------------------------

S=$EX/sample
head -n 3 "$S/candidates.txt" >c.txt
head -n 3 "$S/references.txt" >r.txt
mkdir -p sp/system sp/model # the sample in the pyrouge layout, pyrouge's README naming
for i in 1 2 3; do
  sed -n "${i}p" "$S/candidates.txt" >"sp/system/sample.$i.txt"
  sed -n "${i}p" "$S/references.txt" >"sp/model/sample.A.$i.txt"
done
SP=(--system-dir sp/system --model-dir sp/model --system-pattern 'sample.(\d+).txt' --model-pattern 'sample.[A-Z].#ID#.txt')
"${CASES[@]}" gen sample "$VENDORED/pltrdy_rouge_score.jsonl" sample 3 || { echo "cannot read the vendored cases"; exit 1; }

# ---- the sample --------------------------------------------------------------------------------

run "$BIN"
if ran_ok "sample: rouge with no arguments"; then
  pass "sample: rouge with no arguments"
  check "sample: CSV table equals rouge-score 0.1.2 (pltrdy pairs, 1e-9)" "${CASES[@]}" cmp-csv out.txt sample/expected.json
  check "sample: stderr says the sample is scored" grep -q "scoring the sample in $S" err.txt
  check "sample: summary follows the table after a blank line" grep -qx '3 pairs, rouge-score flavour, best F over references; bootstrap 1000 resamples, seed 0, 95% interval' out.txt
fi
run "$BIN" --format jsonl --output sample.jsonl
if ran_ok "sample: summary agrees with the table"; then
  check "sample: summary agrees with the table (means, pooled counts, low <= mid <= high)" "${CASES[@]}" summary sample.jsonl out.txt rouge-score
fi
run "$BIN" --format jsonl --output s1.jsonl "$S/candidates.txt" "$S/references.txt" && ran_ok "sample files" &&
  run "$BIN" --format jsonl --output s2.jsonl --jsonl "$S/sample.jsonl" && ran_ok "sample.jsonl" &&
  run "$BIN" --format jsonl --output s3.jsonl "${SP[@]}" && ran_ok "sample pyrouge" &&
  check "sample: line files, JSON Lines and pyrouge layout give identical numbers" \
    bash -c "${CASES[*]} same s1.jsonl s2.jsonl && ${CASES[*]} same s1.jsonl s3.jsonl"
"${CASES[@]}" gen samplep "$VENDORED/pltrdy_rouge155.jsonl" 'perl:pltrdy-:base|stem=False|f=A' 3 || exit 1
run "$BIN" --flavour perl --output p.jsonl --format jsonl \
  --metrics ROUGE-1,ROUGE-2,ROUGE-3,ROUGE-4,ROUGE-L,ROUGE-W-1.2,ROUGE-S4,ROUGE-SU4 "$S/candidates.txt" "$S/references.txt"
if ran_ok "sample --flavour perl"; then
  check "sample --flavour perl: values print as ROUGE-1.5.5 prints them (pltrdy pairs)" "${CASES[@]}" cmp-perl p.jsonl samplep/expected.json
  check "sample --flavour perl: summary agrees with the table (Average_R/P/F, counts)" "${CASES[@]}" summary p.jsonl out.txt perl
fi

# ---- conformance: rouge-score, three layouts ----------------------------------------------------

METRICS=rouge1,rouge2,rouge3,rouge4,rougeL,rougeLsum
layouts() { # layouts GROUP HAS_LINE_FILES [OPTION...]: runs every layout of GROUP, compares to rouge-score and each other
  local g=$1 line=$2 outs=() o; shift 2
  if [ "$line" = 1 ]; then
    run "$BIN" "$@" --metrics $METRICS --format jsonl --output "$g.line.jsonl" --sentence-sep '<q>' \
      "$g/cand.txt" "$g"/ref*.txt && ran_ok "$g: line files" && outs+=("$g.line.jsonl")
  fi
  run "$BIN" "$@" --metrics $METRICS --format jsonl --output "$g.json.jsonl" --jsonl "$g/pairs.jsonl" &&
    ran_ok "$g: JSON Lines" && outs+=("$g.json.jsonl")
  run "$BIN" "$@" --metrics $METRICS --format jsonl --output "$g.py1.jsonl" --system-dir "$g/system" \
    --model-dir "$g/model" --system-pattern '#ID#.txt' --model-pattern '#ID#.[A-Z].txt' &&
    ran_ok "$g: pyrouge layout (#ID#)" && outs+=("$g.py1.jsonl")
  run "$BIN" "$@" --metrics $METRICS --format jsonl --output "$g.py2.jsonl" --system-dir "$g/system" \
    --model-dir "$g/model" --system-pattern '(\d+)\.txt' --model-pattern '#ID#\.[A-D]\.txt' &&
    ran_ok "$g: pyrouge layout (regex group)" && outs+=("$g.py2.jsonl")
  for o in "${outs[@]}"; do
    check "$g: ${o#"$g".} equals rouge-score 0.1.2 (1e-9)" "${CASES[@]}" cmp-score "$o" "$g/expected.json"
  done
  for o in "${outs[@]:1}"; do
    check "$g: ${o#"$g".} gives the numbers of ${outs[0]#"$g".}" "${CASES[@]}" same "${outs[0]}" "$o"
  done
}
if [ -f "$SHARED/real_rouge_score.jsonl" ]; then
  "${CASES[@]}" gen en4 "$SHARED/real_rouge_score.jsonl" en4 6 && layouts en4 1   # DUC 2004, 4 references
  "${CASES[@]}" gen de1 "$SHARED/real_rouge_score.jsonl" de1 6 && layouts de1 1   # German: \u escapes
  "${CASES[@]}" gen mixed "$SHARED/real_rouge_score.jsonl" mixed 6 && layouts mixed 0 # 1 to 4 references
  # --stem: rouge-score's use_stemmer=True values (NLTK's Porter stemmer)
  "${CASES[@]}" gen en4-stem "$SHARED/real_rouge_score.jsonl" en4+stem 6 && layouts en4-stem 1 --stem
  "${CASES[@]}" gen de1-stem "$SHARED/real_rouge_score.jsonl" de1+stem 3 && layouts de1-stem 1 --stem
  # --tokenizer unicode: Chinese, which rouge-score's tokenizer (and ROUGE-1.5.5's) reduce to nothing
  if "${CASES[@]}" gen zh "$SHARED/real_rouge_score.jsonl" zh 3; then
    run "$BIN" --tokenizer unicode --metrics rouge1,rouge2,rougeL --format jsonl --output zh.uni.jsonl --jsonl zh/pairs.jsonl
    ran_ok "--tokenizer unicode (Chinese)" &&
      check "--tokenizer unicode: Chinese pairs get non-zero ROUGE-1, ROUGE-2 and ROUGE-L" \
        bash -c "${CASES[*]} fmeasure zh.uni.jsonl rouge1 positive && ${CASES[*]} fmeasure zh.uni.jsonl rouge2 positive && ${CASES[*]} fmeasure zh.uni.jsonl rougeL positive"
    run "$BIN" --metrics rouge1 --format jsonl --output zh.rs.jsonl zh/cand.txt zh/ref1.txt
    ran_ok "rouge-score tokenizer (Chinese)" &&
      check "--tokenizer rouge-score: the same Chinese pairs share no word (as rouge-score finds)" "${CASES[@]}" fmeasure zh.rs.jsonl rouge1 zero
  fi
else
  [ "${CI:-}" = true ] && fail "conformance: $SHARED missing (CI=true)" || skip "conformance: $SHARED missing"
fi

# ---- --tokenizer xlsum: the XL-Sum scorer's values (../shared/multilingual/cases.jsonl, float.hex) --
ML=${ROUGE_SHARED_DIR:-$ROOT/../shared}/multilingual/cases.jsonl
if [ -f "$ML" ]; then
  XL=(--tokenizer xlsum --metrics rouge1,rouge2,rougeL,rougeLsum --format jsonl --bootstrap 0)
  # LANG STEM N: stemmed Bengali (RafiStemmer), Russian and Arabic (NLTK's Snowball), the fork's
  # aliases, Burmese (syllables), lang=None (pyonmttok and NLTK's Porter), and names the fork
  # accepts silently: English and Chinese (unknown, case-sensitive: pyonmttok and no stemmer even
  # with --stem), porter (lang=None).
  for set in "bengali 1 12" "russian 1 12" "bangla 1 12" "arabic 1 12" "burmese 0 12" "none 1 12" "german 1 6" "english 0 12" \
             "English 1 2" "Chinese 1 2" "porter 1 4"; do
    read -r lang stem n <<<"$set"
    d=xl-$lang-$stem
    args=("${XL[@]}"); [ "$lang" != none ] && args+=(--lang "$lang"); [ "$stem" = 1 ] && args+=(--stem)
    if "${CASES[@]}" gen-xlsum "$d" "$ML" "$lang" "$stem" "$n"; then
      run "$BIN" "${args[@]}" --output "$d/out.jsonl" --jsonl "$d/pairs.jsonl"
      ran_ok "--tokenizer xlsum --lang $lang (stem $stem)" &&
        check "--tokenizer xlsum --lang $lang (stem $stem): $n cases bit for bit as the XL-Sum scorer" \
          "${CASES[@]}" cmp-exact "$d/out.jsonl" "$d/expected.json"
    else
      fail "--tokenizer xlsum: cannot select the $lang cases of $ML"
    fi
  done
  # The languages the fork segments with jieba, fugashi or pythainlp: refused, with the reason.
  for lang in chinese chinese_simplified japanese thai; do
    run "$BIN" "${XL[@]}" --lang $lang --jsonl xl-bengali-1/pairs.jsonl
    check "--lang $lang: refused (exit 2, nothing on stdout, says the command has no segmenter)" \
      bash -c "[ $rc = 2 ] && [ ! -s out.txt ] && grep -q 'dictionary segmenter.*this command does not have' err.txt"
  done
  run "$BIN" --lang bengali --jsonl xl-bengali-1/pairs.jsonl
  check "--lang without --tokenizer xlsum: refused with the reason" \
    bash -c "[ $rc = 2 ] && [ ! -s out.txt ] && grep -q -- '--lang is XL-Sum.*--tokenizer xlsum' err.txt"
  run "$BIN" "${XL[@]}" --lang $'ben\xffgali' --jsonl xl-bengali-1/pairs.jsonl
  check "--lang with bytes that are not UTF-8: refused" bash -c "[ $rc = 2 ] && [ ! -s out.txt ] && grep -q . err.txt"
else
  [ "${CI:-}" = true ] && fail "--tokenizer xlsum: $ML missing (CI=true)" || skip "--tokenizer xlsum: $ML missing"
fi

# ---- rouge-score-rs's tokenisers: the values of the rougers crate 0.2.1 -----------------------------
# (rougers::RougeScorer::with_tokenizer(.., Tokenizer::unicode() / character()).score(ref, cand))
printf '%s\n' "Привет, мир! Don't pay \$3.50 for e-mail." >uv1_c.txt
printf '%s\n' "привет мир, don't pay 3.50 dollars" >uv1_r.txt
run "$BIN" --tokenizer unicode-v1 --metrics rouge1,rouge2 --format jsonl --bootstrap 0 --output uv1.jsonl uv1_c.txt uv1_r.txt
ran_ok "--tokenizer unicode-v1" && check "--tokenizer unicode-v1: rougers' rouge1 and rouge2 F (0.7142857142857143, 0.6666666666666666)" \
  grep -q '"rouge1": {"precision": 0.625, "recall": 0.8333333333333334, "fmeasure": 0.7142857142857143,.*"rouge2": {"precision": 0.5714285714285714, "recall": 0.8, "fmeasure": 0.6666666666666666,' uv1.jsonl
printf '%s\n' "我爱北京天安门。" >cv1_c.txt && printf '%s\n' "我爱上海。" >cv1_r.txt
run "$BIN" --tokenizer character-v1 --metrics rouge1,rouge2 --format jsonl --bootstrap 0 --output cv1.jsonl cv1_c.txt cv1_r.txt
ran_ok "--tokenizer character-v1" && check "--tokenizer character-v1: rougers' rouge1 and rouge2 F (0.36363636363636365, 0.2222222222222222)" \
  grep -q '"rouge1": {"precision": 0.2857142857142857, "recall": 0.5, "fmeasure": 0.36363636363636365,.*"rouge2": {"precision": 0.16666666666666666, "recall": 0.3333333333333333, "fmeasure": 0.2222222222222222,' cv1.jsonl

# ---- conformance: ROUGE-1.5.5 in --flavour perl --------------------------------------------------

if [ -f "$SHARED/real_rouge155.jsonl" ]; then
  BASE=ROUGE-1,ROUGE-2,ROUGE-3,ROUGE-4,ROUGE-L,ROUGE-W-1.2,ROUGE-S4,ROUGE-SU4
  # The last argument names the generated directory; the pyrouge layout reads it, --jsonl its pairs.jsonl.
  perl_layout() { local dir=$1; shift; "$BIN" "$@" --system-dir "$dir/system" --model-dir "$dir/model" --system-pattern '#ID#.txt' --model-pattern '#ID#.[A-Z].txt'; }
  perl_jsonl() { local dir=$1; shift; "$BIN" "$@" --jsonl "$dir/pairs.jsonl"; }
  perl_case2() { # perl_case2 SET METRICS READER EXTRA...
    local set=$1 metrics=$2 reader=$3 g; shift 3
    g=perl-${set//[|=]/-}
    "${CASES[@]}" gen "$g" "$SHARED/real_rouge155.jsonl" "perl:pyrouge-summaries_1-:$set" 6 || { fail "$g: no cases"; return; }
    run "$reader" "$g" --flavour perl --metrics "$metrics" --format jsonl --output "$g.jsonl" "$@"
    ran_ok "perl $set" || return
    check "perl $set: per-pair values print as ROUGE-1.5.5 prints them (6 pairs, 1-4 references)" \
      "${CASES[@]}" cmp-perl "$g.jsonl" "$g/expected.json"
    check "perl $set: summary agrees with the table" "${CASES[@]}" summary "$g.jsonl" out.txt perl
    run "$reader" "$g" --flavour perl --metrics "$metrics" --summary-only --bootstrap 0 "$@"
    ran_ok "perl $set --bootstrap 0" &&
      check "perl $set --bootstrap 0: Average is the mean of the table" "${CASES[@]}" summary "$g.jsonl" out.txt perl
  }
  perl_case2 'base|stem=False|f=A' "$BASE" perl_layout
  perl_case2 'base|stem=False|f=B' "$BASE" perl_jsonl --multi B
  perl_case2 'skipstar|stem=False|f=A' 'ROUGE-S*,ROUGE-SU*' perl_jsonl
  perl_case2 'skipstar|stem=False|f=B' 'ROUGE-S*,ROUGE-SU*' perl_layout --multi B
  # ROUGE-1.5.5 -m: its Porter variant and WordNet exceptions
  perl_case2 'base|stem=True|f=A' "$BASE" perl_layout --tokenizer perl --stem
  perl_case2 'skipstar|stem=True|f=B' 'ROUGE-S*,ROUGE-SU*' perl_jsonl --multi B --stem
else
  [ "${CI:-}" = true ] && fail "perl: $SHARED missing (CI=true)" || skip "perl: $SHARED missing"
fi

# ---- the corpus summary: ROUGE-1.5.5's averages and intervals, rouge-score's bootstrap ------------

if [ -f "$SHARED/corpus_rouge155.jsonl" ] && [ -f "$SHARED/real_rouge155.jsonl" ]; then
  # 121 pairs, 1 to 4 references, as ROUGE-1.5.5 -a -c 95 -r 1000 -f A -p 0.5 -n 4 -w 1.2 -2 4 -U
  # averaged them; gen-corpus numbers them so that the command resamples them in Perl's order.
  if "${CASES[@]}" gen-corpus corpus "$SHARED/corpus_rouge155.jsonl" "$SHARED/real_rouge155.jsonl"; then
    CM=$(cat corpus/metrics.txt)
    run "$BIN" --flavour perl --multi A --metrics "$CM" --summary-only --system-dir corpus/system \
      --model-dir corpus/model --system-pattern '#ID#.txt' --model-pattern '#ID#.[A-Z].txt'
    ran_ok "perl corpus, pyrouge layout" && cp out.txt corpus.py.txt &&
      check "perl corpus (121 pairs, pyrouge layout): Average_R/P/F and 95% intervals as ROUGE-1.5.5 printed them" \
        "${CASES[@]}" cmp-lines corpus/expected.txt corpus.py.txt
    run "$BIN" --flavour perl --multi A --metrics "$CM" --summary-only --jsonl corpus/pairs.jsonl
    ran_ok "perl corpus, JSON Lines" &&
      check "perl corpus, JSON Lines in the same order: the same summary" cmp out.txt corpus.py.txt
    run "$BIN" --flavour perl --multi A --metrics "$CM" --summary-only --seed 1 --jsonl corpus/pairs.jsonl
    ran_ok "perl corpus --seed 1" &&
      check "perl corpus --seed 1: other intervals" bash -c "! ${CASES[*]} cmp-lines corpus/expected.txt out.txt >/dev/null"
  else
    fail "perl corpus: cannot build the input from $SHARED"
  fi
else
  [ "${CI:-}" = true ] && fail "perl corpus: $SHARED missing (CI=true)" || skip "perl corpus: $SHARED missing"
fi

# rouge-score's BootstrapAggregator itself, in target/venv (made as tests/diff/run.sh makes it).
VENV=$ROOT/target/venv
rouge_score_python() {
  "$VENV/bin/python" -c 'import rouge_score, nltk, numpy' 2>/dev/null && return 0
  { python3 -m venv "$VENV" &&
      "$VENV/bin/pip" install --quiet --disable-pip-version-check rouge-score==0.1.2 nltk==3.10.4; } >venv.log 2>&1 &&
    "$VENV/bin/python" -c 'import rouge_score, nltk, numpy' 2>>venv.log
}
# bootstrap_rs NAME PAIRS.jsonl METRICS SEED SAMPLES CONFIDENCE: the command's summary lines equal rouge-score's
bootstrap_rs() {
  local name=$1 pairs=$2 metrics=$3 seed=$4 samples=$5 confidence=$6
  run "$BIN" --summary-only --metrics "$metrics" --seed "$seed" --bootstrap "$samples" --confidence "$confidence" --jsonl "$pairs"
  ran_ok "rouge-score bootstrap: $name" || return
  if "$VENV/bin/python" "$HERE/cases.py" rouge-score-bootstrap "$pairs" "$metrics" "$seed" "$samples" "$confidence" >rs.txt 2>rs.err; then
    check "rouge-score bootstrap: $name: low/mid/high equal rouge-score's BootstrapAggregator" "${CASES[@]}" cmp-lines rs.txt out.txt
  else
    fail "rouge-score bootstrap: $name: rouge-score failed" "$(head -c 1000 rs.err)"
  fi
}
if rouge_score_python; then
  bootstrap_rs "sample, defaults (seed 0, 1000 resamples, 95%)" "$S/sample.jsonl" rouge1,rouge2,rougeL,rougeLsum 0 1000 0.95
  if [ -f en4/pairs.jsonl ]; then
    bootstrap_rs "6 pairs x 4 references, seed 42, 500 resamples, 90%" en4/pairs.jsonl rouge1,rouge4,rougeLsum,rougeL,rouge2 42 500 0.9
    bootstrap_rs "1 to 4 references, seed 4294967295" mixed/pairs.jsonl rougeLsum,rouge1 4294967295 200 0.5
  fi
else
  fail "rouge-score bootstrap: no Python with rouge-score 0.1.2 in $VENV: creating it (python3 -m venv, then pip install rouge-score==0.1.2 nltk==3.10.4) failed; is PyPI reachable?" \
    "$(tail -n 5 venv.log 2>/dev/null)"
fi

# ---- output behaviour ---------------------------------------------------------------------------

run "$BIN" --output table.csv c.txt r.txt
if ran_ok "--output"; then
  check "--output: stdout holds only the summary" bash -c "head -n 1 out.txt | grep -q '^3 pairs' && ! grep -q '^id,' out.txt"
  check "--output: the file holds the header and 3 rows" bash -c "[ \$(wc -l <table.csv) = 4 ] && head -n 1 table.csv | grep -q '^id,rouge1_precision,'"
  check "--output: no temporary file left" bash -c "! ls -a | grep -q 'table.csv.tmp'"
fi
run "$BIN" --summary-only c.txt r.txt
ran_ok "--summary-only" && check "--summary-only: no table" bash -c "! grep -q '^id,' out.txt && grep -q '^rouge1: ' out.txt"
run "$BIN" --seed 7 c.txt r.txt && cp out.txt seed7a.txt && run "$BIN" --seed 7 c.txt r.txt && cp out.txt seed7b.txt &&
  run "$BIN" --seed 8 c.txt r.txt && cp out.txt seed8.txt
check "--seed: the same seed gives the same output" cmp seed7a.txt seed7b.txt
check "--seed: another seed other intervals" bash -c "! cmp -s seed7a.txt seed8.txt"
run "$BIN" --bootstrap 0 --summary-only c.txt r.txt
ran_ok "--bootstrap 0" && check "--bootstrap 0: no interval lines" bash -c "! grep -q ' low P' out.txt && grep -q 'no bootstrap' out.txt"
run "$BIN" --bootstrap 0 --summary-only --flavour perl c.txt r.txt
ran_ok "--bootstrap 0 perl" && check "--bootstrap 0 --flavour perl: Average lines without interval" bash -c "grep -qx '1 ROUGE-1 Average_R: 0.21223' out.txt && ! grep -q conf.int out.txt"
run "$BIN" --summary-only --flavour perl --confidence 0.9 c.txt r.txt
ran_ok "--confidence" && check "--confidence 0.9: 90%-conf.int." grep -Eq '^1 ROUGE-1 Average_R: 0\.[0-9]{5} \(90%-conf\.int\. 0\.[0-9]{5} - 0\.[0-9]{5}\)$' out.txt
run "$BIN" --version
check "--version" bash -c "[ $rc = 0 ] && grep -Eq '^rouge [0-9]+\.[0-9]+\.[0-9]+ \(librouge [0-9.]+, ABI [0-9]+\)$' out.txt"
run "$BIN" -h
check "-h: usage on stdout, exit 0" bash -c "[ $rc = 0 ] && grep -q '^usage: rouge' out.txt && grep -q -- '--sentence-sep' out.txt && [ ! -s err.txt ]"
run "$BIN" --format jsonl --output stdin.jsonl --jsonl - <"$S/sample.jsonl"
ran_ok "--jsonl -" && check "--jsonl - reads stdin" "${CASES[@]}" same stdin.jsonl s2.jsonl
sed 's/$/\r/' c.txt >crlf_c.txt && sed 's/$/\r/' r.txt >crlf_r.txt
run "$BIN" --format jsonl --output crlf.jsonl crlf_c.txt crlf_r.txt
ran_ok "CRLF" && check "CRLF line ends: the numbers of LF" "${CASES[@]}" same crlf.jsonl s1.jsonl
printf '%s\n' 'the cat sat on the mat' '' 'a b c' >e_c.txt && printf '%s\n' 'the cat sat' 'some reference' '' >e_r.txt
run "$BIN" --format jsonl --output empty.jsonl --bootstrap 10 e_c.txt e_r.txt
ran_ok "empty summaries" && check "empty candidate or reference scores 0, not an error" \
  bash -c "sed -n 2p empty.jsonl | grep -q '\"rouge1\": {\"precision\": 0, \"recall\": 0, \"fmeasure\": 0, \"hit\": 0, \"reference_total\": 2, \"candidate_total\": 0}' && sed -n 3p empty.jsonl | grep -q '\"recall\": 0,'"

# JSON escapes: \uXXXX, a surrogate pair, every short escape, ignored keys of every type.
cat >esc.jsonl <<'EOF'
{"id": "caf\u00e9 \ud83d\ude00", "candidate": "The cat\u0020sat on the mat.\nIt was \"happy\".", "references": "A cat sat on a mat.\nIt was happy.", "x": {"n": [1, -2.5e3, 0.5E+2, true, false, null, {}, []], "s": "\\\/\b\f\r\t"}}

  {"references": ["One\u00A0two three.", "one two\nthree"], "candidate": "one two three", "id": 42}
EOF
printf '%s\n' 'The cat sat on the mat.<q>It was "happy".' 'one two three' >esc_c.txt
printf '%s\n' 'A cat sat on a mat.<q>It was happy.' 'One two three.' >esc_r1.txt
printf '%s\n' 'A cat sat on a mat.<q>It was happy.' 'one two<q>three' >esc_r2.txt
run "$BIN" --format jsonl --output esc.out.jsonl --jsonl esc.jsonl
if ran_ok "JSON escapes"; then
  run "$BIN" --format jsonl --output esc.ref.jsonl --sentence-sep '<q>' esc_c.txt esc_r1.txt esc_r2.txt
  check "JSON escapes: texts decode to the line files' numbers (blank line skipped)" "${CASES[@]}" same esc.out.jsonl esc.ref.jsonl
  check "JSON escapes: \\u00e9 and a surrogate pair decode to UTF-8 (id written back)" \
    grep -q '^{"id": "café 😀", ' esc.out.jsonl
  run "$BIN" --jsonl esc.jsonl
  check "CSV: ids as written, a numeric id as its digits" bash -c "grep -q '^café 😀,' out.txt && grep -q '^42,' out.txt"
fi
printf '%s\n' '{"id": "a,\"b\"", "candidate": "x", "references": ["x"]}' >quote.jsonl
run "$BIN" --jsonl quote.jsonl
check "CSV: an id with a comma and quotes is quoted" grep -q '^"a,""b""",1,1,1,1,1,1,' out.txt

# The progress bar: on a terminal for more than 1000 pairs, never with --no-progress.
for i in $(seq 400); do cat c.txt; done >big_c.txt
for i in $(seq 400); do cat r.txt; done >big_r.txt
if command -v script >/dev/null 2>&1; then
  script -qec "'$BIN' --summary-only --bootstrap 10 big_c.txt big_r.txt" /dev/null >pty.txt 2>&1
  check "progress bar on a terminal (1200 pairs)" grep -q 'scoring \[' pty.txt
  script -qec "'$BIN' --summary-only --bootstrap 10 --no-progress big_c.txt big_r.txt" /dev/null >pty.txt 2>&1
  check "--no-progress: no bar" bash -c "! grep -q 'scoring \[' pty.txt && grep -q '^1200 pairs' pty.txt"
else
  fail "progress bar" "script(1) is missing: install util-linux (Debian: apt-get install bsdutils)"
fi
# On a terminal the table is aligned columns of P, R, F (five decimals) under each metric's name;
# to a pipe it stays CSV. The values are the CSV's, rounded.
if command -v script >/dev/null 2>&1; then
  script -qec "'$BIN' --metrics rouge1,rougeLsum --summary-only c.txt r.txt" /dev/null >/dev/null 2>&1
  script -qec "'$BIN' --metrics rouge1,rougeLsum c.txt r.txt" /dev/null | tr -d '\r' >tty_table.txt 2>&1
  "$BIN" --metrics rouge1,rougeLsum c.txt r.txt >pipe_table.txt 2>/dev/null
  check "terminal: aligned table header" grep -Eq '^pair +\| rouge1 +\| rougeLsum' tty_table.txt
  check "terminal: rows carry the CSV's scores with five decimals" bash -c '
    want=$(sed -n 2p pipe_table.txt | awk -F, "{printf \"%.5f %.5f %.5f %.5f %.5f %.5f\", \$2, \$3, \$4, \$8, \$9, \$10}")
    got=$(sed -n 3p tty_table.txt | tr -d "|" | awk "{print \$2, \$3, \$4, \$5, \$6, \$7}")
    [ -n "$want" ] && [ "$want" = "$got" ]'
  check "terminal: every row the same width" bash -c '[ $(sed -n "1,5p" tty_table.txt | grep -c "|") -ge 4 ] && [ $(awk "/\|/ {print length}" tty_table.txt | sort -u | wc -l) -le 2 ]'
  check "pipe: CSV header" grep -q '^id,rouge1_precision' pipe_table.txt
  script -qec "'$BIN' --format csv --metrics rouge1 c.txt r.txt" /dev/null | tr -d '\r' >tty_csv.txt
  check "terminal with --format csv: CSV" grep -q '^id,rouge1_precision' tty_csv.txt
else
  fail "terminal table" "script(1) is missing: install util-linux (Debian: apt-get install bsdutils)"
fi

run "$BIN" --summary-only --bootstrap 10 big_c.txt big_r.txt
check "no progress bar when stderr is not a terminal" bash -c "[ $rc = 0 ] && [ ! -s err.txt ]"

# The text options reach the library: stemming, ROUGE-1.5.5's limits.
echo 'the cats were running quickly' >sc.txt && echo 'a cat runs quick' >sr.txt
run "$BIN" --format jsonl --output stem.jsonl --bootstrap 0 --stem --metrics rouge1 sc.txt sr.txt
ran_ok "--stem" && check "--stem: 'cats were running' matches 'cat runs' (Porter)" grep -q '"hit": 2,' stem.jsonl
# ROUGE-1.5.5's -l N and -b N keep the first N fields or bytes of a one-line summary: the numbers of
# the summaries cut to that.
awk '{ line = ""; for (i = 1; i <= 5 && i <= NF; i++) line = line (i > 1 ? " " : "") $i; print line }' c.txt >c5w.txt
awk '{ line = ""; for (i = 1; i <= 5 && i <= NF; i++) line = line (i > 1 ? " " : "") $i; print line }' r.txt >r5w.txt
cut -b 1-20 c.txt >c20b.txt && cut -b 1-20 r.txt >r20b.txt
PM=ROUGE-1,ROUGE-2,ROUGE-L,ROUGE-W-1.2,ROUGE-SU4
run "$BIN" --format jsonl --output wl.jsonl --flavour perl --word-limit 5 --metrics $PM c.txt r.txt && ran_ok "--word-limit" &&
  run "$BIN" --format jsonl --output wl.ref.jsonl --flavour perl --metrics $PM c5w.txt r5w.txt && ran_ok "5 words" &&
  check "--word-limit 5: the numbers of the summaries' first 5 words" "${CASES[@]}" same wl.jsonl wl.ref.jsonl
run "$BIN" --format jsonl --output bl.jsonl --flavour perl --byte-limit 20 --metrics $PM c.txt r.txt && ran_ok "--byte-limit" &&
  run "$BIN" --format jsonl --output bl.ref.jsonl --flavour perl --metrics $PM c20b.txt r20b.txt && ran_ok "20 bytes" &&
  check "--byte-limit 20: the numbers of the summaries' first 20 bytes" "${CASES[@]}" same bl.jsonl bl.ref.jsonl
run "$BIN" --format jsonl --output sw0.jsonl --flavour perl --metrics ROUGE-1 c.txt r.txt &&
  run "$BIN" --format jsonl --output sw.jsonl --flavour perl --stopwords --metrics ROUGE-1 c.txt r.txt
ran_ok "--stopwords" && check "--stopwords: fewer words in every summary" \
  bash -c "${CASES[*]} fewer sw.jsonl sw0.jsonl ROUGE-1 candidate_total && ${CASES[*]} fewer sw.jsonl sw0.jsonl ROUGE-1 reference_total"

# ---- errors: exit status, one line on stderr, nothing on stdout ----------------------------------

# expect_error NAME STATUS REGEX ARGS...
expect_error() {
  local name=$1 want=$2 re=$3 why=(); shift 3
  run "$BIN" "$@"
  [ "$rc" = "$want" ] || why+=("exit $rc, expected $want")
  [ ! -s out.txt ] || why+=("stdout: $(head -c 300 out.txt)")
  [ "$(wc -l <err.txt)" = 1 ] || why+=("stderr has $(wc -l <err.txt) lines: $(head -c 500 err.txt)")
  grep -Eq -- "$re" err.txt || why+=("stderr: $(head -c 500 err.txt)" "expected: /$re/")
  if [ ${#why[@]} = 0 ]; then pass "error: $name"; else fail "error: $name" "${why[@]}"; fi
}
U=2 # a bad command line
I=1 # bad input
expect_error "unknown option" $U "^rouge: unknown option '--bogus' \(see rouge --help\)$" --bogus c.txt r.txt
expect_error "option without its value" $U "^rouge: option '--metrics' needs a value" c.txt r.txt --metrics
expect_error "value given to a flag" $U "^rouge: option '--stem' takes no value" --stem=yes c.txt r.txt
expect_error "unknown metric" $U "^rouge: --metrics: unknown metric 'rouge0'" --metrics rouge1,rouge0 c.txt r.txt
expect_error "empty metric name" $U "^rouge: --metrics: empty metric name" --metrics rouge1,,rouge2 c.txt r.txt
expect_error "metric twice" $U "^rouge: --metrics: 'ROUGE-1' is listed twice" --metrics rouge1,ROUGE-1 c.txt r.txt
expect_error "bad flavour" $U "^rouge: --flavour: 'rouge155' is not one of rouge-score\|perl" --flavour rouge155 c.txt r.txt
expect_error "bad policy" $U "^rouge: --multi: 'C' is not one of best-f\|A\|B" --multi C c.txt r.txt
expect_error "--alpha without perl" $U "^rouge: --alpha applies to --flavour perl only" --alpha 0.5 c.txt r.txt
expect_error "--no-round without perl" $U "^rouge: --no-round applies to --flavour perl only" --no-round c.txt r.txt
expect_error "--alpha out of range" $U "^rouge: --alpha: '1.5' is not a number in \[0, 1\]" --flavour perl --alpha 1.5 c.txt r.txt
expect_error "--alpha not a number" $U "^rouge: --alpha: 'half' is not a number" --flavour perl --alpha half c.txt r.txt
expect_error "--stopwords with rouge-score's tokenizer" $U "^rouge: --stopwords is ROUGE-1.5.5's -s: it needs --tokenizer perl \(not rouge-score\) \(see rouge --help\)$" --stopwords c.txt r.txt
expect_error "--stopwords with --flavour perl --tokenizer unicode" $U "^rouge: --stopwords is ROUGE-1.5.5's -s: it needs --tokenizer perl \(not unicode\)" --flavour perl --tokenizer unicode --stopwords c.txt r.txt
expect_error "--stem with rouge-score-rs's unicode-v1" $U "^rouge: --stem: rouge-score-rs's unicode-v1 tokenizer never stems" --tokenizer unicode-v1 --stem c.txt r.txt
expect_error "--word-limit with rouge-score's tokenizer" $U "^rouge: --word-limit is ROUGE-1.5.5's -l: it needs --tokenizer perl \(not rouge-score\)" --word-limit 100 c.txt r.txt
expect_error "--byte-limit with --tokenizer unicode" $U "^rouge: --byte-limit is ROUGE-1.5.5's -b: it needs --tokenizer perl \(not unicode\)" --tokenizer unicode --byte-limit 665 c.txt r.txt
expect_error "--word-limit not a number" $U "^rouge: --word-limit: 'ten' is not a whole number in 1\.\." --word-limit ten c.txt r.txt
expect_error "--byte-limit 0" $U "^rouge: --byte-limit: '0' is not a whole number in 1\.\." --byte-limit 0 c.txt r.txt
expect_error "both limits" $U "^rouge: --word-limit and --byte-limit exclude each other \(see rouge --help\)$" --word-limit 1 --byte-limit 1 c.txt r.txt
expect_error "both limits, perl" $U "^rouge: --word-limit and --byte-limit exclude each other" --flavour perl --word-limit 1 --byte-limit 1 c.txt r.txt
expect_error "bad tokenizer" $U "^rouge: --tokenizer: 'nltk' is not one of rouge-score\|perl\|unicode" --tokenizer nltk c.txt r.txt
expect_error "--bootstrap negative" $U "^rouge: --bootstrap: '-1' is not a whole number in 0\.\.100000" --bootstrap -1 c.txt r.txt
expect_error "--bootstrap too large" $U "^rouge: --bootstrap: '100001' is not a whole number" --bootstrap 100001 c.txt r.txt
expect_error "--seed not a number" $U "^rouge: --seed: 'x' is not a whole number" --seed x c.txt r.txt
expect_error "--seed above 2^32 - 1" $U "^rouge: --seed: '4294967296' is not a whole number in 0\.\.4294967295" --seed 4294967296 c.txt r.txt
expect_error "--confidence 1" $U "^rouge: --confidence: '1' is not a number in \(0, 1\)" --confidence 1 c.txt r.txt
expect_error "--confidence 95" $U "^rouge: --confidence: '95' is not a number in \(0, 1\)" --confidence 95 c.txt r.txt
expect_error "bad format" $U "^rouge: --format: 'xml' is not one of csv\|jsonl" --format xml c.txt r.txt
expect_error "--output with --summary-only" $U "^rouge: --output writes the per-pair table, which --summary-only leaves out" --output x.csv --summary-only c.txt r.txt
expect_error "candidates without references" $U "^rouge: 'c.txt' needs at least one REFERENCES file after it" c.txt
expect_error "two input layouts" $U "^rouge: give one input" --jsonl esc.jsonl c.txt r.txt
expect_error "pyrouge layout incomplete" $U "^rouge: the pyrouge layout needs .*; --model-dir is missing" --system-dir sp/system --system-pattern '#ID#' --model-pattern '#ID#'
expect_error "model pattern without #ID#" $U "^rouge: --model-pattern 'x.txt' has no #ID#" --system-dir sp/system --model-dir sp/model --system-pattern '#ID#' --model-pattern 'x.txt'
expect_error "empty sentence separator" $U "^rouge: --sentence-sep needs a non-empty string" --sentence-sep '' c.txt r.txt
expect_error "missing file" $I "^rouge: nope.txt: cannot open: No such file or directory$" c.txt nope.txt
mkdir -p adir
expect_error "unreadable file (a directory)" $I "^rouge: adir: cannot read: Is a directory$" adir r.txt
head -n 2 r.txt >r2.txt && cat r.txt c.txt >r6.txt && : >empty.txt
expect_error "references with fewer lines" $I "^rouge: r2.txt:3: expected 3 lines like c.txt, found 2$" c.txt r.txt r2.txt
expect_error "references with more lines" $I "^rouge: r6.txt:4: expected 3 lines like c.txt, found 6$" c.txt r6.txt
expect_error "empty candidates file" $I "^rouge: empty.txt: no summaries \(the file is empty\)$" empty.txt r.txt
jerr() { # jerr NAME REGEX LINE...: a JSON Lines file with these lines must fail with REGEX
  local name=$1 re=$2; shift 2
  printf '%s\n' "$@" >bad.jsonl
  expect_error "JSON: $name" $I "$re" --jsonl bad.jsonl
}
OK='{"candidate": "a b", "references": ["a"]}'
jerr "unterminated object" "^rouge: bad.jsonl:2: invalid JSON at column 39: expected ',' or '}'$" "$OK" '{"candidate": "a", "references": ["b"]'
jerr "not an object" "^rouge: bad.jsonl:1: invalid JSON at column 1: expected a JSON object" '["a", ["b"]]'
jerr "text after the object" "^rouge: bad.jsonl:1: invalid JSON at column 43: more after the object" "$OK x"
jerr "no candidate" "^rouge: bad.jsonl:3: no \"candidate\" \(a string\) in the record$" "$OK" "$OK" '{"references": ["a"]}'
jerr "no references" "^rouge: bad.jsonl:1: no \"references\" \(a list of strings\) in the record$" '{"candidate": "a"}'
jerr "candidate not a string" "^rouge: bad.jsonl:1: invalid JSON at column 15: \"candidate\" must be a string$" '{"candidate": 1, "references": ["a"]}'
jerr "references of numbers" "^rouge: bad.jsonl:1: invalid JSON at column 35: \"references\" must be a list of strings$" '{"candidate": "a", "references": [1]}'
jerr "empty references" "^rouge: bad.jsonl:1: invalid JSON at column 35: \"references\" is empty" '{"candidate": "a", "references": []}'
jerr "bad escape" "^rouge: bad.jsonl:1: invalid JSON at column 17: invalid escape in a string$" '{"candidate": "a\q", "references": ["a"]}'
jerr "bad \\u escape" "^rouge: bad.jsonl:1: invalid JSON at column 17: \\\\u needs four hex digits$" '{"candidate": "a\u12g4", "references": ["a"]}'
jerr "lone high surrogate" "^rouge: bad.jsonl:1: invalid JSON at column 17: high surrogate in a \\\\u escape not followed by a low surrogate$" '{"candidate": "a\ud83d", "references": ["a"]}'
jerr "lone low surrogate" "^rouge: bad.jsonl:1: invalid JSON at column 17: unpaired low surrogate" '{"candidate": "a\ude00", "references": ["a"]}'
jerr "raw control character" "^rouge: bad.jsonl:1: invalid JSON at column 17: control character in a string" "$(printf '{"candidate": "a\tb", "references": ["a"]}')"
jerr "unterminated string" "^rouge: bad.jsonl:1: invalid JSON at column 37: unterminated string$" '{"candidate": "a", "references": ["a'
jerr "bad number" "^rouge: bad.jsonl:1: invalid JSON at column 7: invalid number \\(leading zero\\)$" '{"x": 01, "candidate": "a", "references": ["a"]}'
jerr "bad literal" "^rouge: bad.jsonl:1: invalid JSON at column 7: unexpected character$" '{"x": nul, "candidate": "a", "references": ["a"]}'
jerr "nested too deeply" "^rouge: bad.jsonl:1: invalid JSON at column [0-9]+: nested too deeply$" "{\"x\": $(printf '[%.0s' $(seq 300))"
jerr "no records" "^rouge: bad.jsonl: no records \(expected one JSON object per line\)$" '' '   '
expect_error "pyrouge: no system directory" $I "^rouge: nodir: cannot open directory: No such file or directory$" --system-dir nodir --model-dir sp/model --system-pattern '#ID#' --model-pattern '#ID#'
expect_error "pyrouge: no system file matches" $I "^rouge: sp/system: no file name matches --system-pattern 'x\.\(\\\\d\+\)\.txt'$" --system-dir sp/system --model-dir sp/model --system-pattern 'x.(\d+).txt' --model-pattern '#ID#'
expect_error "pyrouge: no model for an ID" $I "^rouge: sp/model: no model summary for ID '1' of sp/system/sample.1.txt \(--model-pattern 'sample.#ID#.txt'\)$" --system-dir sp/system --model-dir sp/model --system-pattern 'sample.(\d+).txt' --model-pattern 'sample.#ID#.txt'
expect_error "pyrouge: invalid pattern" $I "^rouge: --system-pattern: invalid pattern 'sample.\(\\\\d\+.txt': " --system-dir sp/system --model-dir sp/model --system-pattern 'sample.(\d+.txt' --model-pattern '#ID#'
expect_error "pyrouge: pattern names no ID" $I "^rouge: --system-pattern: 'sample.1.txt' names no ID: use #ID# or a \(group\)$" --system-dir sp/system --model-dir sp/model --system-pattern 'sample.1.txt' --model-pattern '#ID#'
# Texts the library would refuse (not UTF-8, or a NUL): named by file, line and column.
printf 'first line\ncaf\xc3 au lait\nthird line\n' >bad_r.txt
printf 'one\ntwo\nth\0ree\n' >nul_c.txt
printf '\xed\xa0\x80 surrogate\n' >sur_c.txt && printf 'x\n' >sur_r.txt
printf 'a \xf0\x9f\x98\x80 b\n' >emoji_c.txt && printf 'a b\n' >emoji_r.txt
mkdir -p spb/system spb/model && cp sp/system/sample.1.txt spb/system/ &&
  printf 'good sentence\nbad \xe2\x82 sentence\n' >spb/model/sample.A.1.txt
SPB=(--system-dir spb/system --model-dir spb/model --system-pattern 'sample.(\d+).txt' --model-pattern 'sample.[A-Z].#ID#.txt')
expect_error "invalid UTF-8 in a references file" $I "^rouge: bad_r.txt:2: invalid UTF-8 at column 4 \(byte 0xc3\)$" c.txt bad_r.txt
expect_error "NUL in a candidates file" $I "^rouge: nul_c.txt:3: NUL byte at column 3 \(texts must not contain NUL\)$" nul_c.txt r.txt
# rouge-score-rs's tokenisers take NUL as rougers does (a control character: between letters it
# separates them as a space does), XL-Sum's as the fork does (deleted with the controls, joining
# its neighbours): each scores as the text with that NUL replaced.
printf 'a\0b c\nx\0\n' >nul_v1_c.txt && printf 'a b c\nx\n' >sp_v1_c.txt && printf 'ab c\nx\n' >cat_v1_c.txt
printf 'c b a d\nx ab\n' >nul_v1_r.txt
for t in unicode-v1 character-v1 xlsum; do
  same=sp_v1_c.txt; [ $t = xlsum ] && same=cat_v1_c.txt
  run "$BIN" --tokenizer $t --format jsonl --bootstrap 0 nul_v1_c.txt nul_v1_r.txt
  ran_ok "NUL with --tokenizer $t" && mv out.txt nul_$t.jsonl &&
    run "$BIN" --tokenizer $t --format jsonl --bootstrap 0 $same nul_v1_r.txt && ran_ok "$same with --tokenizer $t" &&
    check "NUL with --tokenizer $t scores as $same" cmp nul_$t.jsonl out.txt
done
expect_error "UTF-8 of a surrogate" $I "^rouge: sur_c.txt:1: invalid UTF-8 at column 1 \(byte 0xed\)$" sur_c.txt sur_r.txt
expect_error "invalid UTF-8 in a pyrouge model file" $I "^rouge: spb/model/sample.A.1.txt:2: invalid UTF-8 at column 5 \(byte 0xe2\)$" "${SPB[@]}"
printf '%s\n' "$OK" '{"candidate": "a", "references": ["b", "x\u0000y"]}' >nul.jsonl
expect_error "JSON: \\u0000 in a reference" $I "^rouge: nul.jsonl:2: NUL character in reference 2 \(texts must not contain NUL\)$" --jsonl nul.jsonl
printf '{"candidate": "a\xffb", "references": ["b"]}\n' >badutf.jsonl
expect_error "JSON: invalid UTF-8 in the candidate" $I "^rouge: badutf.jsonl:1: invalid UTF-8 in the candidate \(byte 0xff at byte 2\)$" --jsonl badutf.jsonl
run "$BIN" --format jsonl --output emoji.jsonl --bootstrap 0 emoji_c.txt emoji_r.txt
ran_ok "4-byte UTF-8" && check "4-byte UTF-8 (an emoji) is valid input" grep -q '"rouge1": {"precision": 1, "recall": 1,' emoji.jsonl
expect_error "the library refuses a pair (ROUGE-W weight overflows)" $I "^rouge: c.txt:1: cannot score: invalid argument$" --metrics rouge1,rougeW-1e300 c.txt r.txt
expect_error "--output into a missing directory" $I "^rouge: nodir/t.csv: cannot write: No such file or directory$" --output nodir/t.csv c.txt r.txt
echo "previous table" >keep.csv
expect_error "bad input leaves --output FILE as it was" $I "^rouge: r2.txt:3: " --output keep.csv c.txt r2.txt
check "bad input leaves --output FILE as it was (content)" bash -c "[ \"\$(cat keep.csv)\" = 'previous table' ] && ! ls -a | grep -q 'keep.csv.tmp'"

# ---- valgrind and sanitizers --------------------------------------------------------------------

# memory_runs RUNNER: the runner gets NAME EXPECTED_STATUS ARGS... for each run
printf '%s\n' '{"candidate": "中国的经济发展很快。Running fast", "references": ["中国经济快速发展", "经济 runs"]}' >zhs.jsonl
head -n 10 big_c.txt >big10_c.txt && head -n 10 big_r.txt >big10_r.txt
memory_runs() {
  local r=$1
  $r "sample" 0
  $r "perl flavour, all metrics, --output" 0 --flavour perl --multi B --jackknife --alpha 0.3 --no-round --output vg.csv \
    --metrics ROUGE-1,ROUGE-2,ROUGE-L,rougeL,ROUGE-W-1.2,ROUGE-S4,ROUGE-SU4,ROUGE-S*,ROUGE-SU* c.txt r.txt r.txt
  $r "JSON escapes, JSONL out" 0 --jsonl esc.jsonl --format jsonl
  $r "pyrouge layout" 0 "${SP[@]}" --sentence-sep ' , '
  $r "empty summaries" 0 e_c.txt e_r.txt
  printf '%s\n' "$OK" '{"candidate": "a", "references": ["b"]' >bad1.jsonl
  $r "invalid JSON after a good line" 1 --jsonl bad1.jsonl
  printf '%s\n' "$OK" '{"candidate": "a\ud83d", "references": ["a"]}' >bad2.jsonl
  $r "a bad escape after a good line" 1 --jsonl bad2.jsonl
  $r "line count mismatch" 1 c.txt r.txt r2.txt
  $r "pyrouge: no model" 1 --system-dir sp/system --model-dir sp/model --system-pattern 'sample.(\d+).txt' --model-pattern 'sample.#ID#.txt'
  $r "pyrouge: bad pattern" 1 --system-dir sp/system --model-dir sp/model --system-pattern '(' --model-pattern '#ID#'
  $r "unknown option" 2 --bogus c.txt r.txt
  $r "--stem" 0 --stem c.txt r.txt
  $r "perl tokenizer -m -s -b, W and SU" 0 --flavour perl --stem --stopwords --byte-limit 100 \
    --metrics ROUGE-1,ROUGE-2,ROUGE-L,ROUGE-W-1.2,ROUGE-SU4 c.txt r.txt r.txt
  $r "perl tokenizer -l, pyrouge layout" 0 --flavour perl --word-limit 12 "${SP[@]}"
  $r "unicode tokenizer, stem" 0 --tokenizer unicode --stem --jsonl zhs.jsonl
  $r "rouge-score bootstrap, 10 pairs" 0 --summary-only --seed 3 --bootstrap 50 big10_c.txt big10_r.txt
  $r "invalid UTF-8" 1 c.txt bad_r.txt
  $r "NUL in JSON" 1 --jsonl nul.jsonl
  $r "--word-limit with rouge-score's tokenizer" 2 --word-limit 5 c.txt r.txt
  $r "--output into a missing directory" 1 --output nodir/t.csv c.txt r.txt
}
vg_run() {
  local name=$1 want=$2; shift 2
  valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \
    "$BIN" "$@" >vg.out 2>vg.err
  local got=$?
  if [ "$got" = "$want" ] && ! grep -q '^==[0-9]*==' vg.err; then pass "valgrind: $name"
  else fail "valgrind: $name" "exit $got, expected $want" "$(grep '^==' vg.err | head -n 20)"; fi
}
if command -v valgrind >/dev/null 2>&1; then
  memory_runs vg_run
else
  fail "valgrind: not installed (apt-get install valgrind)"
fi
asan_run() {
  local name=$1 want=$2; shift 2
  ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1 \
    UBSAN_OPTIONS=print_stacktrace=1 "$ASAN" "$@" >asan.out 2>asan.err
  local got=$?
  if [ "$got" = "$want" ] && ! grep -Eq 'AddressSanitizer|LeakSanitizer|runtime error' asan.err; then pass "asan+ubsan: $name"
  else fail "asan+ubsan: $name" "exit $got, expected $want" "$(head -n 20 asan.err)"; fi
}
if [ -n "$ASAN" ]; then
  memory_runs asan_run
else
  fail "asan+ubsan" "ROUGE_CLI_ASAN is not set: run the suite as \`make -C examples-c test\`"
fi

echo
[ "$skipped" = 0 ] || echo "($skipped skipped)"
echo "cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
