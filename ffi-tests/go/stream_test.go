package rouge

// Tests of Stream. The hand case's values are worked out in the comments; the other tests
// compare the stream with the one-shot Scorer (bit for bit) or check errors.

import (
	"errors"
	"fmt"
	"testing"
)

var (
	handStreamConfig  = StreamConfig{MaxN: 2, L: true, Lsum: true, MaxSentenceLen: 8}
	handStreamMetrics = []Metric{N(1), N(2), L(), Lsum()}
)

func mustStream(t testing.TB, cfg StreamConfig, refs ...Summary) *Stream {
	t.Helper()
	s, err := NewStream(cfg, refs...)
	if err != nil {
		t.Fatalf("NewStream(%+v): %v", cfg, err)
	}
	return s
}

func mustOK(t testing.TB, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func TestStreamHandCase(t *testing.T) {
	// Reference [1 2 5] (one sentence); candidate pushed 1 2 | 3 4 | (| = EndSentence).
	//   after 1:         rouge1 hit 1 (ref 3, cand 1); rouge2 0 (ref 2, cand 0); L 1 (3, 1);
	//                    Lsum: no sentence has ended, 0 (3, 0).
	//   after 1 2 |:     rouge1 2 (3, 2); rouge2 1, the bigram 12 (2, 1); L 2 (3, 2);
	//                    Lsum: union LCS of [1 2 5] with [1 2] = {1 2}: 2 (3, 2).
	//   after 1 2 3:     rouge1 2 (3, 3); rouge2 1 (2, 2); L 2 (3, 3); Lsum unchanged (3, 2).
	//   after 1 2 3 4 |: rouge1 2 (3, 4); rouge2 1 (2, 3); L 2 (3, 4); Lsum: [3 4] adds
	//                    nothing to {1 2}: 2 (3, 4).
	want := [4][4][3]float64{
		{{1, 3, 1}, {0, 2, 0}, {1, 3, 1}, {0, 3, 0}},
		{{2, 3, 2}, {1, 2, 1}, {2, 3, 2}, {2, 3, 2}},
		{{2, 3, 3}, {1, 2, 2}, {2, 3, 3}, {2, 3, 2}},
		{{2, 3, 4}, {1, 2, 3}, {2, 3, 4}, {2, 3, 4}},
	}
	st := mustStream(t, handStreamConfig, Summary{Tokens: []uint32{1, 2, 5}})
	if st.References() != 1 || st.StateWords() == 0 || st.Config() != handStreamConfig {
		t.Errorf("References %d, StateWords %d, Config %+v", st.References(), st.StateWords(), st.Config())
	}
	dst := make([]Score, len(handStreamMetrics))
	for round := range 2 { // after Reset, the same numbers again
		if round == 1 {
			mustOK(t, "Reset", st.Reset())
		}
		for i, tok := range []uint32{1, 2, 3, 4} {
			mustOK(t, "Push", st.Push(tok))
			if i == 1 || i == 3 {
				mustOK(t, "EndSentence", st.EndSentence())
			}
			mustOK(t, "ScoreInto", st.ScoreInto(dst, handStreamMetrics, RougeScoreOptions()))
			for m, w := range want[i] {
				checkCounts(t, fmt.Sprintf("round %d after token %d: %v", round, i, handStreamMetrics[m]), dst[m], w[0], w[1], w[2])
			}
		}
		// Final rouge1: P 2/4, R 2/3, F 2*2/(4+3) = 4/7; rouge2: P 1/3, R 1/2, F 2/5.
		checkPRF(t, "final rouge1", dst[0], prf{0.5, 2. / 3, 4. / 7})
		checkPRF(t, "final rouge2", dst[1], prf{1. / 3, 0.5, 0.4})
	}
}

var streamOptions = []Options{
	RougeScoreOptions(),
	{Flavour: FlavourRougeScore, MultiReference: PerlA},
	{Flavour: FlavourRougeScore, MultiReference: PerlB},
	{Flavour: FlavourRougeScore, Jackknife: true},
	PerlOptions(),
	{Flavour: FlavourPerl, MultiReference: BestF, Round: true, Alpha: 0.5},
	{Flavour: FlavourPerl, MultiReference: PerlB, Round: true, Alpha: 0.5},
	{Flavour: FlavourPerl, MultiReference: PerlA, Jackknife: true, Alpha: 0.3},
}

// checkStreamEqualsOneShot streams cand (EndSentence at each of its sentence ends and after
// the last token) and compares every tracked metric with the Scorer on the whole candidate,
// bit for bit, under each of streamOptions.
func checkStreamEqualsOneShot(t *testing.T, label string, cand Summary, refs []Summary) {
	t.Helper()
	metrics := []Metric{N(1), N(2), N(3), N(4), L(), Lsum()}
	st := mustStream(t, StreamConfig{MaxN: 4, L: true, Lsum: true, MaxSentenceLen: max(len(cand.Tokens), 1)}, refs...)
	e := 0
	for i := 0; i <= len(cand.Tokens); i++ {
		if i > 0 {
			mustOK(t, "Push", st.Push(cand.Tokens[i-1]))
		}
		for ; e < len(cand.SentenceEnds) && cand.SentenceEnds[e] == i; e++ { // ends at 0 too
			mustOK(t, "EndSentence", st.EndSentence())
		}
	}
	mustOK(t, "EndSentence", st.EndSentence())
	for _, o := range streamOptions {
		want := mustScore(t, mustScorer(t, metrics, o), cand, refs...)
		got, err := st.Score(metrics, o)
		if err != nil || !bitsEqual(got, want) {
			t.Errorf("%s, %+v: stream %+v (%v), one-shot %+v", label, o, got, err, want)
		}
	}
}

func TestStreamEqualsOneShot(t *testing.T) {
	// The hand case's candidate against [1 2 5] and a second reference with two sentences.
	checkStreamEqualsOneShot(t, "hand, 2 references", Summary{Tokens: []uint32{1, 2, 3, 4}, SentenceEnds: []int{2, 4}},
		[]Summary{{Tokens: []uint32{1, 2, 5}}, {Tokens: []uint32{3, 4, 1, 9, 2, 5}, SentenceEnds: []int{2}}})
	// An empty first sentence (an end at 0) and a repeated end change nothing.
	checkStreamEqualsOneShot(t, "ends at 0 and repeated", Summary{Tokens: []uint32{1, 2, 3, 4}, SentenceEnds: []int{0, 2, 2}},
		[]Summary{{Tokens: []uint32{1, 2, 5}}, {Tokens: []uint32{3, 4, 1, 9, 2, 5}, SentenceEnds: []int{2}}})
	for i, p := range randomPairs(515, 80) {
		checkStreamEqualsOneShot(t, fmt.Sprintf("random pair %d", i), p.cand, p.refs)
	}
}

func TestStreamErrors(t *testing.T) {
	ref := Summary{Tokens: []uint32{1, 2, 5}}
	// A sentence longer than MaxSentenceLen (2 here) is refused; the stream is unchanged.
	st := mustStream(t, StreamConfig{MaxN: 2, Lsum: true, MaxSentenceLen: 2}, ref, Summary{Tokens: []uint32{2, 1}})
	mustOK(t, "Push", st.Push(1))
	mustOK(t, "Push", st.Push(2))
	tracked := []Metric{N(1), N(2), Lsum()}
	before, err := st.Score(tracked, RougeScoreOptions())
	mustOK(t, "Score", err)
	if err := st.Push(3); !errors.Is(err, ErrInputTooLong) {
		t.Errorf("third token of a 2-token sentence: %v, want ErrInputTooLong", err)
	}
	if after, err := st.Score(tracked, RougeScoreOptions()); err != nil || !bitsEqual(after, before) {
		t.Errorf("a refused push changed the stream: %+v, before %+v (%v)", after, before, err)
	}
	mustOK(t, "EndSentence", st.EndSentence()) // a new sentence may hold 2 tokens again
	mustOK(t, "Push", st.Push(3))
	// Untracked metrics, bad options, short dst: ErrInvalidArgument / ErrOutputTooSmall, dst untouched.
	sentinel := Score{Precision: -7}
	dst := []Score{sentinel, sentinel}
	check := func(name string, err, want error) {
		t.Helper()
		if !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", name, err, want)
		}
		if dst[0] != sentinel || dst[1] != sentinel {
			t.Errorf("%s: dst written on error", name)
		}
	}
	for _, m := range []Metric{N(3), L(), W(1.2), S(4), SU(4), N(0), {Kind: 99}} {
		check("metric "+m.String(), st.ScoreInto(dst, []Metric{N(1), m}, RougeScoreOptions()), ErrInvalidArgument)
	}
	check("alpha 2", st.ScoreInto(dst, tracked[:1], Options{Flavour: FlavourPerl, Alpha: 2}), ErrInvalidArgument)
	check("policy 7", st.ScoreInto(dst, tracked[:1], Options{MultiReference: 7}), ErrInvalidArgument)
	check("dst too short", st.ScoreInto(dst, tracked, RougeScoreOptions()), ErrOutputTooSmall)
	if got, err := st.Score(nil, RougeScoreOptions()); err != nil || len(got) != 0 {
		t.Errorf("no metrics: %v %v", got, err)
	}
	// NewStream's errors.
	for name, c := range map[string]struct {
		cfg  StreamConfig
		refs []Summary
	}{
		"no references":         {handStreamConfig, nil},
		"MaxN above StreamMaxN": {StreamConfig{MaxN: StreamMaxN + 1}, []Summary{ref}},
		"negative MaxN":         {StreamConfig{MaxN: -1}, []Summary{ref}},
		"huge MaxN":             {StreamConfig{MaxN: 1 << 40}, []Summary{ref}},
		"negative sentence len": {StreamConfig{Lsum: true, MaxSentenceLen: -1}, []Summary{ref}},
		"ends past the end":     {handStreamConfig, []Summary{ref, {Tokens: ref.Tokens, SentenceEnds: []int{4}}}},
		"ends decreasing":       {handStreamConfig, []Summary{{Tokens: ref.Tokens, SentenceEnds: []int{2, 1}}}},
		"ends negative":         {handStreamConfig, []Summary{{Tokens: ref.Tokens, SentenceEnds: []int{-1}}}},
	} {
		if s, err := NewStream(c.cfg, c.refs...); !errors.Is(err, ErrInvalidArgument) || s != nil {
			t.Errorf("NewStream, %s: %v, want ErrInvalidArgument", name, err)
		}
	}
	// The zero Stream is not a stream.
	var zero Stream
	for name, err := range map[string]error{"Push": zero.Push(1), "EndSentence": zero.EndSentence(), "Reset": zero.Reset(),
		"ScoreInto": zero.ScoreInto(dst, tracked[:1], RougeScoreOptions())} {
		check("zero Stream "+name, err, ErrInvalidArgument)
	}
	// StreamMaxN itself is fine, and so is tracking nothing (then every metric is untracked).
	most := mustStream(t, StreamConfig{MaxN: StreamMaxN}, ref)
	mustOK(t, "Push", most.Push(1))
	if got, err := most.Score([]Metric{N(StreamMaxN)}, RougeScoreOptions()); err != nil {
		t.Errorf("rouge%d: %v", StreamMaxN, err)
	} else {
		checkCounts(t, "rouge32", got[0], 0, 0, 0)
	}
	nothing := mustStream(t, StreamConfig{}, ref)
	mustOK(t, "Push", nothing.Push(1))
	if _, err := nothing.Score([]Metric{N(1)}, RougeScoreOptions()); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("rouge1 of a stream tracking nothing: %v", err)
	}
}

func TestStreamClone(t *testing.T) {
	a := mustStream(t, handStreamConfig, Summary{Tokens: []uint32{1, 2, 5}})
	mustOK(t, "Push", a.Push(1))
	b := a.Clone() // branch: b continues with 2, a with 5
	mustOK(t, "Push", b.Push(2))
	mustOK(t, "Push", a.Push(5))
	sa, err := a.Score(handStreamMetrics, RougeScoreOptions())
	mustOK(t, "Score", err)
	sb, err := b.Score(handStreamMetrics, RougeScoreOptions())
	mustOK(t, "Score", err)
	checkCounts(t, "a: bigram 15", sa[1], 0, 2, 1)
	checkCounts(t, "b: bigram 12", sb[1], 1, 2, 1)
}

// Many references: more than the C helper's stack table (32 states), so its heap path runs.
func TestStreamManyReferences(t *testing.T) {
	var refs []Summary
	for i := range 40 {
		refs = append(refs, Summary{Tokens: []uint32{uint32(i), 1, 2, uint32(i % 3)}, SentenceEnds: []int{2}})
	}
	checkStreamEqualsOneShot(t, "40 references", Summary{Tokens: []uint32{1, 2, 0, 7, 1, 5, 2}, SentenceEnds: []int{3}}, refs)
}

func TestStreamPushAndScoreIntoDoNotAllocate(t *testing.T) {
	pairs := randomPairs(3, 1)
	refs := append(pairs[0].refs, Summary{}, Summary{Tokens: make([]uint32, 300)})
	st := mustStream(t, StreamConfig{MaxN: 4, L: true, Lsum: true, MaxSentenceLen: 1024}, refs...)
	metrics := []Metric{N(1), N(2), N(3), N(4), L(), Lsum()}
	dst := make([]Score, len(metrics))
	mustOK(t, "ScoreInto", st.ScoreInto(dst, metrics, PerlOptions())) // sizes the metric buffer
	tok := uint32(0)
	if a := testing.AllocsPerRun(500, func() { tok++; _ = st.Push(tok % 7) }); a != 0 {
		t.Errorf("Push allocates %v times per call", a)
	}
	if a := testing.AllocsPerRun(200, func() { _ = st.ScoreInto(dst, metrics, PerlOptions()) }); a != 0 {
		t.Errorf("ScoreInto allocates %v times per call", a)
	}
	if a := testing.AllocsPerRun(50, func() { _ = st.EndSentence(); _ = st.Reset() }); a != 0 {
		t.Errorf("EndSentence and Reset allocate %v times per call", a)
	}
}
