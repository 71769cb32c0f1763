package rouge

// The Go host of the cross-host agreement test (../agree/README.md): reads
// ../agree/build/cases.tsv, writes ../agree/build/go.out, and checks it against the C host's
// ../agree/build/c.out byte for byte (../agree/compare.sh checks every host the same way).

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const agreeDir = "../agree"

var agreeMetrics = []string{"rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeLsum", "rougeW-1.2", "rougeS4", "rougeS*", "rougeSU4"}

// agreeInputs makes sure build/cases.tsv and build/c.out exist, running make -C ../agree
// (which needs python3, a C compiler and target/release/librouge.a) if either is missing.
func agreeInputs(t *testing.T) (cases, cOut string) {
	cases = filepath.Join(agreeDir, "build", "cases.tsv")
	cOut = filepath.Join(agreeDir, "build", "c.out")
	_, err1 := os.Stat(cases)
	_, err2 := os.Stat(cOut)
	if err1 == nil && err2 == nil {
		return
	}
	out, err := exec.Command("make", "-C", agreeDir).CombinedOutput()
	if err != nil {
		t.Fatalf("agreement inputs missing and `make -C ffi-tests/agree` failed (build the library with "+
			"ffi-tests/build-lib.sh and run make -C ffi-tests/agree first): %v\n%s", err, out)
	}
	return
}

func parseField[T any](field string, conv func(uint64) T, bits int) ([]T, error) {
	var out []T
	for _, w := range strings.Fields(field) {
		x, err := strconv.ParseUint(w, 10, bits)
		if err != nil {
			return nil, err
		}
		out = append(out, conv(x))
	}
	return out, nil
}

func TestAgreement(t *testing.T) {
	casesPath, cOutPath := agreeInputs(t)
	data, err := os.ReadFile(casesPath)
	if err != nil {
		t.Fatal(err)
	}
	metrics := make([]Metric, len(agreeMetrics))
	for i, n := range agreeMetrics {
		if metrics[i], err = ParseMetric(n); err != nil {
			t.Fatal(err)
		}
	}
	configs := []struct {
		name string
		s    *Scorer
	}{
		{"rouge-score", mustScorer(t, metrics, RougeScoreOptions())},
		{"perl", mustScorer(t, metrics, PerlOptions())},
	}
	var out bytes.Buffer
	dst := make([]Score, len(metrics))
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for ln, line := range lines {
		fields := strings.Split(line, "\t")
		if len(fields) < 5 || len(fields)%2 != 1 {
			t.Fatalf("cases.tsv line %d: %d fields", ln+1, len(fields))
		}
		var sums []Summary
		for k := 1; k+1 < len(fields); k += 2 {
			tok, err := parseField(fields[k], func(x uint64) uint32 { return uint32(x) }, 32)
			if err != nil {
				t.Fatalf("cases.tsv line %d: %v", ln+1, err)
			}
			ends, err := parseField(fields[k+1], func(x uint64) int { return int(x) }, 63)
			if err != nil {
				t.Fatalf("cases.tsv line %d: %v", ln+1, err)
			}
			sums = append(sums, Summary{Tokens: tok, SentenceEnds: ends})
		}
		for _, c := range configs {
			if err := c.s.ScoreInto(dst, sums[0], sums[1:]); err != nil {
				t.Fatalf("%s %s: %v", fields[0], c.name, err)
			}
			for m, name := range agreeMetrics {
				r := dst[m]
				fmt.Fprintf(&out, "%s %s %s", fields[0], c.name, name)
				for _, x := range []float64{r.Precision, r.Recall, r.FMeasure, r.Hit, r.ReferenceTotal, r.CandidateTotal} {
					fmt.Fprintf(&out, " %016x", math.Float64bits(x))
				}
				out.WriteByte('\n')
			}
		}
	}
	goOut := filepath.Join(agreeDir, "build", "go.out")
	if err := os.WriteFile(goOut, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(cOutPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		gl, wl := strings.Split(out.String(), "\n"), strings.Split(string(want), "\n")
		for i := range max(len(gl), len(wl)) {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("go.out differs from c.out at line %d (of %d and %d):\n go: %s\n  c: %s", i+1, len(gl)-1, len(wl)-1, g, w)
			}
		}
	}
	t.Logf("%d cases, %d lines identical to c.out", len(lines), len(lines)*len(configs)*len(agreeMetrics))
}

// Also the same outputs through one batch per configuration.
func TestAgreementBatch(t *testing.T) {
	casesPath, cOutPath := agreeInputs(t)
	data, err := os.ReadFile(casesPath)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(cOutPath)
	if err != nil {
		t.Fatal(err)
	}
	wantLines := strings.Split(string(want), "\n")
	metrics := make([]Metric, len(agreeMetrics))
	for i, n := range agreeMetrics {
		metrics[i], _ = ParseMetric(n)
	}
	var b Batch
	var ids []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		var sums []Summary
		for k := 1; k+1 < len(fields); k += 2 {
			tok, _ := parseField(fields[k], func(x uint64) uint32 { return uint32(x) }, 32)
			ends, _ := parseField(fields[k+1], func(x uint64) int { return int(x) }, 63)
			sums = append(sums, Summary{Tokens: tok, SentenceEnds: ends})
		}
		b.Add(sums[0], sums[1:]...)
		ids = append(ids, fields[0])
	}
	line := 0
	got := make([][]Score, 2)
	for c, o := range []Options{RougeScoreOptions(), PerlOptions()} {
		if got[c], err = mustScorer(t, metrics, o).ScoreBatch(b); err != nil {
			t.Fatal(err)
		}
	}
	for p, id := range ids {
		for c, name := range []string{"rouge-score", "perl"} {
			for m, mn := range agreeMetrics {
				r := got[c][p*len(metrics)+m]
				var sb strings.Builder
				fmt.Fprintf(&sb, "%s %s %s", id, name, mn)
				for _, x := range []float64{r.Precision, r.Recall, r.FMeasure, r.Hit, r.ReferenceTotal, r.CandidateTotal} {
					fmt.Fprintf(&sb, " %016x", math.Float64bits(x))
				}
				if sb.String() != wantLines[line] {
					t.Fatalf("batch line %d:\n go: %s\n  c: %s", line+1, sb.String(), wantLines[line])
				}
				line++
			}
		}
	}
}
