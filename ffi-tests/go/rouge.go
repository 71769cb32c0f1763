package rouge

// Every cgo directive of the package is in this file. The scoring and size functions are
// declared noescape (the library keeps no pointer past a call) and nocallback (it never calls
// into Go), so their arguments need not escape to the heap and the hot path does not allocate.
// The library: by default the checkout's header and static archive, by path; with the
// rouge_system build tag an installed librouge, found by pkg-config (rouge.pc, written by
// ffi-tests/packaging/install.sh), as DataDog/zstd's external_libzstd tag does.

/*
#cgo !rouge_system CFLAGS: -I${SRCDIR}/../../include
#cgo !rouge_system LDFLAGS: ${SRCDIR}/../../target/release/librouge.a -lm
#cgo rouge_system pkg-config: rouge

#cgo noescape rouge_metric_parse
#cgo nocallback rouge_metric_parse
#cgo noescape rouge_options_init
#cgo nocallback rouge_options_init
#cgo noescape rouge_dims_of
#cgo nocallback rouge_dims_of
#cgo noescape rouge_scratch_words
#cgo nocallback rouge_scratch_words
#cgo noescape rouge_score_pair
#cgo nocallback rouge_score_pair
#cgo noescape go_rouge_batch_scratch_words
#cgo nocallback go_rouge_batch_scratch_words
#cgo noescape go_rouge_score_batch
#cgo nocallback go_rouge_score_batch
#cgo noescape rouge_tokenize_basic_sizes
#cgo nocallback rouge_tokenize_basic_sizes
#cgo noescape rouge_tokenize_basic
#cgo nocallback rouge_tokenize_basic
#cgo noescape go_rouge_stream_words
#cgo nocallback go_rouge_stream_words
#cgo noescape go_rouge_stream_init
#cgo nocallback go_rouge_stream_init
#cgo noescape go_rouge_stream_each
#cgo nocallback go_rouge_stream_each
#cgo noescape go_rouge_stream_score
#cgo nocallback go_rouge_stream_score

#include <stdint.h>
#include "rouge.h"

#if !defined(ROUGE_ABI_VERSION) || ROUGE_ABI_VERSION != 2
#error "librouge.dev/rouge was written for ROUGE_ABI_VERSION 2: update the binding for this rouge.h"
#endif

// The batch entry points take the CSR arrays as arguments and build the rouge_batch on the C
// stack: every Go pointer is then a direct argument and nothing needs pinning.
static inline rouge_status go_rouge_batch_scratch_words(
    const uint32_t *tokens, size_t tokens_len, const size_t *segment_ends, size_t segment_count,
    const size_t *sentence_ends, size_t sentence_ends_len, const size_t *pair_segments,
    size_t pair_count, const rouge_metric *metrics, size_t metric_count,
    const rouge_options *options, size_t *out_words) {
    rouge_batch b = {tokens, tokens_len, segment_ends, segment_count,
                     sentence_ends, sentence_ends_len, pair_segments, pair_count};
    return rouge_batch_scratch_words(&b, metrics, metric_count, options, out_words);
}

static inline rouge_status go_rouge_score_batch(
    const uint32_t *tokens, size_t tokens_len, const size_t *segment_ends, size_t segment_count,
    const size_t *sentence_ends, size_t sentence_ends_len, const size_t *pair_segments,
    size_t pair_count, const rouge_metric *metrics, size_t metric_count,
    const rouge_options *options, uint64_t *scratch, size_t scratch_words, rouge_result *out,
    size_t out_len) {
    rouge_batch b = {tokens, tokens_len, segment_ends, segment_count,
                     sentence_ends, sentence_ends_len, pair_segments, pair_count};
    return rouge_score_batch(&b, metrics, metric_count, options, scratch, scratch_words, out,
                             out_len);
}

// The stream entry points take a reference's arrays as arguments (the rouge_summary is built on
// the C stack) and all of a Stream's states as one array with the word offsets of each state
// (count + 1 of them): the pointers to the states are derived here from that argument, so no
// Go memory holds a pointer and nothing needs pinning.
#include <stdlib.h>

static inline rouge_status go_rouge_stream_words(
    const uint32_t *tokens, size_t len, const size_t *ends, size_t ends_len,
    const rouge_stream_config *config, size_t *out_words) {
    rouge_summary r = {tokens, len, ends, ends_len};
    return rouge_stream_words(&r, config, out_words);
}

static inline rouge_status go_rouge_stream_init(
    uint64_t *state, size_t state_words, const uint32_t *tokens, size_t len, const size_t *ends,
    size_t ends_len, const rouge_stream_config *config) {
    rouge_summary r = {tokens, len, ends, ends_len};
    return rouge_stream_init(state, state_words, &r, config);
}

enum { GO_STREAM_PUSH, GO_STREAM_END_SENTENCE, GO_STREAM_RESET };

// One operation on every state, in order; stops at the first error. The states share their
// configuration and their tokens, so an error comes from the first state, before any changed.
static inline rouge_status go_rouge_stream_each(
    uint64_t *states, const size_t *offsets, size_t count, int op, uint32_t token) {
    size_t i;
    for (i = 0; i < count; i++) {
        uint64_t *s = states + offsets[i];
        size_t words = offsets[i + 1] - offsets[i];
        rouge_status st = op == GO_STREAM_PUSH ? rouge_stream_push(s, words, token)
                        : op == GO_STREAM_END_SENTENCE ? rouge_stream_end_sentence(s, words)
                        : rouge_stream_reset(s, words);
        if (st != ROUGE_OK) return st;
    }
    return ROUGE_OK;
}

enum { GO_STREAM_SMALL = 32 };

static inline rouge_status go_rouge_stream_score(
    const uint64_t *states, const size_t *offsets, size_t count, const rouge_metric *metrics,
    size_t metric_count, const rouge_options *options, rouge_result *out) {
    const uint64_t *small_ptrs[GO_STREAM_SMALL], **ptrs = small_ptrs;
    size_t small_words[GO_STREAM_SMALL], *words = small_words, i;
    rouge_status st;
    if (count > GO_STREAM_SMALL) {
        ptrs = malloc(count * sizeof *ptrs);
        words = malloc(count * sizeof *words);
        if (ptrs == NULL || words == NULL) {
            free(ptrs);
            free(words);
            return ROUGE_ERR_INPUT_TOO_LONG; // out of memory for the pointer table
        }
    }
    for (i = 0; i < count; i++) {
        ptrs[i] = states + offsets[i];
        words[i] = offsets[i + 1] - offsets[i];
    }
    st = rouge_stream_score(ptrs, words, count, metrics, metric_count, options, out);
    if (ptrs != small_ptrs) {
        free(ptrs);
        free(words);
    }
    return st;
}
*/
import "C"

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"unsafe"
)

// ABIVersion is the ROUGE_ABI_VERSION this package was written for.
const ABIVersion = 2

func init() {
	if v := uint32(C.rouge_abi_version()); v != ABIVersion {
		panic(fmt.Sprintf("rouge: the linked librouge implements ABI version %d, this package needs %d", v, ABIVersion))
	}
}

// Version is the version of the linked library ("MAJOR.MINOR.PATCH").
func Version() string { return C.GoString(C.rouge_version()) }

// Layout checks, at compile time: a constant index out of range fails the build.
var (
	// []int is passed as size_t*.
	_ = [1]struct{}{}[unsafe.Sizeof(int(0))-unsafe.Sizeof(C.size_t(0))]
	_ = [1]struct{}{}[unsafe.Sizeof(C.size_t(0))-unsafe.Sizeof(int(0))]
	// []Score is passed as rouge_result*.
	_ = [1]struct{}{}[unsafe.Sizeof(Score{})-unsafe.Sizeof(C.rouge_result{})]
	_ = [1]struct{}{}[unsafe.Sizeof(C.rouge_result{})-unsafe.Sizeof(Score{})]
	_ = [1]struct{}{}[unsafe.Offsetof(Score{}.Recall)-unsafe.Offsetof(C.rouge_result{}.score)-unsafe.Offsetof(C.rouge_score{}.recall)]
	_ = [1]struct{}{}[unsafe.Offsetof(Score{}.FMeasure)-unsafe.Offsetof(C.rouge_result{}.score)-unsafe.Offsetof(C.rouge_score{}.fmeasure)]
	_ = [1]struct{}{}[unsafe.Offsetof(Score{}.Hit)-unsafe.Offsetof(C.rouge_result{}.counts)-unsafe.Offsetof(C.rouge_counts{}.hit)]
	_ = [1]struct{}{}[unsafe.Offsetof(Score{}.ReferenceTotal)-unsafe.Offsetof(C.rouge_result{}.counts)-unsafe.Offsetof(C.rouge_counts{}.reference_total)]
	_ = [1]struct{}{}[unsafe.Offsetof(Score{}.CandidateTotal)-unsafe.Offsetof(C.rouge_result{}.counts)-unsafe.Offsetof(C.rouge_counts{}.candidate_total)]
)

// ---------------------------------------------------------------------------------------------
// Errors

// Status is a rouge_status code of the C API.
type Status uint32

// The status codes of rouge.h.
const (
	StatusOK                Status = C.ROUGE_OK
	StatusNullPointer       Status = C.ROUGE_ERR_NULL_POINTER
	StatusScratchTooSmall   Status = C.ROUGE_ERR_SCRATCH_TOO_SMALL
	StatusScratchMisaligned Status = C.ROUGE_ERR_SCRATCH_MISALIGNED
	StatusInvalidArgument   Status = C.ROUGE_ERR_INVALID_ARGUMENT
	StatusInputTooLong      Status = C.ROUGE_ERR_INPUT_TOO_LONG
	StatusOutputTooSmall    Status = C.ROUGE_ERR_OUTPUT_TOO_SMALL
	StatusInvalidUTF8       Status = C.ROUGE_ERR_INVALID_UTF8
	StatusEmbeddedNul       Status = C.ROUGE_ERR_EMBEDDED_NUL
)

// String is the library's message for the code (rouge_status_str).
func (s Status) String() string { return C.GoString(C.rouge_status_str(C.rouge_status(s))) }

// Error is a failed call's status. Compare with the sentinels using errors.Is
// (errors.Is(err, rouge.ErrInvalidArgument)); errors.As gives the Status.
type Error struct {
	Status Status
}

func (e *Error) Error() string { return "rouge: " + e.Status.String() }

// Is reports whether target is an *Error with the same status.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Status == e.Status
}

// The errors the library returns, one per status code. Functions return these values
// themselves (or wrap them), so errors.Is and == both work.
var (
	// ErrNullPointer: a NULL pointer with a non-zero length (a binding bug if it ever shows).
	ErrNullPointer = &Error{StatusNullPointer}
	// ErrScratchTooSmall: scratch smaller than needed (the Scorer grows it; not returned).
	ErrScratchTooSmall = &Error{StatusScratchTooSmall}
	// ErrScratchMisaligned: scratch not 8-byte aligned (cannot happen with []uint64).
	ErrScratchMisaligned = &Error{StatusScratchMisaligned}
	// ErrInvalidArgument: unknown metric, n = 0, weight < 1, alpha outside [0, 1], no
	// references, sentence ends out of order or past the end, bad batch offsets.
	ErrInvalidArgument = &Error{StatusInvalidArgument}
	// ErrInputTooLong: a sequence above 2^32 - 2 tokens or a size that would overflow.
	ErrInputTooLong = &Error{StatusInputTooLong}
	// ErrOutputTooSmall: the destination slice is shorter than the call needs.
	ErrOutputTooSmall = &Error{StatusOutputTooSmall}
	// ErrInvalidUTF8: a text of the text API is not valid UTF-8.
	ErrInvalidUTF8 = &Error{StatusInvalidUTF8}
	// ErrEmbeddedNul: a text of the text API holds a NUL byte (XL-Sum's, unicode-v1 and
	// character-v1 accept it).
	ErrEmbeddedNul = &Error{StatusEmbeddedNul}
)

// errorOf maps a status to nil or to its sentinel (no allocation for known codes).
func errorOf(st C.rouge_status) error {
	switch Status(st) {
	case StatusOK:
		return nil
	case StatusNullPointer:
		return ErrNullPointer
	case StatusScratchTooSmall:
		return ErrScratchTooSmall
	case StatusScratchMisaligned:
		return ErrScratchMisaligned
	case StatusInvalidArgument:
		return ErrInvalidArgument
	case StatusInputTooLong:
		return ErrInputTooLong
	case StatusOutputTooSmall:
		return ErrOutputTooSmall
	case StatusInvalidUTF8:
		return ErrInvalidUTF8
	case StatusEmbeddedNul:
		return ErrEmbeddedNul
	}
	return &Error{Status(st)}
}

// ---------------------------------------------------------------------------------------------
// Metrics

// Kind is the kind of a Metric (ROUGE_METRIC_*).
type Kind uint32

// The metric kinds.
const (
	KindN    Kind = C.ROUGE_METRIC_N    // ROUGE-N
	KindL    Kind = C.ROUGE_METRIC_L    // ROUGE-L, sentence level (rouge-score rougeL)
	KindLsum Kind = C.ROUGE_METRIC_LSUM // ROUGE-L, summary level (rougeLsum, ROUGE-1.5.5 ROUGE-L)
	KindW    Kind = C.ROUGE_METRIC_W    // ROUGE-W
	KindS    Kind = C.ROUGE_METRIC_S    // ROUGE-S (skip-bigrams)
	KindSU   Kind = C.ROUGE_METRIC_SU   // ROUGE-SU (skip-bigrams and unigrams)
)

// Unlimited as a skip distance: any number of tokens between the two of a skip-bigram.
const Unlimited = -1

// Metric is one ROUGE variant. Fields a kind does not use are ignored. Build it with the
// constructors or ParseMetric; NewScorer rejects invalid ones (n < 1, weight < 1, unknown kind).
type Metric struct {
	Kind Kind
	// N of ROUGE-N, 1 to 2^32-1.
	N int
	// Skip of ROUGE-S/SU: at most Skip tokens between the pair; negative (Unlimited): any.
	Skip int
	// Weight of ROUGE-W, >= 1 (1.2 is usual).
	Weight float64
}

// N is ROUGE-N (n >= 1): n-gram overlap.
func N(n int) Metric { return Metric{Kind: KindN, N: n} }

// L is sentence-level ROUGE-L (rouge-score rougeL): the LCS of the whole token sequences.
func L() Metric { return Metric{Kind: KindL} }

// Lsum is summary-level ROUGE-L (rouge-score rougeLsum, ROUGE-1.5.5 ROUGE-L): the union LCS
// over the sentences.
func Lsum() Metric { return Metric{Kind: KindLsum} }

// W is ROUGE-W with the given weight (>= 1; 1.2 is usual).
func W(weight float64) Metric { return Metric{Kind: KindW, Weight: weight} }

// S is ROUGE-S with at most skip tokens between the two tokens of a pair (ROUGE-S4: S(4));
// a negative skip is unlimited.
func S(skip int) Metric { return Metric{Kind: KindS, Skip: skip} }

// SU is ROUGE-SU: ROUGE-S with skip plus unigrams (ROUGE-SU4: SU(4)); negative: unlimited.
func SU(skip int) Metric { return Metric{Kind: KindSU, Skip: skip} }

// SUnlimited is ROUGE-S* (S with unlimited skip).
func SUnlimited() Metric { return S(Unlimited) }

// SUUnlimited is ROUGE-SU* (SU with unlimited skip).
func SUUnlimited() Metric { return SU(Unlimited) }

// String is the rouge-score style name: rouge2, rougeL, rougeLsum, rougeW-1.2, rougeS4,
// rougeS*, rougeSU4, rougeSU*; ParseMetric accepts it.
func (m Metric) String() string {
	skip := func() string {
		if m.Skip < 0 {
			return "*"
		}
		return strconv.Itoa(m.Skip)
	}
	switch m.Kind {
	case KindN:
		return "rouge" + strconv.Itoa(m.N)
	case KindL:
		return "rougeL"
	case KindLsum:
		return "rougeLsum"
	case KindW:
		return "rougeW-" + strconv.FormatFloat(m.Weight, 'g', -1, 64)
	case KindS:
		return "rougeS" + skip()
	case KindSU:
		return "rougeSU" + skip()
	}
	return fmt.Sprintf("rouge.Metric{Kind: %d}", uint32(m.Kind))
}

// ParseMetric parses a metric name as rouge-score and ROUGE-1.5.5 users write it (rouge_metric_parse):
// rouge1..rougeN, rougeL, rougeLsum, rougeW-1.2, rougeS4, rougeS*, rougeSU4, rougeSU*, and
// ROUGE-1, ROUGE-L, ROUGE-W-1.2, ROUGE-S4, ROUGE-SU*. Unknown names give an error wrapping
// ErrInvalidArgument.
//
// ROUGE-1.5.5's ROUGE-L is the summary-level LCS, so "ROUGE-L" parses to Lsum() while
// "rougeL" parses to the sentence-level L().
func ParseMetric(name string) (Metric, error) {
	var m C.rouge_metric
	st := C.rouge_metric_parse((*C.char)(unsafe.Pointer(unsafe.StringData(name))), C.size_t(len(name)), &m)
	if err := errorOf(st); err != nil {
		return Metric{}, fmt.Errorf("rouge: metric name %q: %w", name, err)
	}
	return Metric{Kind: Kind(m.kind), N: int(m.n), Skip: int(m.skip), Weight: float64(m.weight)}, nil
}

func (m Metric) c() C.rouge_metric {
	n := m.N
	if n < 0 || uint64(n) > math.MaxUint32 {
		n = 0 // out of the C field's range: let the library reject it as n = 0
	}
	return C.rouge_metric{kind: C.uint32_t(m.Kind), n: C.uint32_t(n), skip: C.int64_t(m.Skip), weight: C.double(m.Weight)}
}

// ---------------------------------------------------------------------------------------------
// Options

// Flavour selects the definitions (ROUGE_FLAVOUR_*).
type Flavour uint32

// The flavours.
const (
	// FlavourRougeScore: rouge-score 0.1.2 (Lin 2004 ROUGE-W, SU with every unigram),
	// F = 2PR/(P+R).
	FlavourRougeScore Flavour = C.ROUGE_FLAVOUR_ROUGE_SCORE
	// FlavourPerl: ROUGE-1.5.5.pl (its ROUGE-W and SU), F = PR/((1-alpha)P + alpha R).
	FlavourPerl Flavour = C.ROUGE_FLAVOUR_PERL
)

// MultiReference is how several references combine (ROUGE_MULTI_*).
type MultiReference uint32

// The multi-reference policies.
const (
	// BestF: per metric, the reference with the highest F (rouge-score score_multi; first on ties).
	BestF MultiReference = C.ROUGE_MULTI_BEST_F
	// PerlA: counts pooled over the references (ROUGE-1.5.5 -f A).
	PerlA MultiReference = C.ROUGE_MULTI_PERL_A
	// PerlB: the reference with the best recall as ROUGE-1.5.5 ranks them (-f B; first on ties).
	PerlB MultiReference = C.ROUGE_MULTI_PERL_B
)

// Options of a Scorer. Start from RougeScoreOptions or PerlOptions and change fields.
type Options struct {
	Flavour        Flavour
	MultiReference MultiReference
	// Jackknife: with two or more references, average the scores over the leave-one-out
	// subsets; the counts stay those over all references.
	Jackknife bool
	// Round (Perl flavour): R and P rounded to 5 decimals before F, and F after, as
	// ROUGE-1.5.5 prints them.
	Round bool
	// Alpha (Perl flavour) of F = PR/((1-alpha)P + alpha R), in [0, 1].
	Alpha float64
}

func optionsInit(f Flavour) Options {
	var o C.rouge_options
	if st := C.rouge_options_init(C.uint32_t(f), &o); st != C.ROUGE_OK {
		panic("rouge: rouge_options_init: " + Status(st).String())
	}
	return Options{
		Flavour:        Flavour(o.flavour),
		MultiReference: MultiReference(o.multi_reference),
		Jackknife:      o.jackknife != 0,
		Round:          o.round != 0,
		Alpha:          float64(o.alpha),
	}
}

// RougeScoreOptions are rouge-score's defaults: best F over references, no rounding.
func RougeScoreOptions() Options { return optionsInit(FlavourRougeScore) }

// PerlOptions are ROUGE-1.5.5's defaults: -f A (pooled), alpha 0.5, rounding as printed.
func PerlOptions() Options { return optionsInit(FlavourPerl) }

func (o Options) c() C.rouge_options {
	b := func(x bool) C.uint32_t {
		if x {
			return 1
		}
		return 0
	}
	return C.rouge_options{
		flavour:         C.uint32_t(o.Flavour),
		multi_reference: C.uint32_t(o.MultiReference),
		jackknife:       b(o.Jackknife),
		round:           b(o.Round),
		alpha:           C.double(o.Alpha),
	}
}

// ---------------------------------------------------------------------------------------------
// Inputs and results

// Summary is a token sequence and its sentence boundaries. The library only reads it during a
// call.
type Summary struct {
	// Tokens are token ids: equal words have equal ids.
	Tokens []uint32
	// SentenceEnds are exclusive end offsets into Tokens, non-decreasing, at most len(Tokens);
	// tokens after the last end form one more sentence, and no ends at all mean one sentence.
	// Only the summary-level metrics (Lsum, and W in the Perl flavour) read them. int has the
	// size of size_t, so the slice is passed to C as it is.
	SentenceEnds []int
}

// Score is the result of one metric: the score and the counts it comes from. Its layout is
// that of rouge_result, so a []Score is written by the library directly.
type Score struct {
	// Precision: hits over the candidate total (inverse-weighted for ROUGE-W).
	Precision float64
	// Recall: hits over the reference total (inverse-weighted for ROUGE-W).
	Recall float64
	// FMeasure: the flavour's F-measure.
	FMeasure float64
	// Hit: clipped matches (weighted for ROUGE-W; pooled for PerlA).
	Hit float64
	// ReferenceTotal: the reference (model) total.
	ReferenceTotal float64
	// CandidateTotal: the candidate (peer) total.
	CandidateTotal float64
}

// ---------------------------------------------------------------------------------------------
// Pointers: helpers that pass empty slices as NULL

func u32p(s []uint32) *C.uint32_t {
	if len(s) == 0 {
		return nil
	}
	return (*C.uint32_t)(unsafe.Pointer(unsafe.SliceData(s)))
}

func sizep(s []int) *C.size_t {
	if len(s) == 0 {
		return nil
	}
	return (*C.size_t)(unsafe.Pointer(unsafe.SliceData(s)))
}

func u64p(s []uint64) *C.uint64_t {
	if len(s) == 0 {
		return nil
	}
	return (*C.uint64_t)(unsafe.Pointer(unsafe.SliceData(s)))
}

func resultp(s []Score) *C.rouge_result {
	if len(s) == 0 {
		return nil
	}
	return (*C.rouge_result)(unsafe.Pointer(unsafe.SliceData(s)))
}

// pinSet pins the arrays a call's C structs point to. A runtime.Pinner holds a few pins
// without allocating (5 in Go 1.21 to 1.26) and allocates on every call beyond that, so the
// set spreads its pins over several Pinners, kept for reuse: after the first calls, pinning
// does not allocate.
type pinSet struct {
	ps []*runtime.Pinner
	n  int
}

const pinsPerPinner = 5

func (p *pinSet) pin(ptr unsafe.Pointer) {
	i := p.n / pinsPerPinner
	if i == len(p.ps) {
		p.ps = append(p.ps, new(runtime.Pinner))
	}
	p.ps[i].Pin(ptr)
	p.n++
}

func (p *pinSet) unpin() {
	used := (p.n + pinsPerPinner - 1) / pinsPerPinner
	for _, q := range p.ps[:used] {
		q.Unpin()
	}
	p.n = 0
}

// ---------------------------------------------------------------------------------------------
// Scorer

// Scorer scores candidates against references for a fixed list of metrics and options. It
// owns scratch memory, reused across calls and grown when a call needs more, so it is not
// safe for concurrent use: use one Scorer per goroutine.
type Scorer struct {
	metrics []C.rouge_metric
	opts    C.rouge_options
	scratch []uint64
	descs   []C.rouge_summary // candidate, then references; nil pointers between calls
	pins    pinSet
}

// NewScorer validates the metrics and options and returns a Scorer for them. Results come in
// the order of metrics. Invalid metrics or options give ErrInvalidArgument.
func NewScorer(metrics []Metric, opts Options) (*Scorer, error) {
	s := &Scorer{metrics: make([]C.rouge_metric, len(metrics)), opts: opts.c()}
	for i, m := range metrics {
		s.metrics[i] = m.c()
	}
	// The size query for the smallest input checks every metric and the options.
	dims := C.rouge_dims{reference_count: 1}
	if _, st := s.words(&dims); st != C.ROUGE_OK {
		return nil, fmt.Errorf("rouge: metrics %v with %+v: %w", metrics, opts, errorOf(st))
	}
	return s, nil
}

// Metrics returns the scorer's metrics, in result order.
func (s *Scorer) Metrics() []Metric {
	out := make([]Metric, len(s.metrics))
	for i, m := range s.metrics {
		out[i] = Metric{Kind: Kind(m.kind), N: int(m.n), Skip: int(m.skip), Weight: float64(m.weight)}
	}
	return out
}

// Options returns the scorer's options.
func (s *Scorer) Options() Options {
	return Options{
		Flavour:        Flavour(s.opts.flavour),
		MultiReference: MultiReference(s.opts.multi_reference),
		Jackknife:      s.opts.jackknife != 0,
		Round:          s.opts.round != 0,
		Alpha:          float64(s.opts.alpha),
	}
}

// ScratchWords is the size of the scratch memory the scorer holds, in 8-byte words.
func (s *Scorer) ScratchWords() int { return len(s.scratch) }

func (s *Scorer) metricsp() *C.rouge_metric {
	if len(s.metrics) == 0 {
		return nil
	}
	return &s.metrics[0]
}

func (s *Scorer) words(dims *C.rouge_dims) (int, C.rouge_status) {
	var words C.size_t
	st := C.rouge_scratch_words(s.metricsp(), C.size_t(len(s.metrics)), &s.opts, dims, &words)
	return int(words), st
}

// grow makes the scratch hold at least words words.
func (s *Scorer) grow(words int) {
	if words > len(s.scratch) {
		s.scratch = make([]uint64, max(words, len(s.scratch)+len(s.scratch)/4))
	}
}

// Score scores candidate against references and returns one Score per metric, in the order
// given to NewScorer. At least one reference is needed (else ErrInvalidArgument).
func (s *Scorer) Score(candidate Summary, references ...Summary) ([]Score, error) {
	dst := make([]Score, len(s.metrics))
	if err := s.ScoreInto(dst, candidate, references); err != nil {
		return nil, err
	}
	return dst, nil
}

// ScoreInto is Score writing into dst[:len(metrics)] (ErrOutputTooSmall if dst is shorter).
// It does not allocate once the scorer has scored inputs as large as these. dst is written
// only on success.
func (s *Scorer) ScoreInto(dst []Score, candidate Summary, references []Summary) error {
	if len(dst) < len(s.metrics) {
		return ErrOutputTooSmall
	}
	n := 1 + len(references)
	if cap(s.descs) < n {
		s.descs = make([]C.rouge_summary, n)
	}
	d := s.descs[:n]
	s.describe(&d[0], candidate)
	for i := range references {
		s.describe(&d[1+i], references[i])
	}
	st := s.scorePair(d, dst)
	if st == C.ROUGE_ERR_SCRATCH_TOO_SMALL {
		st = s.growFor(d)
		if st == C.ROUGE_OK {
			st = s.scorePair(d, dst)
		}
	}
	s.pins.unpin()
	clear(d) // keep no pointer to the caller's arrays
	return errorOf(st)
}

// describe fills d with x's arrays, pinned: d lives in Go memory passed to C.
func (s *Scorer) describe(d *C.rouge_summary, x Summary) {
	*d = C.rouge_summary{len: C.size_t(len(x.Tokens)), sentence_count: C.size_t(len(x.SentenceEnds))}
	if p := u32p(x.Tokens); p != nil {
		s.pins.pin(unsafe.Pointer(p))
		d.tokens = p
	}
	if p := sizep(x.SentenceEnds); p != nil {
		s.pins.pin(unsafe.Pointer(p))
		d.sentence_ends = p
	}
}

func (s *Scorer) scorePair(d []C.rouge_summary, dst []Score) C.rouge_status {
	var refs *C.rouge_summary
	if len(d) > 1 {
		refs = &d[1]
	}
	return C.rouge_score_pair(&d[0], refs, C.size_t(len(d)-1), s.metricsp(), C.size_t(len(s.metrics)),
		&s.opts, u64p(s.scratch), C.size_t(len(s.scratch)), resultp(dst))
}

// growFor sizes the scratch for the pair described by d (the slow path of ScoreInto).
func (s *Scorer) growFor(d []C.rouge_summary) C.rouge_status {
	var refs *C.rouge_summary
	if len(d) > 1 {
		refs = &d[1]
	}
	var dims C.rouge_dims
	if st := C.rouge_dims_of(&d[0], refs, C.size_t(len(d)-1), &dims); st != C.ROUGE_OK {
		return st
	}
	words, st := s.words(&dims)
	if st == C.ROUGE_OK {
		s.grow(words)
	}
	return st
}

// ---------------------------------------------------------------------------------------------
// Batches

// Batch is many candidate-references pairs in one token array (CSR layout), scored by one
// cgo call. Build it with Add, or fill the slices directly:
//
//   - segment k is Tokens[SegmentEnds[k-1]:SegmentEnds[k]] (segment 0 starts at 0);
//   - pair p is the segments PairSegments[p] to PairSegments[p+1]-1: the first is the
//     candidate, the others (at least one) its references; PairSegments has one entry more
//     than there are pairs (none: no pairs);
//   - SentenceEnds (optional) are absolute offsets into Tokens, non-decreasing; a segment
//     takes those in (start, end].
type Batch struct {
	Tokens       []uint32
	SegmentEnds  []int
	PairSegments []int
	SentenceEnds []int
}

// Pairs is the number of pairs in the batch.
func (b *Batch) Pairs() int { return max(len(b.PairSegments)-1, 0) }

// Add appends a pair (copying its arrays). A sentence end at 0 (an empty first sentence)
// cannot be expressed in the CSR layout and is dropped.
func (b *Batch) Add(candidate Summary, references ...Summary) {
	if len(b.PairSegments) == 0 {
		b.PairSegments = append(b.PairSegments, len(b.SegmentEnds))
	}
	for _, x := range append([]Summary{candidate}, references...) {
		start := len(b.Tokens)
		b.Tokens = append(b.Tokens, x.Tokens...)
		for _, e := range x.SentenceEnds {
			if e > 0 {
				b.SentenceEnds = append(b.SentenceEnds, start+e)
			}
		}
		b.SegmentEnds = append(b.SegmentEnds, len(b.Tokens))
	}
	b.PairSegments = append(b.PairSegments, len(b.SegmentEnds))
}

// ScoreBatch scores every pair of b: result p*len(metrics)+i is metric i of pair p.
func (s *Scorer) ScoreBatch(b Batch) ([]Score, error) {
	dst := make([]Score, b.Pairs()*len(s.metrics))
	if err := s.ScoreBatchInto(dst, b); err != nil {
		return nil, err
	}
	return dst, nil
}

// ScoreBatchInto is ScoreBatch writing into dst (ErrOutputTooSmall if shorter than
// Pairs()*len(metrics)), with a single call of rouge_score_batch once the scratch is large
// enough. The whole batch is checked before anything is written; dst is written only on
// success. It does not allocate once the scorer has seen batches this large.
func (s *Scorer) ScoreBatchInto(dst []Score, b Batch) error {
	if len(b.PairSegments) == 0 {
		return nil // no pairs
	}
	st := s.scoreBatch(&b, dst)
	if st == C.ROUGE_ERR_SCRATCH_TOO_SMALL {
		var words C.size_t
		st = C.go_rouge_batch_scratch_words(u32p(b.Tokens), C.size_t(len(b.Tokens)),
			sizep(b.SegmentEnds), C.size_t(len(b.SegmentEnds)), sizep(b.SentenceEnds), C.size_t(len(b.SentenceEnds)),
			sizep(b.PairSegments), C.size_t(len(b.PairSegments)-1), s.metricsp(), C.size_t(len(s.metrics)),
			&s.opts, &words)
		if st == C.ROUGE_OK {
			s.grow(int(words))
			st = s.scoreBatch(&b, dst)
		}
	}
	return errorOf(st)
}

func (s *Scorer) scoreBatch(b *Batch, dst []Score) C.rouge_status {
	return C.go_rouge_score_batch(u32p(b.Tokens), C.size_t(len(b.Tokens)),
		sizep(b.SegmentEnds), C.size_t(len(b.SegmentEnds)), sizep(b.SentenceEnds), C.size_t(len(b.SentenceEnds)),
		sizep(b.PairSegments), C.size_t(len(b.PairSegments)-1), s.metricsp(), C.size_t(len(s.metrics)),
		&s.opts, u64p(s.scratch), C.size_t(len(s.scratch)), resultp(dst), C.size_t(len(dst)))
}

// ---------------------------------------------------------------------------------------------
// Tokeniser

// Tokenize turns texts into Summaries with the library's basic tokeniser (rouge_tokenize_basic):
// ASCII lowercase, tokens are the runs of [a-z0-9], sentences end at '\n'; all texts share one
// id space, so the results can be scored against each other. On ASCII text this is how
// rouge-score and ROUGE-1.5.5 tokenise without stemming. The Summaries share two arrays.
func Tokenize(texts ...string) ([]Summary, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	var pins runtime.Pinner
	defer pins.Unpin()
	strs := make([]C.rouge_str, len(texts))
	for i, t := range texts {
		strs[i].len = C.size_t(len(t))
		if len(t) > 0 {
			p := unsafe.StringData(t)
			pins.Pin(p)
			strs[i].ptr = (*C.char)(unsafe.Pointer(p))
		}
	}
	var words, maxTokens C.size_t
	if err := errorOf(C.rouge_tokenize_basic_sizes(&strs[0], C.size_t(len(strs)), &words, &maxTokens)); err != nil {
		return nil, err
	}
	scratch := make([]uint64, words)
	ids := make([]uint32, maxTokens)
	ends := make([]int, maxTokens)
	// The library writes pointers into ids and ends to out (Go memory): they must be pinned.
	if maxTokens > 0 {
		pins.Pin(&ids[0])
		pins.Pin(&ends[0])
	}
	out := make([]C.rouge_summary, len(texts))
	st := C.rouge_tokenize_basic(&strs[0], C.size_t(len(strs)), u32p(ids), C.size_t(len(ids)),
		sizep(ends), C.size_t(len(ends)), &out[0], u64p(scratch), C.size_t(len(scratch)))
	if err := errorOf(st); err != nil {
		return nil, err
	}
	res := make([]Summary, len(texts))
	for i, o := range out {
		if o.len > 0 {
			at := int((uintptr(unsafe.Pointer(o.tokens)) - uintptr(unsafe.Pointer(&ids[0]))) / unsafe.Sizeof(ids[0]))
			res[i].Tokens = ids[at : at+int(o.len) : at+int(o.len)]
		}
		if o.sentence_count > 0 {
			at := int((uintptr(unsafe.Pointer(o.sentence_ends)) - uintptr(unsafe.Pointer(&ends[0]))) / unsafe.Sizeof(ends[0]))
			res[i].SentenceEnds = ends[at : at+int(o.sentence_count) : at+int(o.sentence_count)]
		}
	}
	clear(out)
	return res, nil
}

// ---------------------------------------------------------------------------------------------
// Streaming

// StreamMaxN is the largest n of ROUGE-N a Stream tracks.
const StreamMaxN = C.ROUGE_STREAM_MAX_N

// StreamConfig is what a Stream tracks (rouge_stream_config).
type StreamConfig struct {
	// MaxN: ROUGE-N for every n in 1..MaxN (0: none; at most StreamMaxN).
	MaxN int
	// L: sentence-level ROUGE-L, O(reference length / 64) per token.
	L bool
	// Lsum: summary-level ROUGE-Lsum, brought up to date by EndSentence.
	Lsum bool
	// MaxSentenceLen: with Lsum, the longest candidate sentence accepted, in tokens (its
	// columns are kept, one bit per cell, until the sentence ends).
	MaxSentenceLen int
}

func (c StreamConfig) c() (C.rouge_stream_config, error) {
	if c.MaxN < 0 || uint64(c.MaxN) > math.MaxUint32 || c.MaxSentenceLen < 0 {
		return C.rouge_stream_config{}, ErrInvalidArgument
	}
	b := func(x bool) C.uint32_t {
		if x {
			return 1
		}
		return 0
	}
	return C.rouge_stream_config{max_n: C.uint32_t(c.MaxN), lcs: b(c.L), lsum: b(c.Lsum),
		max_sentence_len: C.size_t(c.MaxSentenceLen)}, nil
}

// Stream scores a candidate while it is generated, one token at a time (rouge_stream_*):
//
//	st, _ := rouge.NewStream(rouge.StreamConfig{MaxN: 2, L: true, Lsum: true, MaxSentenceLen: 256}, ref1, ref2)
//	for _, t := range generated { st.Push(t) } // st.EndSentence() at each sentence end
//	st.EndSentence()
//	err := st.ScoreInto(dst, []rouge.Metric{rouge.N(2), rouge.Lsum()}, rouge.PerlOptions())
//
// It holds one C state per reference, back to back in one []uint64 (Go memory, sized by
// rouge_stream_words); the references are copied in by NewStream. Every state is fed the same
// tokens. Push costs O(1) expected per tracked n and O(reference length / 64) for L and Lsum,
// per reference, in one cgo call; ScoreInto combines the references with the options' policy
// and equals Scorer.Score on the candidate so far, bit for bit. Push, EndSentence, Reset and
// ScoreInto (once it has seen as many metrics) do not allocate.
//
// A Stream is not safe for concurrent use. Clone copies it (to branch a beam, say).
type Stream struct {
	state   []uint64         // every reference's state, back to back
	offsets []int            // word offset of each state in state, then len(state)
	cfg     StreamConfig     // as given to NewStream
	metrics []C.rouge_metric // ScoreInto's metrics, converted; reused
}

// NewStream sets up a stream over references (at least one) tracking cfg. Errors:
// ErrInvalidArgument for no references, MaxN above StreamMaxN, a negative field, bad sentence
// ends; ErrInputTooLong for a reference above 2^32 - 2 tokens or states too large.
func NewStream(cfg StreamConfig, references ...Summary) (*Stream, error) {
	cc, err := cfg.c()
	if err == nil && len(references) == 0 {
		err = ErrInvalidArgument
	}
	if err != nil {
		return nil, fmt.Errorf("rouge: stream %+v over %d references: %w", cfg, len(references), err)
	}
	offsets := make([]int, len(references)+1)
	for i, r := range references {
		var words C.size_t
		st := C.go_rouge_stream_words(u32p(r.Tokens), C.size_t(len(r.Tokens)), sizep(r.SentenceEnds),
			C.size_t(len(r.SentenceEnds)), &cc, &words)
		if st == C.ROUGE_OK && uint64(words) > uint64(math.MaxInt/8-offsets[i]) {
			st = C.ROUGE_ERR_INPUT_TOO_LONG
		}
		if st != C.ROUGE_OK {
			return nil, fmt.Errorf("rouge: stream %+v, reference %d: %w", cfg, i, errorOf(st))
		}
		offsets[i+1] = offsets[i] + int(words)
	}
	s := &Stream{state: make([]uint64, offsets[len(references)]), offsets: offsets, cfg: cfg}
	for i, r := range references {
		st := C.go_rouge_stream_init(u64p(s.state[offsets[i]:offsets[i+1]]), C.size_t(offsets[i+1]-offsets[i]),
			u32p(r.Tokens), C.size_t(len(r.Tokens)), sizep(r.SentenceEnds), C.size_t(len(r.SentenceEnds)), &cc)
		if st != C.ROUGE_OK {
			return nil, fmt.Errorf("rouge: stream %+v, reference %d: %w", cfg, i, errorOf(st))
		}
	}
	return s, nil
}

func (s *Stream) each(op C.int, token uint32) error {
	if len(s.offsets) < 2 {
		return ErrInvalidArgument // the zero Stream: not built by NewStream
	}
	return errorOf(C.go_rouge_stream_each(u64p(s.state), sizep(s.offsets), C.size_t(len(s.offsets)-1), op,
		C.uint32_t(token)))
}

// Push appends one candidate token. With Lsum, a sentence longer than MaxSentenceLen is
// refused with ErrInputTooLong and the stream is left unchanged.
func (s *Stream) Push(token uint32) error { return s.each(C.GO_STREAM_PUSH, token) }

// EndSentence ends the current candidate sentence: Lsum is brought up to date with the
// candidate so far (call it after the last sentence too). Without Lsum it does nothing.
func (s *Stream) EndSentence() error { return s.each(C.GO_STREAM_END_SENTENCE, 0) }

// Reset empties the candidate, keeping the references, for the next generation.
func (s *Stream) Reset() error { return s.each(C.GO_STREAM_RESET, 0) }

// ScoreInto scores the candidate pushed so far into dst[:len(metrics)] (ErrOutputTooSmall if
// dst is shorter), combining the references with opts' policy. Only tracked metrics can be
// read: N(n) with n <= MaxN, L() with L, Lsum() with Lsum (as of the last EndSentence); others,
// and bad options, give ErrInvalidArgument. dst is written only on success. It does not
// allocate once the stream has scored this many metrics.
func (s *Stream) ScoreInto(dst []Score, metrics []Metric, opts Options) error {
	if len(s.offsets) < 2 {
		return ErrInvalidArgument // the zero Stream: not built by NewStream
	}
	if len(dst) < len(metrics) {
		return ErrOutputTooSmall
	}
	if cap(s.metrics) < len(metrics) {
		s.metrics = make([]C.rouge_metric, len(metrics))
	}
	ms := s.metrics[:len(metrics)]
	for i, m := range metrics {
		ms[i] = m.c()
	}
	var mp *C.rouge_metric
	if len(ms) > 0 {
		mp = &ms[0]
	}
	o := opts.c()
	return errorOf(C.go_rouge_stream_score(u64p(s.state), sizep(s.offsets), C.size_t(len(s.offsets)-1), mp,
		C.size_t(len(ms)), &o, resultp(dst)))
}

// Score is ScoreInto into a new slice: one Score per metric.
func (s *Stream) Score(metrics []Metric, opts Options) ([]Score, error) {
	dst := make([]Score, len(metrics))
	if err := s.ScoreInto(dst, metrics, opts); err != nil {
		return nil, err
	}
	return dst, nil
}

// Clone returns an independent copy of the stream, candidate so far included.
func (s *Stream) Clone() *Stream {
	return &Stream{state: slices.Clone(s.state), offsets: slices.Clone(s.offsets), cfg: s.cfg}
}

// Config is the configuration the stream was built with.
func (s *Stream) Config() StreamConfig { return s.cfg }

// References is the number of references.
func (s *Stream) References() int { return max(len(s.offsets)-1, 0) }

// StateWords is the size of the stream's state over all references, in 8-byte words.
func (s *Stream) StateWords() int { return len(s.state) }
