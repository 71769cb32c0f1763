package rouge

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchPair is a candidate of about 100 tokens in 5 sentences and references like it, over a
// vocabulary of 1000 ids.
func benchPair(r *rand.Rand, refs int) (Summary, []Summary) {
	mk := func() Summary {
		s := Summary{Tokens: make([]uint32, 100)}
		for i := range s.Tokens {
			s.Tokens[i] = uint32(r.IntN(1000))
		}
		s.SentenceEnds = []int{20, 40, 60, 80, 100}
		return s
	}
	c := mk()
	rs := make([]Summary, refs)
	for i := range rs {
		rs[i] = mk()
	}
	return c, rs
}

func BenchmarkScoreInto(b *testing.B) {
	for _, bc := range []struct {
		name string
		o    Options
		refs int
	}{
		{"rouge-score/1ref", RougeScoreOptions(), 1},
		{"rouge-score/4refs", RougeScoreOptions(), 4},
		{"perl/1ref", PerlOptions(), 1},
		{"perl/4refs", PerlOptions(), 4},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c, refs := benchPair(rand.New(rand.NewPCG(1, 2)), bc.refs)
			s := mustScorer(b, allMetrics, bc.o)
			dst := make([]Score, len(allMetrics))
			if err := s.ScoreInto(dst, c, refs); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := s.ScoreInto(dst, c, refs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkScoreBatchInto scores 64 pairs per call; ns/op is per batch.
func BenchmarkScoreBatchInto(b *testing.B) {
	for _, bc := range []struct {
		name string
		o    Options
	}{{"rouge-score/64pairs", RougeScoreOptions()}, {"perl/64pairs", PerlOptions()}} {
		b.Run(bc.name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			var batch Batch
			for range 64 {
				c, refs := benchPair(r, 1)
				batch.Add(c, refs...)
			}
			s := mustScorer(b, allMetrics, bc.o)
			dst := make([]Score, batch.Pairs()*len(allMetrics))
			if err := s.ScoreBatchInto(dst, batch); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := s.ScoreBatchInto(dst, batch); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkStreamPush pushes one token into a stream over 1 or 4 references of 100 tokens
// tracking rouge1-4, L and Lsum; a sentence ends every 20 tokens and the stream is reset every
// 200 (amortised in ns/op).
func BenchmarkStreamPush(b *testing.B) {
	for _, refs := range []int{1, 4} {
		b.Run(fmt.Sprintf("%drefs", refs), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			_, rs := benchPair(r, refs)
			st, err := NewStream(StreamConfig{MaxN: 4, L: true, Lsum: true, MaxSentenceLen: 20}, rs...)
			if err != nil {
				b.Fatal(err)
			}
			toks := make([]uint32, 200)
			for i := range toks {
				toks[i] = uint32(r.IntN(1000))
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := st.Push(toks[i]); err != nil {
					b.Fatal(err)
				}
				i++
				if i%20 == 0 {
					_ = st.EndSentence()
				}
				if i == len(toks) {
					_ = st.Reset()
					i = 0
				}
			}
		})
	}
}

// BenchmarkStreamScoreInto reads rouge1-4, L and Lsum of a 100-token candidate from 1 or 4
// references' streams.
func BenchmarkStreamScoreInto(b *testing.B) {
	metrics := []Metric{N(1), N(2), N(3), N(4), L(), Lsum()}
	for _, bc := range []struct {
		name string
		o    Options
		refs int
	}{
		{"rouge-score/1ref", RougeScoreOptions(), 1},
		{"rouge-score/4refs", RougeScoreOptions(), 4},
		{"perl/4refs", PerlOptions(), 4},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c, rs := benchPair(rand.New(rand.NewPCG(1, 2)), bc.refs)
			st, err := NewStream(StreamConfig{MaxN: 4, L: true, Lsum: true, MaxSentenceLen: 20}, rs...)
			if err != nil {
				b.Fatal(err)
			}
			for i, t := range c.Tokens {
				_ = st.Push(t)
				if (i+1)%20 == 0 {
					_ = st.EndSentence()
				}
			}
			dst := make([]Score, len(metrics))
			if err := st.ScoreInto(dst, metrics, bc.o); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := st.ScoreInto(dst, metrics, bc.o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
