package rouge

// The text API. Expected values: the rougers crate's (rouge-score-rs 0.2.1) for unicode-v1 and
// character-v1, and XL-Sum's scorer's own outputs for the cases of ../agree/xlsum_cases.jsonl
// (copied from ../shared/multilingual/cases.jsonl by ../agree/gen_xlsum_cases.py; P, R, F as
// Python's float.hex, compared bit for bit).

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestTextRougersTokenizers(t *testing.T) {
	// rougers 0.2.1: RougeScorer::with_tokenizer(.., Tokenizer::unicode() / character()).score(ref, cand).
	ms := []Metric{N(1), N(2)}
	u, err := NewTextScorer(ms, RougeScoreOptions(), TextOptions{Tokenizer: TokenizerUnicodeV1})
	if err != nil {
		t.Fatal(err)
	}
	got, err := u.Score("Привет, мир! Don't pay $3.50 for e-mail.", "привет мир, don't pay 3.50 dollars")
	if err != nil {
		t.Fatal(err)
	}
	checkPRF(t, "unicode-v1 rouge1", got[0], prf{0.625, 0.8333333333333334, 0.7142857142857143})
	checkPRF(t, "unicode-v1 rouge2", got[1], prf{0.5714285714285714, 0.8, 0.6666666666666666})
	c, err := NewTextScorer(ms, RougeScoreOptions(), TextOptions{Tokenizer: TokenizerCharacterV1})
	if err != nil {
		t.Fatal(err)
	}
	got, err = c.Score("我爱北京天安门。", "我爱上海。")
	if err != nil {
		t.Fatal(err)
	}
	checkPRF(t, "character-v1 rouge1", got[0], prf{0.2857142857142857, 0.5, 0.36363636363636365})
	checkPRF(t, "character-v1 rouge2", got[1], prf{0.16666666666666666, 0.3333333333333333, 0.2222222222222222})
	// NUL, which rougers takes as a control character: "\x00\u0903" is two grapheme clusters
	// where " \u0903" is one (a NUL made a space would score 1 here).
	got, err = c.Score("我\x00爱\x00\u0903北京", "我爱 \u0903北京")
	if err != nil {
		t.Fatal(err)
	}
	checkPRF(t, "character-v1 NUL rouge1", got[0], prf{0.8, 0.8, 0.8000000000000002})
	checkPRF(t, "character-v1 NUL rouge2", got[1], prf{0.5, 0.5, 0.5})
	got, err = u.Score("Привет\x00мир! don't\x00pay", "привет\x00мир\x00\x00don't pay")
	if err != nil {
		t.Fatal(err)
	}
	checkPRF(t, "unicode-v1 NUL rouge1", got[0], prf{1, 1, 1})
	checkPRF(t, "unicode-v1 NUL rouge2", got[1], prf{1, 1, 1})
	if _, err := NewTextScorer(ms, RougeScoreOptions(), TextOptions{Tokenizer: TokenizerUnicodeV1, Stem: true}); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("unicode-v1 with Stem: %v, want ErrInvalidArgument", err)
	}
}

// xlsumCase is a line of xlsum_cases.jsonl (the fields the hosts read).
type xlsumCase struct {
	ID         string  `json:"id"`
	Lang       *string `json:"lang"`
	UseStemmer bool    `json:"use_stemmer"`
	Target     string  `json:"target"`
	Prediction string  `json:"prediction"`
	Tokens     struct {
		Target     []string `json:"target"`
		Prediction []string `json:"prediction"`
	} `json:"tokens"`
	Scores map[string]map[string]struct {
		Hex string `json:"hex"`
	} `json:"scores"`
}

func xlsumCases(t *testing.T, path string) []xlsumCase {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []xlsumCase
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var c xlsumCase
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

var xlsumMetrics = []struct {
	name   string
	metric Metric
}{{"rouge1", N(1)}, {"rouge2", N(2)}, {"rougeL", L()}, {"rougeLsum", Lsum()}}

// checkXLSum compares scores with the case's, bit for bit.
func checkXLSum(t *testing.T, c xlsumCase, got []Score) {
	t.Helper()
	for i, m := range xlsumMetrics {
		fields := map[string]float64{"precision": got[i].Precision, "recall": got[i].Recall, "fmeasure": got[i].FMeasure}
		for field, v := range fields {
			want, err := strconv.ParseFloat(c.Scores[m.name][field].Hex, 64)
			if err != nil {
				t.Fatalf("%s %s %s: %v", c.ID, m.name, field, err)
			}
			if math.Float64bits(v) != math.Float64bits(want) {
				t.Errorf("%s %s %s: got %v (%x), want %v (%s)", c.ID, m.name, field, v, math.Float64bits(v), want, c.Scores[m.name][field].Hex)
			}
		}
	}
}

func TestTextXLSumCases(t *testing.T) {
	cases := xlsumCases(t, "../agree/xlsum_cases.jsonl")
	if len(cases) < 10 {
		t.Fatalf("%d cases in xlsum_cases.jsonl", len(cases))
	}
	if segmented := scoreXLSumCases(t, cases); segmented != 3 {
		t.Errorf("%d segmented cases, want 3 (zh, ja, th)", segmented)
	}
}

// TestTextXLSumSharedCases scores every case of ../shared/multilingual/cases.jsonl (3,236: 45
// languages and the fork's aliases, with and without stemming), when that folder is there.
func TestTextXLSumSharedCases(t *testing.T) {
	path := "../../../shared/multilingual/cases.jsonl"
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no %s", path)
	}
	cases := xlsumCases(t, path)
	segmented := scoreXLSumCases(t, cases)
	t.Logf("%d cases (%d with their segmenter's tokens) bit for bit", len(cases), segmented)
}

// scoreXLSumCases checks each case's scores; it returns how many were scored from their
// segmenter tokens.
func scoreXLSumCases(t *testing.T, cases []xlsumCase) int {
	t.Helper()
	ms := make([]Metric, len(xlsumMetrics))
	for i, m := range xlsumMetrics {
		ms[i] = m.metric
	}
	segmented := 0
	for _, c := range cases {
		lang := ""
		if c.Lang != nil {
			lang = *c.Lang
		}
		s, err := NewTextScorer(ms, RougeScoreOptions(), TextOptions{Tokenizer: TokenizerXLSum, Stem: c.UseStemmer, Lang: lang})
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		// The fork's score(target, prediction): the prediction is the candidate.
		if XLSumSegmenter(lang) == "" {
			got, err := s.Score(c.Prediction, c.Target)
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			checkXLSum(t, c, got)
			continue
		}
		segmented++
		if _, err := s.Score(c.Prediction, c.Target); !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), "ScoreSegmented") {
			t.Errorf("%s: Score without the segmenter's tokens: %v, want ErrInvalidArgument naming ScoreSegmented", c.ID, err)
		}
		got, err := s.ScoreSegmented(c.Prediction, []string{c.Target}, [][]string{c.Tokens.Prediction, c.Tokens.Target})
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		checkXLSum(t, c, got)
		// The segmenter read the cleaned text: its tokens, all white space removed, are that
		// text's characters in order.
		for _, side := range []struct {
			text   string
			tokens []string
		}{{c.Target, c.Tokens.Target}, {c.Prediction, c.Tokens.Prediction}} {
			clean, err := XLSumCleanText(side.text)
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			if a, b := strings.Join(strings.Fields(clean), ""), strings.Join(strings.Fields(strings.Join(side.tokens, "")), ""); a != b {
				t.Errorf("%s: cleaned text %q, the segmenter's tokens %q", c.ID, a, b)
			}
		}
	}
	return segmented
}

func TestTextXLSumErrors(t *testing.T) {
	ms := []Metric{N(1)}
	if _, err := NewTextScorer(ms, RougeScoreOptions(), TextOptions{Lang: "bengali"}); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("Lang with rouge-score's tokeniser: %v, want ErrInvalidArgument", err)
	}
	s, err := NewTextScorer(ms, RougeScoreOptions(), TextOptions{Tokenizer: TokenizerXLSum, Lang: "bengali", Stem: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Score("a \xff b", "a b"); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("invalid UTF-8: %v, want ErrInvalidUTF8", err)
	}
	if _, err := s.Score("a b"); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("no reference: %v, want ErrInvalidArgument", err)
	}
	if _, err := s.ScoreSegmented("a", []string{"a"}, [][]string{{"a"}}); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("one token list for two texts: %v, want ErrInvalidArgument", err)
	}
	if _, err := s.ScoreSegmented("a", []string{"a"}, [][]string{{"a"}, {"\xff"}}); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("a token of invalid UTF-8: %v, want ErrInvalidUTF8", err)
	}
	plain, err := NewTextScorer(ms, RougeScoreOptions(), TextOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plain.ScoreSegmented("a", []string{"a"}, [][]string{{"a"}, {"a"}}); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("segmented tokens with rouge-score's tokeniser: %v, want ErrInvalidArgument", err)
	}
	if _, err := plain.Score("a\x00b", "a"); !errors.Is(err, ErrEmbeddedNul) {
		t.Errorf("NUL with rouge-score's tokeniser: %v, want ErrEmbeddedNul", err)
	}
	if _, err := XLSumCleanText("\xc3"); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("XLSumCleanText of invalid UTF-8: %v, want ErrInvalidUTF8", err)
	}
}
