// Package rouge is the Go binding of librouge: the ROUGE summarisation metrics (ROUGE-N, L,
// Lsum, W, S, SU) with the definitions of Google's rouge-score 0.1.2 or of ROUGE-1.5.5.pl,
// computed by the library's allocation-free C ABI (include/rouge.h) through cgo.
//
// # Installing it
//
// In a program outside this repository, link an installed librouge and take the package
// through a replace directive (the module path librouge.dev/rouge is not served by a proxy).
// Install the C library (header, librouge.so, rouge.pc) once:
//
//	ffi-tests/packaging/install.sh --prefix "$HOME/.local"
//
// then, in your module's go.mod:
//
//	require librouge.dev/rouge v0.0.0
//	replace librouge.dev/rouge => /path/to/librouge/ffi-tests/go
//
// (or a go.work with `use /path/to/librouge/ffi-tests/go`, or a copy of doc.go, rouge.go and
// go.mod in your tree), and build with the rouge_system tag, which takes the flags from
// pkg-config (`#cgo pkg-config: rouge`) instead of the repository's paths:
//
//	PKG_CONFIG_PATH=$HOME/.local/lib/pkgconfig go build -tags rouge_system ./...
//	LD_LIBRARY_PATH=$HOME/.local/lib ./yourprogram   # or a prefix in the loader's path
//
// The program then needs librouge.so.0 at run time. make -C ffi-tests/go test builds such a
// program (testdata/installed) against a prefix installed by install.sh and checks its output
// against the C library's (installed.sh).
//
// # Building it in the checkout
//
// The package lives in ffi-tests/go of the librouge repository because it is the Go host of
// the project's cross-language tests (make -C ffi-tests/go test); it has no dependencies
// beyond the standard library. Without the tag it compiles against ../../include/rouge.h and
// links the static archive ../../target/release/librouge.a (built by ffi-tests/build-lib.sh),
// by path, so the shared library next to it is never picked and nothing needs installing.
//
// The preamble refuses to compile against a header whose ROUGE_ABI_VERSION is not the one this
// package was written for, and package initialisation panics if the linked library reports
// another ABI version.
//
// # Use
//
// Text is turned into token ids with [Tokenize] (or by your own tokeniser: any uint32 ids,
// equal words equal ids), then scored by a [Scorer] built once for a list of metrics and
// [Options]:
//
//	s, _ := rouge.NewScorer([]rouge.Metric{rouge.N(1), rouge.N(2), rouge.Lsum()}, rouge.RougeScoreOptions())
//	sum, _ := rouge.Tokenize("police kill the gunman", "police killed the gunman")
//	scores, _ := s.Score(sum[0], sum[1]) // scores[i] for metric i
//	fmt.Println(scores[2].FMeasure)
//
// [Scorer.ScoreInto] writes into a caller's slice and does not allocate once the scorer's
// scratch memory has grown to the largest input seen; [Scorer.ScoreBatch] scores many pairs
// laid out in one token array with a single cgo call.
//
// # Text, every tokeniser, XL-Sum
//
// A [TextScorer] tokenises texts in the library (rouge_score_text) with [TextOptions]: the
// Tokenizer (rouge-score's, ours, ROUGE-1.5.5's, rouge-score-rs's unicode-v1 and character-v1,
// or XL-Sum's multilingual scorer), Stem, the Perl options, and XL-Sum's Lang (the fork's
// lang=, case-sensitive; "" is its None; an unknown name is not an error and gets no stemmer):
//
//	s, _ := rouge.NewTextScorer([]rouge.Metric{rouge.N(1), rouge.L(), rouge.Lsum()}, rouge.RougeScoreOptions(),
//		rouge.TextOptions{Tokenizer: rouge.TokenizerXLSum, Lang: "bengali", Stem: true})
//	scores, _ := s.Score(prediction, target) // the fork's scorer.score(target, prediction)
//
// Chinese, Japanese and Thai are scored on the tokens of the fork's segmenter (jieba, fugashi,
// pythainlp; [XLSumSegmenter] names it), which Go does not have: Score returns
// ErrInvalidArgument for them. Segment [XLSumCleanText] of each text elsewhere and pass the
// tokens, the candidate's first, to [TextScorer.ScoreSegmented]:
//
//	scores, _ := zh.ScoreSegmented(prediction, []string{target}, [][]string{predictionTokens, targetTokens})
//
// Texts are UTF-8 (ErrInvalidUTF8 otherwise); NUL is ErrEmbeddedNul but for XL-Sum, which
// deletes it as the fork does, and unicode-v1 and character-v1, which take it as rougers does. A TextScorer owns scratch memory: one per goroutine. The tests
// check the fork's own scores bit for bit: 11 cases of ../agree/xlsum_cases.jsonl, and every
// case of ../shared/multilingual/cases.jsonl when it is there (3,236; 3.8 s under -race).
//
// # Streaming
//
// A [Stream] scores a candidate while it is generated: built once over the references with a
// [StreamConfig] (which ROUGE-N orders, whether L and Lsum), it takes one token per
// [Stream.Push] and [Stream.EndSentence] at each sentence end, and [Stream.ScoreInto] reads
// the scores of the candidate so far, combined over the references with the [Options]' policy,
// equal to [Scorer.ScoreInto] on the same candidate:
//
//	st, _ := rouge.NewStream(rouge.StreamConfig{MaxN: 2, L: true, Lsum: true, MaxSentenceLen: 256}, refs...)
//	for _, t := range tokens { _ = st.Push(t) } // and st.EndSentence() at each sentence end
//	_ = st.ScoreInto(dst, []rouge.Metric{rouge.N(2), rouge.L()}, rouge.RougeScoreOptions())
//
// Push and ScoreInto make one cgo call each and do not allocate.
//
// # Memory and concurrency
//
// Inputs are passed to C as they are (no copies): token ids are []uint32, sentence and segment
// offsets are []int, which has the size of C's size_t on every platform Go supports. While a
// call runs, the Go arrays it reads are pinned with [runtime.Pinner], because the C structs
// that point to them live in Go memory; the library keeps no pointer after a call returns. nil
// and empty slices are passed as (NULL, 0).
//
// The C library is reentrant and keeps no global state, but a Scorer owns reusable scratch
// memory and is therefore not safe for concurrent use: give each goroutine its own Scorer
// (they are cheap; the scratch grows on first use). Likewise a Stream owns its state (Go
// memory, one []uint64 for all its references) and belongs to one goroutine at a time. Metrics, Options, Summaries and Batches
// are plain values and may be shared read-only between goroutines.
package rouge
