package rouge

// Every supported case of the conformance data, through the Go binding: the token-id cases
// (refimpl.py), the rouge-score 0.1.2 text cases and the ROUGE-1.5.5.pl text cases without
// stemming, tokenised with Tokenize. Read from ../shared/conformance, else from the vendored
// copies in tests/conformance.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func conformanceFile(t *testing.T, name string) string {
	for _, dir := range []string{"../../../shared/conformance", "../../tests/conformance"} {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Skipf("%s: in neither ../shared/conformance nor tests/conformance", name)
	return ""
}

func readJSONL(t *testing.T, name string) []map[string]any {
	f, err := os.Open(conformanceFile(t, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var v map[string]any
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func jsonInts(v any) []int {
	a, _ := v.([]any)
	out := make([]int, len(a))
	for i, x := range a {
		out[i] = int(x.(float64))
	}
	return out
}

func jsonIDs(v any) []uint32 {
	a := jsonInts(v)
	out := make([]uint32, len(a))
	for i, x := range a {
		out[i] = uint32(x)
	}
	return out
}

// expectedMetrics parses the metric names of an "expected" object, in sorted order.
func expectedMetrics(t *testing.T, exp map[string]any) ([]string, []Metric) {
	var names []string
	for k := range exp {
		names = append(names, k)
	}
	slices.Sort(names)
	ms := make([]Metric, len(names))
	for i, n := range names {
		m, err := ParseMetric(n)
		if err != nil {
			t.Fatalf("metric %q: %v", n, err)
		}
		ms[i] = m
	}
	return names, ms
}

func compareFloats(id string, exp map[string]any, names []string, got []Score) []string {
	var errs []string
	for i, n := range names {
		e := exp[n].(map[string]any)
		for _, f := range []struct {
			field string
			v     float64
		}{{"precision", got[i].Precision}, {"recall", got[i].Recall}, {"fmeasure", got[i].FMeasure}} {
			if w := e[f.field].(float64); !near(f.v, w, 1e-9) {
				errs = append(errs, fmt.Sprintf("%s %s.%s: got %.17g, want %.17g", id, n, f.field, f.v, w))
			}
		}
	}
	return errs
}

func TestConformanceIDs(t *testing.T) {
	n := 0
	for _, file := range []string{"synthetic_ids.jsonl", "seed_examples.jsonl"} {
		for _, c := range readJSONL(t, file) {
			if _, ok := c["candidate_ids"]; !ok {
				continue
			}
			id := c["id"].(string)
			exp := c["expected"].(map[string]any)
			names, ms := expectedMetrics(t, exp)
			s := mustScorer(t, ms, RougeScoreOptions())
			cand := Summary{jsonIDs(c["candidate_ids"]), jsonInts(c["candidate_sentence_ends"])}
			ref := Summary{jsonIDs(c["reference_ids"]), jsonInts(c["reference_sentence_ends"])}
			for _, e := range compareFloats(id, exp, names, mustScore(t, s, cand, ref)) {
				t.Error(e)
			}
			n++
		}
	}
	t.Logf("%d token-id cases", n)
}

// texts are the texts a tool saw: tool_input (Chinese mapped to code points) when present.
func caseTexts(c map[string]any) []string {
	src := c
	if ti, ok := c["tool_input"].(map[string]any); ok {
		src = ti
	}
	out := []string{src["candidate"].(string)}
	for _, r := range src["references"].([]any) {
		out = append(out, r.(string))
	}
	return out
}

func TestConformanceRougeScoreText(t *testing.T) {
	n, skipped := 0, 0
	for _, c := range readJSONL(t, "real_rouge_score.jsonl") {
		if c["options"].(map[string]any)["use_stemmer"] == true {
			skipped++
			continue
		}
		id := c["id"].(string)
		sum, err := Tokenize(caseTexts(c)...)
		if err != nil {
			t.Fatal(err)
		}
		exp := c["expected"].(map[string]any)
		names, ms := expectedMetrics(t, exp)
		s := mustScorer(t, ms, RougeScoreOptions())
		for _, e := range compareFloats(id+" score_multi", exp, names, mustScore(t, s, sum[0], sum[1:]...)) {
			t.Error(e)
		}
		if per, ok := c["expected_per_reference"].([]any); ok {
			for i, pe := range per {
				got := mustScore(t, s, sum[0], sum[1+i])
				for _, e := range compareFloats(fmt.Sprintf("%s reference %d", id, i), pe.(map[string]any), names, got) {
					t.Error(e)
				}
			}
		}
		n++
	}
	t.Logf("%d rouge-score cases, %d with stemming skipped", n, skipped)
}

func TestConformancePerlText(t *testing.T) {
	n, skipped := 0, 0
	for _, c := range readJSONL(t, "real_rouge155.jsonl") {
		opts := c["options"].(map[string]any)
		command, _ := opts["command"].(string)
		if opts["stemming"] == true || strings.Contains(command, " -m ") || strings.Contains(command, " -s ") ||
			strings.Contains(command, " -l ") || strings.Contains(command, " -b ") {
			skipped++
			continue
		}
		o := PerlOptions()
		switch opts["multi_reference_formula"] {
		case "A":
			o.MultiReference = PerlA
		case "B":
			o.MultiReference = PerlB
		default:
			t.Fatalf("%v: formula %v", c["id"], opts["multi_reference_formula"])
		}
		if _, after, ok := strings.Cut(command, " -p "); ok {
			fmt.Sscan(after, &o.Alpha)
		}
		id := c["id"].(string)
		sum, err := Tokenize(caseTexts(c)...)
		if err != nil {
			t.Fatal(err)
		}
		exp := c["expected"].(map[string]any)
		names, ms := expectedMetrics(t, exp)
		for i, n := range names {
			if n == "ROUGE-L" {
				ms[i] = Lsum() // ROUGE-1.5.5's ROUGE-L is the summary-level LCS (see ParseMetric)
			}
		}
		got := mustScore(t, mustScorer(t, ms, o), sum[0], sum[1:]...)
		counts, _ := c["expected_counts"].(map[string]any)
		for i, name := range names {
			e := exp[name].(map[string]any)
			for _, f := range []struct {
				field string
				v     float64
			}{{"precision", got[i].Precision}, {"recall", got[i].Recall}, {"fmeasure", got[i].FMeasure}} {
				if p := fmt.Sprintf("%.5f", f.v); p != e[f.field] {
					t.Errorf("%s %s.%s: got %s, ROUGE printed %v", id, name, f.field, p, e[f.field])
				}
			}
			if ce, ok := counts[name].(map[string]any); ok {
				for _, f := range []struct {
					field string
					v     float64
				}{{"model_count", got[i].ReferenceTotal}, {"peer_count", got[i].CandidateTotal}, {"hit", got[i].Hit}} {
					if w := ce[f.field].(float64); !near(f.v, w, 1e-9) {
						t.Errorf("%s %s.%s: got %v, ROUGE counted %v", id, name, f.field, f.v, w)
					}
				}
			}
		}
		n++
	}
	t.Logf("%d ROUGE-1.5.5 cases, %d needing stemming, stop words or length limits skipped", n, skipped)
}
