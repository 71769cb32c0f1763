// A program as a Go user outside the repository writes it: its own module, librouge.dev/rouge
// by a replace directive, the library an installed librouge found by pkg-config (built with
// -tags rouge_system). ../../installed.sh builds and runs it against a prefix installed by
// ffi-tests/packaging/install.sh.
//
// Usage: installed CASES.tsv OUT SEED_EXAMPLES.jsonl
//
//   - writes the hosts' agreement output for CASES.tsv (ffi-tests/agree) to OUT, which must
//     equal the C host's c.out byte for byte;
//   - scores the rouge-score text cases of SEED_EXAMPLES.jsonl (tests/conformance) from text,
//     through rouge.Tokenize, and checks every expected value within 1e-9.
//
// Prints one line per check and exits non-zero on any mismatch or error.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"librouge.dev/rouge"
)

var agreeMetrics = []string{"rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeLsum", "rougeW-1.2", "rougeS4", "rougeS*", "rougeSU4"}

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: installed CASES.tsv OUT SEED_EXAMPLES.jsonl")
		os.Exit(2)
	}
	fmt.Printf("librouge %s (ABI %d)\n", rouge.Version(), rouge.ABIVersion)
	n, err := agreement(os.Args[1], os.Args[2])
	if err != nil {
		fmt.Println("FAIL agreement:", err)
		os.Exit(1)
	}
	fmt.Printf("ok   agreement: %d cases scored into %s\n", n, os.Args[2])
	n, err = seedTexts(os.Args[3])
	if err != nil {
		fmt.Println("FAIL text cases:", err)
		os.Exit(1)
	}
	fmt.Printf("ok   text: %d rouge-score cases from text within 1e-9\n", n)
}

func numbers(field string, bits int) ([]uint64, error) {
	var out []uint64
	for _, w := range strings.Fields(field) {
		x, err := strconv.ParseUint(w, 10, bits)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// agreement writes the lines ffi-tests/agree/README.md describes: per case, configuration and
// metric, the six doubles of the result as the 16 hex digits of their bits.
func agreement(casesPath, outPath string) (int, error) {
	data, err := os.ReadFile(casesPath)
	if err != nil {
		return 0, err
	}
	metrics := make([]rouge.Metric, len(agreeMetrics))
	for i, name := range agreeMetrics {
		if metrics[i], err = rouge.ParseMetric(name); err != nil {
			return 0, err
		}
	}
	type config struct {
		name string
		s    *rouge.Scorer
	}
	var configs []config
	for _, c := range []struct {
		name string
		opts rouge.Options
	}{{"rouge-score", rouge.RougeScoreOptions()}, {"perl", rouge.PerlOptions()}} {
		s, err := rouge.NewScorer(metrics, c.opts)
		if err != nil {
			return 0, err
		}
		configs = append(configs, config{c.name, s})
	}
	f, err := os.Create(outPath)
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriter(f)
	dst := make([]rouge.Score, len(metrics))
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for ln, line := range lines {
		fields := strings.Split(line, "\t")
		if len(fields) < 5 || len(fields)%2 != 1 {
			return 0, fmt.Errorf("%s line %d: %d fields", casesPath, ln+1, len(fields))
		}
		var sums []rouge.Summary
		for k := 1; k+1 < len(fields); k += 2 {
			tokens, err1 := numbers(fields[k], 32)
			ends, err2 := numbers(fields[k+1], 63)
			if err1 != nil || err2 != nil {
				return 0, fmt.Errorf("%s line %d: bad numbers", casesPath, ln+1)
			}
			var s rouge.Summary
			for _, t := range tokens {
				s.Tokens = append(s.Tokens, uint32(t))
			}
			for _, e := range ends {
				s.SentenceEnds = append(s.SentenceEnds, int(e))
			}
			sums = append(sums, s)
		}
		for _, c := range configs {
			if err := c.s.ScoreInto(dst, sums[0], sums[1:]); err != nil {
				return 0, fmt.Errorf("%s %s: %w", fields[0], c.name, err)
			}
			for m, name := range agreeMetrics {
				r := dst[m]
				fmt.Fprintf(w, "%s %s %s", fields[0], c.name, name)
				for _, x := range []float64{r.Precision, r.Recall, r.FMeasure, r.Hit, r.ReferenceTotal, r.CandidateTotal} {
					fmt.Fprintf(w, " %016x", math.Float64bits(x))
				}
				w.WriteByte('\n')
			}
		}
	}
	if err := w.Flush(); err != nil {
		return 0, err
	}
	return len(lines), f.Close()
}

// seedTexts checks the rouge-score 0.1.2 cases without the stemmer (rouge.Tokenize is its
// tokeniser without stemming on ASCII text) against the values rouge-score computed.
func seedTexts(path string) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	count := 0
	for _, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var c struct {
			ID         string   `json:"id"`
			Tool       string   `json:"tool"`
			Candidate  *string  `json:"candidate"`
			References []string `json:"references"`
			Options    struct {
				UseStemmer bool `json:"use_stemmer"`
			} `json:"options"`
			Expected map[string]map[string]float64 `json:"expected"`
		}
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			return 0, fmt.Errorf("%s: %w", path, err)
		}
		if c.Tool != "rouge-score 0.1.2" || c.Candidate == nil || c.Options.UseStemmer {
			continue
		}
		names := make([]string, 0, len(c.Expected))
		for name := range c.Expected {
			names = append(names, name)
		}
		sort.Strings(names)
		metrics := make([]rouge.Metric, len(names))
		for i, name := range names {
			if metrics[i], err = rouge.ParseMetric(name); err != nil {
				return 0, fmt.Errorf("%s: %w", c.ID, err)
			}
		}
		s, err := rouge.NewScorer(metrics, rouge.RougeScoreOptions())
		if err != nil {
			return 0, err
		}
		sums, err := rouge.Tokenize(append([]string{*c.Candidate}, c.References...)...)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", c.ID, err)
		}
		scores, err := s.Score(sums[0], sums[1:]...)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", c.ID, err)
		}
		for i, name := range names {
			want := c.Expected[name]
			got := map[string]float64{"precision": scores[i].Precision, "recall": scores[i].Recall, "fmeasure": scores[i].FMeasure}
			for field, g := range got {
				if !(math.Abs(g-want[field]) <= 1e-9) {
					return 0, fmt.Errorf("%s %s.%s: got %.17g, rouge-score %.17g", c.ID, name, field, g, want[field])
				}
			}
		}
		count++
	}
	if count == 0 {
		return 0, fmt.Errorf("%s: no rouge-score case without the stemmer", path)
	}
	return count, nil
}
