package rouge

// Expected values come from independent references only: small cases computed by hand (the
// arithmetic is in the comments) and values copied from ../shared/conformance (named by case
// id), produced by rouge-score 0.1.2, ROUGE-1.5.5.pl and the plain-DP refimpl.py. None was
// obtained by running this library.

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"sync"
	"testing"
)

// prf is an expected precision, recall and F.
type prf struct{ P, R, F float64 }

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// checkPRF compares a score with unrounded expectations (rouge-score flavour, or Perl with
// rounding off) to 1e-12.
func checkPRF(t *testing.T, label string, got Score, want prf) {
	t.Helper()
	if !near(got.Precision, want.P, 1e-12) || !near(got.Recall, want.R, 1e-12) || !near(got.FMeasure, want.F, 1e-12) {
		t.Errorf("%s: got P=%.17g R=%.17g F=%.17g, want P=%.17g R=%.17g F=%.17g",
			label, got.Precision, got.Recall, got.FMeasure, want.P, want.R, want.F)
	}
}

// checkPrinted compares a Perl-flavour score with the five decimals ROUGE-1.5.5 prints.
func checkPrinted(t *testing.T, label string, got Score, p, r, f string) {
	t.Helper()
	gp, gr, gf := fmt.Sprintf("%.5f", got.Precision), fmt.Sprintf("%.5f", got.Recall), fmt.Sprintf("%.5f", got.FMeasure)
	if gp != p || gr != r || gf != f {
		t.Errorf("%s: got P=%s R=%s F=%s, want P=%s R=%s F=%s", label, gp, gr, gf, p, r, f)
	}
}

func checkCounts(t *testing.T, label string, got Score, hit, ref, cand float64) {
	t.Helper()
	if !near(got.Hit, hit, 1e-9) || !near(got.ReferenceTotal, ref, 1e-9) || !near(got.CandidateTotal, cand, 1e-9) {
		t.Errorf("%s: got counts hit=%v ref=%v cand=%v, want %v %v %v",
			label, got.Hit, got.ReferenceTotal, got.CandidateTotal, hit, ref, cand)
	}
}

func mustScorer(t testing.TB, metrics []Metric, o Options) *Scorer {
	t.Helper()
	s, err := NewScorer(metrics, o)
	if err != nil {
		t.Fatalf("NewScorer(%v): %v", metrics, err)
	}
	return s
}

func mustScore(t testing.TB, s *Scorer, c Summary, refs ...Summary) []Score {
	t.Helper()
	got, err := s.Score(c, refs...)
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	return got
}

// f1 is rouge-score's F = 2PR/(P+R).
func f1(p, r float64) float64 { return 2 * p * r / (p + r) }

// round5 is Perl's sprintf("%.5f") as a number.
func round5(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 5, 64), 64)
	return v
}

// Case A: candidate c = [1 2 3 4 5] (one sentence), reference r = [1 2 4 5 6 7] with the
// sentences [1 2 4] [5 6 7] (ends 3, 6).
var (
	caseACand = Summary{Tokens: []uint32{1, 2, 3, 4, 5}}
	caseARef  = Summary{Tokens: []uint32{1, 2, 4, 5, 6, 7}, SentenceEnds: []int{3, 6}}
)

func TestRougeScoreFlavourByHand(t *testing.T) {
	metrics := []Metric{N(1), N(2), N(3), L(), Lsum(), W(1.2), S(0), S(1), S(4), SUnlimited(), SU(4), SUUnlimited()}
	got := mustScore(t, mustScorer(t, metrics, RougeScoreOptions()), caseACand, caseARef)
	w56 := math.Pow(2, 1/1.2) // 2^(5/6)
	want := []prf{
		// rouge1: unigrams c {1 2 3 4 5}, r {1 2 4 5 6 7}; common 1 2 4 5 -> 4/5, 4/6, F = 2*4/(5+6) = 8/11.
		{4. / 5, 4. / 6, 8. / 11},
		// rouge2: c 12 23 34 45 (4), r 12 24 45 56 67 (5); common 12 45 -> 2/4, 2/5, F = 2*2/9 = 4/9.
		{2. / 4, 2. / 5, 4. / 9},
		// rouge3: c 123 234 345, r 124 245 456 567: nothing in common.
		{0, 0, 0},
		// rougeL: LCS(c, r) = 1 2 4 5 = 4 -> as rouge1.
		{4. / 5, 4. / 6, 8. / 11},
		// rougeLsum: r's sentence [1 2 4] has LCS 1 2 4 (3) with c, [5 6 7] has 5 (1): 4 hits.
		{4. / 5, 4. / 6, 8. / 11},
		// rougeW-1.2 (Lin 2004, f(k) = k^1.2): the runs 1 2 and 4 5 give WLCS = 2 f(2) = 2*2^1.2;
		// P = (WLCS/f(5))^(1/1.2) = 2^(1/1.2)*2/5, R = (WLCS/f(6))^(1/1.2) = 2^(1/1.2)*2/6.
		{w56 * 2 / 5, w56 * 2 / 6, f1(w56*2/5, w56*2/6)},
		// rougeS0 = bigrams: as rouge2.
		{2. / 4, 2. / 5, 4. / 9},
		// rougeS1 (at most 1 token between): c 12 13 23 24 34 35 45 (7); r 12 14 24 25 45 46
		// 56 57 67 (9); common 12 24 45 -> 3/7, 3/9, F = 2*3/(7+9) = 3/8.
		{3. / 7, 3. / 9, 3. / 8},
		// rougeS4: every pair of c (C(5,2) = 10) and of r (C(6,2) = 15, gap <= 4 everywhere);
		// common 12 14 15 24 25 45 -> 6/10, 6/15, F = 12/25.
		{6. / 10, 6. / 15, 12. / 25},
		// rougeS*: the same pairs here.
		{6. / 10, 6. / 15, 12. / 25},
		// rougeSU4 (rouge-score flavour: every unigram): c 10+5 = 15, r 15+6 = 21, hits 6+4 = 10
		// -> 10/15, 10/21, F = 20/36 = 5/9.
		{10. / 15, 10. / 21, 5. / 9},
		// rougeSU*: the same here.
		{10. / 15, 10. / 21, 5. / 9},
	}
	for i, m := range metrics {
		checkPRF(t, m.String(), got[i], want[i])
	}
	// Counts: rouge1 4 hits of 6 reference and 5 candidate unigrams; rougeS4 6 of 15 and 10.
	checkCounts(t, "rouge1", got[0], 4, 6, 5)
	checkCounts(t, "rougeS4", got[8], 6, 15, 10)
	checkCounts(t, "rougeSU4", got[10], 10, 21, 15)
}

func TestLsumDiffersFromL(t *testing.T) {
	// Case B: c = [4 5 6 7 1 2] (one sentence), r = [1 2 4 | 5 6 7].
	// rougeL: LCS(c, r) = 4 5 6 7 (4) -> P = R = F = 4/6.
	// rougeLsum: [1 2 4] vs c: LCS 1 2 (2); [5 6 7] vs c: 5 6 7 (3); 5 hits -> 5/6.
	// ROUGE-1.5.5's ROUGE-L is the summary-level one: 5/6 printed as 0.83333.
	c := Summary{Tokens: []uint32{4, 5, 6, 7, 1, 2}}
	metrics := []Metric{L(), Lsum()}
	got := mustScore(t, mustScorer(t, metrics, RougeScoreOptions()), c, caseARef)
	checkPRF(t, "rougeL", got[0], prf{4. / 6, 4. / 6, 4. / 6})
	checkPRF(t, "rougeLsum", got[1], prf{5. / 6, 5. / 6, 5. / 6})
	got = mustScore(t, mustScorer(t, metrics, PerlOptions()), c, caseARef)
	checkPrinted(t, "perl L", got[0], "0.66667", "0.66667", "0.66667")
	checkPrinted(t, "perl Lsum", got[1], "0.83333", "0.83333", "0.83333")
}

func TestPerlFlavourByHand(t *testing.T) {
	// Perl: R and P rounded to 5 decimals, F = PR/(0.5P + 0.5R) from the rounded values, rounded.
	metrics := []Metric{N(1), N(2), L(), Lsum(), S(4), SUnlimited(), SU(4), SUUnlimited()}
	got := mustScore(t, mustScorer(t, metrics, PerlOptions()), caseACand, caseARef)
	// rouge1: P = 0.8, R = 4/6 = 0.66667; F = 0.8*0.66667/(0.4+0.333335) = 0.7272747 -> 0.72727.
	checkPrinted(t, "ROUGE-1", got[0], "0.80000", "0.66667", "0.72727")
	// rouge2: P = 0.5, R = 0.4, F = 0.2/0.45 = 0.44444.
	checkPrinted(t, "ROUGE-2", got[1], "0.50000", "0.40000", "0.44444")
	// L (sentence level) and Lsum (ROUGE-1.5.5's ROUGE-L): 4 hits, as rouge1.
	checkPrinted(t, "L", got[2], "0.80000", "0.66667", "0.72727")
	checkPrinted(t, "ROUGE-L", got[3], "0.80000", "0.66667", "0.72727")
	// S4 and S*: 6 of 10 and 15 pairs -> 0.6, 0.4, F = 0.24/0.5 = 0.48.
	checkPrinted(t, "ROUGE-S4", got[4], "0.60000", "0.40000", "0.48000")
	checkPrinted(t, "ROUGE-S*", got[5], "0.60000", "0.40000", "0.48000")
	// SU4 in ROUGE-1.5.5 leaves out the unigram of the last token of each text: c 10 pairs +
	// unigrams 1 2 3 4 = 14, r 15 + unigrams 1 2 4 5 6 = 20, hits 6 + {1 2 4} = 9 ->
	// P = 9/14 = 0.64286, R = 9/20 = 0.45, F = 0.64286*0.45/(0.32143+0.225) = 0.529413 -> 0.52941.
	checkPrinted(t, "ROUGE-SU4", got[6], "0.64286", "0.45000", "0.52941")
	checkCounts(t, "ROUGE-SU4", got[6], 9, 20, 14)
	checkPrinted(t, "ROUGE-SU*", got[7], "0.64286", "0.45000", "0.52941")
	// The same arithmetic in code, for the record.
	p, r := round5(9./14), round5(9./20)
	if want := fmt.Sprintf("%.5f", round5(p*r/(0.5*p+0.5*r))); want != "0.52941" {
		t.Fatalf("hand arithmetic: %s", want)
	}
}

func TestPerlAlphaAndRounding(t *testing.T) {
	// Without rounding, F = PR/((1-a)P + aR): a = 1 gives P, a = 0 gives R, a = 0.5 gives 2PR/(P+R).
	// rouge1 of case A: P = 4/5, R = 4/6.
	for _, c := range []struct {
		alpha float64
		f     float64
	}{{1, 4. / 5}, {0, 4. / 6}, {0.5, 8. / 11}, {0.2, (0.8 * 4 / 6) / (0.8*0.8 + 0.2*4/6)}} {
		o := PerlOptions()
		o.Round, o.Alpha = false, c.alpha
		got := mustScore(t, mustScorer(t, []Metric{N(1)}, o), caseACand, caseARef)
		checkPRF(t, fmt.Sprintf("alpha %v", c.alpha), got[0], prf{4. / 5, 4. / 6, c.f})
	}
}

// Case C: c = [1 2 3], r1 = [1 2], r2 = [3 4]. rouge1 against r1: 2 hits, P = 2/3, R = 1,
// F = 0.8; against r2: 1 hit, P = 1/3, R = 1/2, F = 0.4.
var (
	caseCCand = Summary{Tokens: []uint32{1, 2, 3}}
	caseCRef1 = Summary{Tokens: []uint32{1, 2}}
	caseCRef2 = Summary{Tokens: []uint32{3, 4}}
)

func TestMultiReferencePolicies(t *testing.T) {
	m := []Metric{N(1)}
	// BestF: r1 (F 0.8 > 0.4).
	got := mustScore(t, mustScorer(t, m, RougeScoreOptions()), caseCCand, caseCRef1, caseCRef2)
	checkPRF(t, "best F", got[0], prf{2. / 3, 1, 0.8})
	checkCounts(t, "best F", got[0], 2, 2, 3)
	// Order does not matter for a strict maximum.
	got = mustScore(t, mustScorer(t, m, RougeScoreOptions()), caseCCand, caseCRef2, caseCRef1)
	checkPRF(t, "best F reversed", got[0], prf{2. / 3, 1, 0.8})
	// PerlA: pooled, hit 2+1 = 3, reference 2+2 = 4, candidate 3+3 = 6 -> 0.5, 0.75,
	// F = 0.375/0.625 = 0.6.
	got = mustScore(t, mustScorer(t, m, PerlOptions()), caseCCand, caseCRef1, caseCRef2)
	checkPrinted(t, "-f A", got[0], "0.50000", "0.75000", "0.60000")
	checkCounts(t, "-f A", got[0], 3, 4, 6)
	// PerlB: best recall, r1 (1 > 0.5): P = 0.66667, R = 1, F = 0.66667/0.833335 = 0.80000.
	o := PerlOptions()
	o.MultiReference = PerlB
	got = mustScore(t, mustScorer(t, m, o), caseCCand, caseCRef2, caseCRef1)
	checkPrinted(t, "-f B", got[0], "0.66667", "1.00000", "0.80000")
	checkCounts(t, "-f B", got[0], 2, 2, 3)
	// Jackknife (rouge-score, best F): the subsets {r2} and {r1}: P = (1/3+2/3)/2 = 0.5,
	// R = (1/2+1)/2 = 0.75, F = (0.4+0.8)/2 = 0.6.
	o = RougeScoreOptions()
	o.Jackknife = true
	got = mustScore(t, mustScorer(t, m, o), caseCCand, caseCRef1, caseCRef2)
	checkPRF(t, "jackknife", got[0], prf{0.5, 0.75, 0.6})
}

// Values copied from ../shared/conformance/seed_examples.jsonl and synthetic_ids.jsonl
// (refimpl.py, rouge-score definitions).
func TestConformanceCopied(t *testing.T) {
	names := []string{"rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeLsum", "rougeW-1.2", "rougeS0", "rougeS1", "rougeS4", "rougeS*", "rougeSU4"}
	cases := []struct {
		id        string
		cand, ref Summary
		want      []prf
	}{
		{"seed-union-lcs",
			Summary{[]uint32{1, 2, 5, 1, 3, 6}, []int{3, 6}}, Summary{[]uint32{1, 2, 3, 4}, []int{4}},
			[]prf{{0.5, 0.75, 0.6}, {0.2, 0.3333333333333333, 0.25}, {0, 0, 0}, {0, 0, 0},
				{0.5, 0.75, 0.6}, {0.5, 0.75, 0.6},
				{0.4504619195807666, 0.67569287937115, 0.5405543034969199},
				{0.2, 0.3333333333333333, 0.25}, {0.2222222222222222, 0.4, 0.2857142857142857},
				{0.2, 0.5, 0.28571428571428575}, {0.2, 0.5, 0.28571428571428575},
				{0.2857142857142857, 0.6, 0.3870967741935483}}},
		{"seed-wlcs",
			Summary{[]uint32{88, 89, 90, 65, 66, 67, 68, 69, 70}, []int{9}}, Summary{[]uint32{65, 66, 67, 88, 89, 90, 68, 69, 70}, []int{9}},
			[]prf{{1, 1, 1}, {0.75, 0.75, 0.75}, {0.42857142857142855, 0.42857142857142855, 0.42857142857142855}, {0, 0, 0},
				{0.6666666666666666, 0.6666666666666666, 0.6666666666666666}, {0.6666666666666666, 0.6666666666666666, 0.6666666666666666},
				{0.5939324787602263, 0.5939324787602263, 0.5939324787602263},
				{0.75, 0.75, 0.75}, {0.6, 0.6, 0.6}, {0.5, 0.5, 0.5}, {0.75, 0.75, 0.75},
				{0.6153846153846154, 0.6153846153846154, 0.6153846153846154}}},
		{"synth-0093",
			Summary{[]uint32{3, 4, 1, 3, 1, 4, 0, 4, 1, 4}, []int{8, 10}}, Summary{[]uint32{2, 1, 0, 0, 1}, []int{5}},
			[]prf{{0.3, 0.6, 0.4}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0},
				{0.3, 0.6, 0.4}, {0.2, 0.4, 0.26666666666666666},
				{0.2498049532966813, 0.49960990659336263, 0.3330732710622417},
				{0, 0, 0}, {0.11764705882352941, 0.2857142857142857, 0.16666666666666666},
				{0.11428571428571428, 0.4, 0.17777777777777776}, {0.08888888888888889, 0.4, 0.14545454545454545},
				{0.15555555555555556, 0.4666666666666667, 0.23333333333333334}}},
	}
	metrics := make([]Metric, len(names))
	for i, n := range names {
		var err error
		if metrics[i], err = ParseMetric(n); err != nil {
			t.Fatal(err)
		}
	}
	s := mustScorer(t, metrics, RougeScoreOptions())
	for _, c := range cases {
		got := mustScore(t, s, c.cand, c.ref)
		for i, n := range names {
			checkPRF(t, c.id+" "+n, got[i], c.want[i])
		}
	}
}

// liplus-24-sys7 (candidate "roadways bus and impact", 4 references), scored by ROUGE-1.5.5.pl
// without stemming; copied from ../shared/conformance/real_rouge155.jsonl.
func TestPerlConformanceCopied(t *testing.T) {
	texts := []string{
		"roadways bus and impact",
		"4 killed in accident between Roadway bus and Maruti.",
		"4 dead in collision between \"Roadways\" Bus and Maruti car.",
		"Four killed in accident between 'Roadways' bus and 'Maruti' car",
		"Roadways bus and a Maruti collide: 4 dead",
	}
	sum, err := Tokenize(texts...)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		name           string
		p, r, f        string
		ref, cand, hit float64
	}
	run := func(id string, policy MultiReference, rows []row) {
		metrics := make([]Metric, len(rows))
		for i, r := range rows {
			if metrics[i], err = ParseMetric(r.name); err != nil {
				t.Fatal(err)
			}
			if r.name == "ROUGE-L" {
				metrics[i] = Lsum() // ROUGE-1.5.5's ROUGE-L is summary level (see ParseMetric)
			}
		}
		o := PerlOptions()
		o.MultiReference = policy
		got := mustScore(t, mustScorer(t, metrics, o), sum[0], sum[1:]...)
		for i, r := range rows {
			checkPrinted(t, id+" "+r.name, got[i], r.p, r.r, r.f)
			checkCounts(t, id+" "+r.name, got[i], r.hit, r.ref, r.cand)
		}
	}
	run("liplus-24-sys7|ROUGE-1.5.5|base|stem=False|f=A", PerlA, []row{
		{"ROUGE-1", "0.68750", "0.29730", "0.41510", 37, 16, 11},
		{"ROUGE-2", "0.58333", "0.21212", "0.31111", 33, 12, 7},
		{"ROUGE-3", "0.37500", "0.10345", "0.16216", 29, 8, 3},
		{"ROUGE-4", "0.00000", "0.00000", "0.00000", 25, 4, 0},
		{"ROUGE-L", "0.68750", "0.29730", "0.41510", 37, 16, 11},
		{"ROUGE-W-1.2", "0.68930", "0.19062", "0.29865", 98.7230102354087, 21.1121265723663, 13.5089751665337},
		{"ROUGE-S4", "0.41667", "0.08000", "0.13423", 125, 24, 10},
		{"ROUGE-SU4", "0.58333", "0.13291", "0.21649", 158, 36, 21},
	})
	run("liplus-24-sys7|ROUGE-1.5.5|base|stem=False|f=B", PerlB, []row{
		{"ROUGE-1", "0.75000", "0.37500", "0.50000", 8, 4, 3},
		{"ROUGE-2", "0.66667", "0.28571", "0.40000", 7, 3, 2},
		{"ROUGE-3", "0.50000", "0.16667", "0.25000", 6, 2, 1},
		{"ROUGE-4", "0.00000", "0.00000", "0.00000", 6, 1, 0},
		{"ROUGE-L", "0.75000", "0.37500", "0.50000", 8, 4, 3},
		{"ROUGE-W-1.2", "0.75000", "0.24741", "0.37208", 19.9732887824258, 5.27803164309158, 3.73719281884655},
		{"ROUGE-S4", "0.50000", "0.12000", "0.19355", 25, 6, 3},
		{"ROUGE-SU4", "0.66667", "0.18750", "0.29268", 32, 9, 6},
	})
	run("liplus-24-sys7|ROUGE-1.5.5|skipstar|stem=False|f=A", PerlA, []row{
		{"ROUGE-S*", "0.41667", "0.06494", "0.11237", 154, 24, 10},
		{"ROUGE-SU*", "0.58333", "0.11230", "0.18834", 187, 36, 21},
	})
	run("liplus-24-sys7|ROUGE-1.5.5|skipstar|stem=False|f=B", PerlB, []row{
		{"ROUGE-S*", "0.50000", "0.10714", "0.17647", 28, 6, 3},
		{"ROUGE-SU*", "0.66667", "0.17143", "0.27273", 35, 9, 6},
	})
}

func TestSeedTextCase(t *testing.T) {
	// seed-police|rouge-score|stem=False: rouge1 0.75, rouge2 1/3, rougeL 0.75.
	sum, err := Tokenize("police kill the gunman", "police killed the gunman")
	if err != nil {
		t.Fatal(err)
	}
	got := mustScore(t, mustScorer(t, []Metric{N(1), N(2), L(), Lsum()}, RougeScoreOptions()), sum[0], sum[1])
	checkPRF(t, "rouge1", got[0], prf{0.75, 0.75, 0.75})
	checkPRF(t, "rouge2", got[1], prf{0.3333333333333333, 0.3333333333333333, 0.3333333333333333})
	checkPRF(t, "rougeL", got[2], prf{0.75, 0.75, 0.75})
	checkPRF(t, "rougeLsum", got[3], prf{0.75, 0.75, 0.75})
}

func TestParseMetric(t *testing.T) {
	for name, want := range map[string]Metric{
		"rouge1": N(1), "rouge4": N(4), "ROUGE-2": N(2), "rougeL": L(), "ROUGE-L": Lsum(), "rougeLsum": Lsum(),
		"rougeW-1.2": W(1.2), "ROUGE-W-1.5": W(1.5), "rougeS4": S(4), "rougeS*": SUnlimited(), "ROUGE-S0": S(0),
		"rougeSU4": SU(4), "ROUGE-SU*": SUUnlimited(),
	} {
		got, err := ParseMetric(name)
		if err != nil || got != want {
			t.Errorf("ParseMetric(%q) = %+v, %v; want %+v", name, got, err, want)
		}
	}
	for _, m := range []Metric{N(1), N(12), L(), Lsum(), W(1.2), S(4), SUnlimited(), SU(9), SUUnlimited()} {
		if got, err := ParseMetric(m.String()); err != nil || got != m {
			t.Errorf("round trip of %+v via %q: %+v, %v", m, m.String(), got, err)
		}
	}
	for _, name := range []string{"", "rouge", "rouge0", "rougeX", "rougeW-0.5", "rougeW", "bleu", "rougeS-1", "rougeSU", "rouge1 "} {
		_, err := ParseMetric(name)
		if !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("ParseMetric(%q): %v, want ErrInvalidArgument", name, err)
		}
	}
}

func TestInvalidMetricsAndOptions(t *testing.T) {
	bad := map[string][]Metric{
		"n = 0":          {N(0)},
		"n < 0":          {N(-1)},
		"n > 2^32-1":     {N(1 << 33)},
		"weight < 1":     {W(0.5)},
		"weight NaN":     {W(math.NaN())},
		"weight +Inf":    {W(math.Inf(1))},
		"unknown kind":   {{Kind: 99}},
		"kind 0":         {{}},
		"second invalid": {N(1), N(0)},
	}
	for name, ms := range bad {
		if _, err := NewScorer(ms, RougeScoreOptions()); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("%s: %v, want ErrInvalidArgument", name, err)
		}
	}
	opts := map[string]func(*Options){
		"alpha > 1": func(o *Options) { o.Alpha = 1.5 },
		"alpha < 0": func(o *Options) { o.Alpha = -0.1 },
		"alpha NaN": func(o *Options) { o.Alpha = math.NaN() },
		"flavour 7": func(o *Options) { o.Flavour = 7 },
		"policy 9":  func(o *Options) { o.MultiReference = 9 },
	}
	for name, f := range opts {
		o := PerlOptions()
		f(&o)
		if _, err := NewScorer([]Metric{N(1)}, o); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("%s: %v, want ErrInvalidArgument", name, err)
		}
	}
	// Edges that are valid: alpha 0 and 1, weight 1, skip 0.
	for _, o := range []Options{{Flavour: FlavourPerl, Alpha: 0}, {Flavour: FlavourPerl, Alpha: 1}} {
		if _, err := NewScorer([]Metric{W(1), S(0), SU(0)}, o); err != nil {
			t.Errorf("%+v: %v", o, err)
		}
	}
}

func TestOptionsDefaults(t *testing.T) {
	if got, want := RougeScoreOptions(), (Options{FlavourRougeScore, BestF, false, false, 0.5}); got != want {
		t.Errorf("RougeScoreOptions() = %+v, want %+v", got, want)
	}
	if got, want := PerlOptions(), (Options{FlavourPerl, PerlA, false, true, 0.5}); got != want {
		t.Errorf("PerlOptions() = %+v, want %+v", got, want)
	}
	s := mustScorer(t, []Metric{N(2), SU(4)}, PerlOptions())
	if !reflect.DeepEqual(s.Metrics(), []Metric{N(2), SU(4)}) || s.Options() != PerlOptions() {
		t.Errorf("Scorer.Metrics/Options: %+v %+v", s.Metrics(), s.Options())
	}
	if Version() == "" {
		t.Error("empty Version()")
	}
}

func TestScoreErrors(t *testing.T) {
	all := []Metric{N(1), N(2), L(), Lsum(), W(1.2), S(4), SUnlimited(), SU(4)}
	for _, o := range []Options{RougeScoreOptions(), PerlOptions()} {
		s := mustScorer(t, all, o)
		sentinel := Score{Precision: -7}
		dst := make([]Score, len(all))
		for i := range dst {
			dst[i] = sentinel
		}
		check := func(name string, err, want error) {
			t.Helper()
			if !errors.Is(err, want) {
				t.Errorf("%v %s: %v, want %v", o.Flavour, name, err, want)
			}
			for i := range dst {
				if dst[i] != sentinel {
					t.Fatalf("%s: dst written on error", name)
				}
			}
		}
		tok := []uint32{1, 2, 3}
		ok := Summary{Tokens: tok}
		check("no references", s.ScoreInto(dst, ok, nil), ErrInvalidArgument)
		check("empty references", s.ScoreInto(dst, ok, []Summary{}), ErrInvalidArgument)
		if _, err := s.Score(ok); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("Score without references: %v", err)
		}
		for name, ends := range map[string][]int{
			"decreasing": {2, 1}, "past the end": {4}, "negative": {-1}, "huge": {1 << 40}, "huge then small": {1 << 40, 3},
		} {
			bad := Summary{Tokens: tok, SentenceEnds: ends}
			check("candidate ends "+name, s.ScoreInto(dst, bad, []Summary{ok}), ErrInvalidArgument)
			check("reference ends "+name, s.ScoreInto(dst, ok, []Summary{ok, bad}), ErrInvalidArgument)
		}
		check("dst too short", s.ScoreInto(dst[:len(all)-1], ok, []Summary{ok}), ErrOutputTooSmall)
		if s.ScratchWords() > 1<<20 {
			t.Errorf("scratch grew to %d words on invalid input", s.ScratchWords())
		}
		// And the scorer still works afterwards.
		if err := s.ScoreInto(dst, ok, []Summary{ok}); err != nil || dst[0].FMeasure != 1 {
			t.Errorf("after errors: %v %+v", err, dst[0])
		}
	}
}

func TestErrorType(t *testing.T) {
	_, err := NewScorer([]Metric{N(0)}, RougeScoreOptions())
	var e *Error
	if !errors.As(err, &e) || e.Status != StatusInvalidArgument {
		t.Fatalf("errors.As: %v", err)
	}
	if got := ErrInvalidArgument.Error(); got != "rouge: invalid argument" {
		t.Errorf("Error() = %q", got)
	}
	if !errors.Is(&Error{Status: StatusOutputTooSmall}, ErrOutputTooSmall) || errors.Is(ErrOutputTooSmall, ErrInvalidArgument) {
		t.Error("Error.Is")
	}
	for st, want := range map[Status]string{
		StatusOK: "ok", StatusNullPointer: "null pointer with a non-zero length", StatusScratchTooSmall: "scratch buffer too small",
		StatusScratchMisaligned: "scratch buffer not aligned to 8 bytes", StatusInputTooLong: "input too long",
		StatusOutputTooSmall: "output buffer too small", Status(99): "unknown status",
	} {
		if st.String() != want {
			t.Errorf("Status(%d).String() = %q, want %q", st, st.String(), want)
		}
	}
	if err := errorOf(99); err.Error() != "rouge: unknown status" {
		t.Errorf("errorOf(99) = %v", err)
	}
}

func TestNilAndEmpty(t *testing.T) {
	// No metrics: a valid scorer with empty results.
	s := mustScorer(t, nil, RougeScoreOptions())
	if got, err := s.Score(caseACand, caseARef); err != nil || len(got) != 0 {
		t.Errorf("no metrics: %v %v", got, err)
	}
	if err := s.ScoreInto(nil, caseACand, []Summary{caseARef}); err != nil {
		t.Errorf("no metrics, nil dst: %v", err)
	}
	if got, err := s.ScoreBatch(Batch{}); err != nil || len(got) != 0 {
		t.Errorf("no metrics, empty batch: %v %v", got, err)
	}
	// Empty candidate or reference: every score is 0, never an error; nil and empty slices alike.
	all := []Metric{N(1), N(4), L(), Lsum(), W(1.2), S(4), SUnlimited(), SU(4), SUUnlimited()}
	for _, o := range []Options{RougeScoreOptions(), PerlOptions()} {
		s := mustScorer(t, all, o)
		empties := []Summary{{}, {Tokens: []uint32{}, SentenceEnds: []int{}}, {Tokens: nil, SentenceEnds: []int{0}}}
		for i, e := range empties {
			for _, pair := range [][2]Summary{{e, caseARef}, {caseACand, e}, {e, e}} {
				got := mustScore(t, s, pair[0], pair[1])
				for k, g := range got {
					if g.Precision != 0 || g.Recall != 0 || g.FMeasure != 0 || g.Hit != 0 {
						t.Errorf("%v empty %d metric %v: %+v", o.Flavour, i, all[k], g)
					}
				}
			}
		}
		// An empty reference among others.
		if _, err := s.Score(caseACand, Summary{}, caseARef); err != nil {
			t.Error(err)
		}
	}
	// The tokeniser.
	if got, err := Tokenize(); err != nil || got != nil {
		t.Errorf("Tokenize(): %v %v", got, err)
	}
	got, err := Tokenize("", "  ,; ", "a")
	if err != nil || len(got) != 3 || len(got[0].Tokens) != 0 || len(got[1].Tokens) != 0 || len(got[2].Tokens) != 1 {
		t.Errorf("Tokenize of empty texts: %+v %v", got, err)
	}
	// An empty batch (no pairs, or pair segments [0] only) and a batch of empty segments.
	s = mustScorer(t, all, RougeScoreOptions())
	if got, err := s.ScoreBatch(Batch{PairSegments: []int{0}}); err != nil || len(got) != 0 {
		t.Errorf("batch without pairs: %v %v", got, err)
	}
	var b Batch
	b.Add(Summary{}, Summary{})
	if got, err := s.ScoreBatch(b); err != nil || len(got) != len(all) || got[0] != (Score{}) {
		t.Errorf("batch of empty segments: %+v %v", got, err)
	}
}

func TestTokenize(t *testing.T) {
	sum, err := Tokenize("The cat, the HAT.\nA cat!", "hat cat\n", "x9 X9 déjà")
	if err != nil {
		t.Fatal(err)
	}
	// Text 0: the cat the hat | a cat -> 6 tokens, ends 4 and 6; equal words equal ids.
	a := sum[0].Tokens
	if len(a) != 6 || a[0] != a[2] || a[1] != a[5] || a[0] == a[1] || a[3] == a[4] {
		t.Errorf("text 0 ids %v", a)
	}
	if !reflect.DeepEqual(sum[0].SentenceEnds, []int{4, 6}) {
		t.Errorf("text 0 ends %v", sum[0].SentenceEnds)
	}
	// Text 1 shares the id space: hat, cat.
	if b := sum[1].Tokens; len(b) != 2 || b[0] != a[3] || b[1] != a[1] {
		t.Errorf("text 1 ids %v (text 0 %v)", b, a)
	}
	// Text 2: x9 x9 d j: non-ASCII bytes separate tokens.
	if c := sum[2].Tokens; len(c) != 4 || c[0] != c[1] {
		t.Errorf("text 2 ids %v", c)
	}
	// Appending to one result must not overwrite the next one's tokens.
	before := append([]uint32(nil), sum[1].Tokens...)
	_ = append(sum[0].Tokens, 999)
	if !reflect.DeepEqual(sum[1].Tokens, before) {
		t.Error("results alias each other's capacity")
	}
}

// randomSummary draws a summary of up to maxLen tokens over a vocabulary of v ids, with random
// sentence ends (0 and len included sometimes).
func randomSummary(r *rand.Rand, maxLen, v int) Summary {
	n := r.IntN(maxLen + 1)
	s := Summary{Tokens: make([]uint32, n)}
	for i := range s.Tokens {
		s.Tokens[i] = uint32(r.IntN(v))
	}
	if n > 0 && r.IntN(4) > 0 {
		k := r.IntN(4)
		e := 0
		for range k {
			e += r.IntN(n - e + 1)
			if e > 0 {
				s.SentenceEnds = append(s.SentenceEnds, e)
			}
		}
		if r.IntN(2) == 0 {
			s.SentenceEnds = append(s.SentenceEnds, n)
		}
	}
	return s
}

type pairCase struct {
	cand Summary
	refs []Summary
}

func randomPairs(seed uint64, count int) []pairCase {
	r := rand.New(rand.NewPCG(seed, 1))
	out := make([]pairCase, count)
	for i := range out {
		v := []int{2, 5, 50, 1 << 30}[r.IntN(4)]
		maxLen := []int{3, 20, 80}[r.IntN(3)]
		out[i].cand = randomSummary(r, maxLen, v)
		for range 1 + r.IntN(3) {
			out[i].refs = append(out[i].refs, randomSummary(r, maxLen, v))
		}
	}
	return out
}

var allMetrics = []Metric{N(1), N(2), N(3), N(4), L(), Lsum(), W(1.2), S(0), S(4), SUnlimited(), SU(4), SUUnlimited()}

func bitsEqual(a, b []Score) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x := []float64{a[i].Precision, a[i].Recall, a[i].FMeasure, a[i].Hit, a[i].ReferenceTotal, a[i].CandidateTotal}
		y := []float64{b[i].Precision, b[i].Recall, b[i].FMeasure, b[i].Hit, b[i].ReferenceTotal, b[i].CandidateTotal}
		for k := range x {
			if math.Float64bits(x[k]) != math.Float64bits(y[k]) {
				return false
			}
		}
	}
	return true
}

func sequential(t testing.TB, pairs []pairCase, o Options) [][]Score {
	s := mustScorer(t, allMetrics, o)
	out := make([][]Score, len(pairs))
	for i, p := range pairs {
		out[i] = mustScore(t, s, p.cand, p.refs...)
	}
	return out
}

func TestConcurrentScorers(t *testing.T) {
	pairs := randomPairs(42, 200)
	for _, o := range []Options{RougeScoreOptions(), PerlOptions()} {
		want := sequential(t, pairs, o)
		var wg sync.WaitGroup
		errs := make(chan string, 64)
		for g := range 64 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s, err := NewScorer(allMetrics, o)
				if err != nil {
					errs <- err.Error()
					return
				}
				dst := make([]Score, len(allMetrics))
				for k := range pairs {
					i := (k + g*7) % len(pairs) // each goroutine in its own order
					if err := s.ScoreInto(dst, pairs[i].cand, pairs[i].refs); err != nil {
						errs <- fmt.Sprintf("goroutine %d pair %d: %v", g, i, err)
						return
					}
					if !bitsEqual(dst, want[i]) {
						errs <- fmt.Sprintf("goroutine %d pair %d: %+v, sequential %+v", g, i, dst, want[i])
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Error(e)
		}
	}
}

func TestBatchEqualsPairs(t *testing.T) {
	pairs := randomPairs(7, 300)
	for _, o := range []Options{RougeScoreOptions(), PerlOptions(), {Flavour: FlavourPerl, MultiReference: PerlB, Alpha: 0.3}, {Flavour: FlavourRougeScore, Jackknife: true}} {
		want := sequential(t, pairs, o)
		var b Batch
		for _, p := range pairs {
			b.Add(p.cand, p.refs...)
		}
		if b.Pairs() != len(pairs) {
			t.Fatalf("Pairs() = %d", b.Pairs())
		}
		s := mustScorer(t, allMetrics, o)
		got, err := s.ScoreBatch(b)
		if err != nil {
			t.Fatal(err)
		}
		k := len(allMetrics)
		for i := range pairs {
			if !bitsEqual(got[i*k:(i+1)*k], want[i]) {
				t.Errorf("%+v pair %d: batch %+v, pair %+v", o, i, got[i*k:(i+1)*k], want[i])
			}
		}
		// A scorer that already scored pairs scores the batch the same (scratch reuse).
		again := make([]Score, len(got))
		if err := s.ScoreBatchInto(again, b); err != nil || !bitsEqual(again, got) {
			t.Errorf("second batch call differs: %v", err)
		}
	}
}

func TestBatchErrors(t *testing.T) {
	s := mustScorer(t, allMetrics, RougeScoreOptions())
	good := func() Batch {
		// Pair 0: segments 0 (cand [1 2 3]) and 1 (ref [1 2]); pair 1: segments 2, 3, 4.
		return Batch{
			Tokens:       []uint32{1, 2, 3, 1, 2, 4, 5, 4, 5, 6},
			SegmentEnds:  []int{3, 5, 7, 9, 10},
			PairSegments: []int{0, 2, 5},
			SentenceEnds: []int{1, 3, 8},
		}
	}
	if got, err := s.ScoreBatch(good()); err != nil || len(got) != 2*len(allMetrics) {
		t.Fatalf("good batch: %v", err)
	}
	for name, f := range map[string]func(*Batch){
		"segment ends decreasing":    func(b *Batch) { b.SegmentEnds[1] = 2 },
		"segment end past tokens":    func(b *Batch) { b.SegmentEnds[4] = 11 },
		"segment end negative":       func(b *Batch) { b.SegmentEnds[0] = -1 },
		"pair segments decreasing":   func(b *Batch) { b.PairSegments = []int{0, 3, 2} },
		"pair without reference":     func(b *Batch) { b.PairSegments = []int{0, 1, 5} },
		"pair segments past the end": func(b *Batch) { b.PairSegments = []int{0, 2, 6} },
		"pair segments negative":     func(b *Batch) { b.PairSegments = []int{-1, 2, 5} },
		"sentence ends decreasing":   func(b *Batch) { b.SentenceEnds = []int{3, 1} },
		"sentence end past tokens":   func(b *Batch) { b.SentenceEnds = []int{3, 11} },
		"sentence end huge":          func(b *Batch) { b.SentenceEnds = []int{1 << 40} },
	} {
		b := good()
		f(&b)
		if _, err := s.ScoreBatch(b); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("%s: %v, want ErrInvalidArgument", name, err)
		}
	}
	dst := make([]Score, 2*len(allMetrics)-1)
	if err := s.ScoreBatchInto(dst, good()); !errors.Is(err, ErrOutputTooSmall) {
		t.Errorf("short dst: %v, want ErrOutputTooSmall", err)
	}
	// The batch agrees with the pairs it describes (ends relative to each segment).
	got, _ := s.ScoreBatch(good())
	p0 := mustScore(t, s, Summary{[]uint32{1, 2, 3}, []int{1, 3}}, Summary{[]uint32{1, 2}, nil})
	p1 := mustScore(t, s, Summary{[]uint32{4, 5}, nil}, Summary{[]uint32{4, 5}, []int{1}}, Summary{[]uint32{6}, nil})
	if !bitsEqual(got, append(p0, p1...)) {
		t.Errorf("hand-built batch: %+v vs %+v %+v", got, p0, p1)
	}
}

// The scratch grows with the input and is reused; results do not depend on what it held.
func TestScratchReuse(t *testing.T) {
	pairs := randomPairs(99, 100)
	want := make([][]Score, len(pairs))
	for i, p := range pairs {
		want[i] = mustScore(t, mustScorer(t, allMetrics, PerlOptions()), p.cand, p.refs...) // fresh scorer each
	}
	s := mustScorer(t, allMetrics, PerlOptions())
	for round := range 2 {
		for i := len(pairs) - 1; i >= 0; i-- {
			if got := mustScore(t, s, pairs[i].cand, pairs[i].refs...); !bitsEqual(got, want[i]) {
				t.Fatalf("round %d pair %d differs with a reused scratch", round, i)
			}
		}
	}
}

func TestScoreIntoDoesNotAllocate(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	cand := randomSummary(r, 80, 50)
	refs := []Summary{randomSummary(r, 80, 50), randomSummary(r, 80, 50), randomSummary(r, 80, 50), randomSummary(r, 80, 50)}
	for _, o := range []Options{RougeScoreOptions(), PerlOptions()} {
		for _, n := range []int{1, 4} { // 4 references: 10 pinned arrays, several Pinners
			s := mustScorer(t, allMetrics, o)
			dst := make([]Score, len(allMetrics))
			if err := s.ScoreInto(dst, cand, refs[:n]); err != nil {
				t.Fatal(err)
			}
			if a := testing.AllocsPerRun(200, func() { _ = s.ScoreInto(dst, cand, refs[:n]) }); a != 0 {
				t.Errorf("%v, %d references: ScoreInto allocates %v times per call", o.Flavour, n, a)
			}
		}
		s := mustScorer(t, allMetrics, o)
		var b Batch
		for range 16 {
			b.Add(randomSummary(r, 40, 50), randomSummary(r, 40, 50), randomSummary(r, 40, 50))
		}
		dst := make([]Score, b.Pairs()*len(allMetrics))
		if err := s.ScoreBatchInto(dst, b); err != nil {
			t.Fatal(err)
		}
		if a := testing.AllocsPerRun(100, func() { _ = s.ScoreBatchInto(dst, b) }); a != 0 {
			t.Errorf("%v: ScoreBatchInto allocates %v times per call", o.Flavour, a)
		}
	}
}
