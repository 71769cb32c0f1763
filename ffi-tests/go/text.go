package rouge

// The text API: texts (UTF-8 strings) tokenised by the library and scored in one call
// (rouge_score_text), with every tokeniser of rouge.h, and XL-Sum's multilingual scorer for
// the languages whose segmenter the host runs (rouge_score_text_segmented). This file's cgo
// preamble only includes the header: the package's directives and checks are in rouge.go.

/*
#include <stdint.h>
#include "rouge.h"
*/
import "C"

import (
	"fmt"
	"runtime"
	"unsafe"
)

// Tokenizer is a tokeniser of the text API (ROUGE_TOKENIZER_*).
type Tokenizer uint32

// The tokenisers.
const (
	// TokenizerRougeScore: rouge-score 0.1.2's (Python lower(), words of [a-z0-9], NLTK's
	// Porter stemmer with Stem).
	TokenizerRougeScore Tokenizer = C.ROUGE_TOKENIZER_ROUGE_SCORE
	// TokenizerUnicode: ours (letters and digits of any script; every CJK ideograph, kana and
	// Hangul syllable a token of its own).
	TokenizerUnicode Tokenizer = C.ROUGE_TOKENIZER_UNICODE
	// TokenizerPerl: ROUGE-1.5.5.pl's (Stem is its -m, Stopwords -s, WordLimit -l, ByteLimit -b).
	TokenizerPerl Tokenizer = C.ROUGE_TOKENIZER_PERL
	// TokenizerUnicodeV1: rouge-score-rs's unicode-v1 (NFKC, case folding, UAX #29 words); no
	// stemming.
	TokenizerUnicodeV1 Tokenizer = C.ROUGE_TOKENIZER_UNICODE_V1
	// TokenizerCharacterV1: rouge-score-rs's character-v1 (the same normalisation, one token
	// per grapheme cluster); no stemming.
	TokenizerCharacterV1 Tokenizer = C.ROUGE_TOKENIZER_CHARACTER_V1
	// TokenizerXLSum: XL-Sum's multilingual ROUGE (csebuetnlp's fork of rouge-score) for the
	// language TextOptions.Lang names. Chinese, Japanese and Thai need the host's segmenter:
	// see TextScorer.ScoreSegmented.
	TokenizerXLSum Tokenizer = C.ROUGE_TOKENIZER_XLSUM
)

// TextOptions are the tokeniser options of a TextScorer (rouge_text_options). The zero value
// is rouge-score's tokeniser without stemming.
type TextOptions struct {
	Tokenizer Tokenizer
	// Stem: stem tokens (NLTK's Porter for rouge-score and Unicode, ROUGE-1.5.5's -m for Perl,
	// the language's stemmer for XL-Sum).
	Stem bool
	// Stopwords (Perl only): remove the SMART stop words, before stemming (-s).
	Stopwords bool
	// WordLimit, ByteLimit (Perl only, at most one): ROUGE-1.5.5's -l and -b; 0 is no limit.
	WordLimit, ByteLimit uint64
	// Lang (XL-Sum only): the fork's lang, as its RougeScorer(..., lang=...) takes it
	// ("bengali", "bangla", "russian", ...); "" is Python's None (pyonmttok, and NLTK's Porter
	// with Stem). A name the fork does not know is not an error: it gets no stemmer, as there.
	Lang string
}

// segmentedLanguages are the XL-Sum names (and aliases) whose tokens come from a host
// segmenter (rouge.h, ROUGE_TOKENIZER_XLSUM): the fork's jieba, fugashi and pythainlp.
var segmentedLanguages = map[string]string{
	"chinese":             "jieba.cut(text)",
	"chinese_simplified":  "jieba.cut(text)",
	"chinese_traditional": "jieba.cut(text)",
	"japanese":            "fugashi's Tagger() with unidic-lite",
	"thai":                "pythainlp's word_tokenize(text, engine=\"newmm\")",
}

// XLSumSegmenter names the segmenter XL-Sum's scorer runs for lang, when lang is one whose
// tokens the host must give (Chinese, Japanese, Thai: score those with
// TextScorer.ScoreSegmented), and "" for every other language, which TextScorer.Score scores.
func XLSumSegmenter(lang string) string { return segmentedLanguages[lang] }

// TextScorer scores texts for a fixed list of metrics and options. It owns scratch memory,
// reused across calls and grown when a call needs more, so it is not safe for concurrent use:
// use one per goroutine.
type TextScorer struct {
	metrics []C.rouge_metric
	opts    C.rouge_options
	text    TextOptions
	scratch []uint64
}

// NewTextScorer validates the metrics and options and returns a TextScorer. Results come in
// the order of metrics. Invalid metrics or options give ErrInvalidArgument (Perl options with
// another tokeniser, Stem with unicode-v1 or character-v1, Lang with a tokeniser other than
// XL-Sum's).
func NewTextScorer(metrics []Metric, opts Options, text TextOptions) (*TextScorer, error) {
	s := &TextScorer{metrics: make([]C.rouge_metric, len(metrics)), opts: opts.c(), text: text}
	for i, m := range metrics {
		s.metrics[i] = m.c()
	}
	var pins runtime.Pinner
	defer pins.Unpin()
	t := s.textOptions(&pins)
	dims := C.rouge_text_dims{reference_count: 1}
	var scorer C.rouge_text_scorer
	if st := C.rouge_text_scorer_init(s.metricsp(), C.size_t(len(s.metrics)), &s.opts, &t, &dims, &scorer); st != C.ROUGE_OK {
		return nil, fmt.Errorf("rouge: metrics %v with %+v and %+v: %w", metrics, opts, text, errorOf(st))
	}
	return s, nil
}

// TextOptions returns the scorer's tokeniser options.
func (s *TextScorer) TextOptions() TextOptions { return s.text }

func (s *TextScorer) metricsp() *C.rouge_metric {
	if len(s.metrics) == 0 {
		return nil
	}
	return &s.metrics[0]
}

// textOptions is the C struct of s.text; its lang points into the Go string, pinned by pins
// (the struct itself is Go memory handed to C).
func (s *TextScorer) textOptions(pins *runtime.Pinner) C.rouge_text_options {
	b := func(x bool) C.uint32_t {
		if x {
			return 1
		}
		return 0
	}
	t := C.rouge_text_options{
		tokenizer:  C.uint32_t(s.text.Tokenizer),
		stem:       b(s.text.Stem),
		stopwords:  b(s.text.Stopwords),
		word_limit: C.uint64_t(s.text.WordLimit),
		byte_limit: C.uint64_t(s.text.ByteLimit),
		lang_len:   C.size_t(len(s.text.Lang)),
	}
	if p := pinString(pins, s.text.Lang); p != nil {
		t.lang = p
	}
	return t
}

// pinString pins a non-empty string's bytes and returns them as a char pointer (nil for "").
func pinString(pins *runtime.Pinner, x string) *C.char {
	if len(x) == 0 {
		return nil
	}
	p := unsafe.StringData(x)
	pins.Pin(p)
	return (*C.char)(unsafe.Pointer(p))
}

// strs describes the candidate and the references as rouge_str values (candidate first).
func strs(pins *runtime.Pinner, candidate string, references []string) []C.rouge_str {
	out := make([]C.rouge_str, 1+len(references))
	for i := range out {
		x := candidate
		if i > 0 {
			x = references[i-1]
		}
		out[i] = C.rouge_str{ptr: pinString(pins, x), len: C.size_t(len(x))}
	}
	return out
}

// Score tokenises candidate and references (UTF-8; sentences are the lines) and scores the
// candidate against them: one Score per metric, in the order given to NewTextScorer. At least
// one reference is needed (else ErrInvalidArgument). Invalid UTF-8 is ErrInvalidUTF8, a NUL
// byte ErrEmbeddedNul (but for XL-Sum, which deletes it as the fork does, and unicode-v1 and
// character-v1, which take it as rougers does: a control character); XL-Sum with a
// language XLSumSegmenter names is ErrInvalidArgument: use ScoreSegmented.
func (s *TextScorer) Score(candidate string, references ...string) ([]Score, error) {
	var pins runtime.Pinner
	defer pins.Unpin()
	t := s.textOptions(&pins)
	d := strs(&pins, candidate, references)
	var refs *C.rouge_str
	if len(references) > 0 {
		refs = &d[1]
	}
	var dims C.rouge_text_dims
	if err := errorOf(C.rouge_text_dims_of(&d[0], refs, C.size_t(len(references)), &dims)); err != nil {
		return nil, err
	}
	if err := s.growFor(&t, &dims); err != nil {
		return nil, err
	}
	dst := make([]Score, len(s.metrics))
	st := C.rouge_score_text(&d[0], refs, C.size_t(len(references)), s.metricsp(), C.size_t(len(s.metrics)),
		&s.opts, &t, u64p(s.scratch), C.size_t(len(s.scratch)), resultp(dst))
	if err := errorOf(st); err != nil {
		if st == C.ROUGE_ERR_INVALID_ARGUMENT && s.text.Tokenizer == TokenizerXLSum && XLSumSegmenter(s.text.Lang) != "" {
			return nil, fmt.Errorf("rouge: XL-Sum's %q needs the host's segmenter (%s): use ScoreSegmented: %w",
				s.text.Lang, XLSumSegmenter(s.text.Lang), err)
		}
		return nil, err
	}
	return dst, nil
}

// ScoreSegmented scores with XL-Sum's tokeniser (the scorer's Tokenizer must be
// TokenizerXLSum, any language) given each text's segmenter tokens: tokens[0] are the
// candidate's, tokens[1+i] references[i]'s, each what the fork's segmenter gives for
// XLSumCleanText of that text (jieba.cut, fugashi, pythainlp's newmm: see XLSumSegmenter). The
// tokens are stemmed as the language says; rougeLsum reads the texts themselves. An empty
// token is dropped; a text with no tokens at all gets the fork's fallback (pyonmttok). A
// tokens slice of another length than 1+len(references) is ErrInvalidArgument, a token that
// is not UTF-8 ErrInvalidUTF8.
func (s *TextScorer) ScoreSegmented(candidate string, references []string, tokens [][]string) ([]Score, error) {
	if len(tokens) != 1+len(references) {
		return nil, fmt.Errorf("rouge: %d token lists for %d texts: %w", len(tokens), 1+len(references), ErrInvalidArgument)
	}
	var pins runtime.Pinner
	defer pins.Unpin()
	t := s.textOptions(&pins)
	d := strs(&pins, candidate, references)
	var refs *C.rouge_str
	if len(references) > 0 {
		refs = &d[1]
	}
	// Each text's tokens, concatenated, with their exclusive ends: Go memory the rouge_tokens
	// structs point to, so pinned.
	toks := make([]C.rouge_tokens, len(tokens))
	for i, list := range tokens {
		size := 0
		for _, tok := range list {
			size += len(tok)
		}
		if len(list) == 0 {
			continue
		}
		bytes := make([]byte, 0, max(size, 1))
		ends := make([]int, len(list))
		for j, tok := range list {
			bytes = append(bytes, tok...)
			ends[j] = len(bytes)
		}
		pins.Pin(unsafe.SliceData(bytes))
		pins.Pin(unsafe.SliceData(ends))
		toks[i] = C.rouge_tokens{
			bytes: (*C.char)(unsafe.Pointer(unsafe.SliceData(bytes))),
			ends:  sizep(ends),
			count: C.size_t(len(list)),
		}
	}
	var dims C.rouge_text_dims
	st := C.rouge_text_dims_of_segmented(&d[0], refs, C.size_t(len(references)), &toks[0], &dims)
	if err := errorOf(st); err != nil {
		return nil, err
	}
	if err := s.growFor(&t, &dims); err != nil {
		return nil, err
	}
	dst := make([]Score, len(s.metrics))
	st = C.rouge_score_text_segmented(&d[0], refs, C.size_t(len(references)), &toks[0], s.metricsp(),
		C.size_t(len(s.metrics)), &s.opts, &t, u64p(s.scratch), C.size_t(len(s.scratch)), resultp(dst))
	if err := errorOf(st); err != nil {
		return nil, err
	}
	return dst, nil
}

// growFor sizes the scratch for texts within dims.
func (s *TextScorer) growFor(t *C.rouge_text_options, dims *C.rouge_text_dims) error {
	var words C.size_t
	st := C.rouge_text_scratch_words(s.metricsp(), C.size_t(len(s.metrics)), &s.opts, t, dims, &words)
	if err := errorOf(st); err != nil {
		return err
	}
	if int(words) > len(s.scratch) {
		s.scratch = make([]uint64, max(int(words), len(s.scratch)+len(s.scratch)/4))
	}
	return nil
}

// XLSumCleanText is the text XL-Sum's scorer hands its segmenter for text
// (rouge_xlsum_clean_text: Python's str.lower(), control and format characters and NUL
// deleted, punctuation deleted and splitting words, words joined by single spaces): segment
// this, not the raw text, to get ScoreSegmented's tokens. Invalid UTF-8 is ErrInvalidUTF8.
func XLSumCleanText(text string) (string, error) {
	var need C.size_t
	if err := errorOf(C.rouge_xlsum_clean_text_bytes(C.size_t(len(text)), &need)); err != nil {
		return "", err
	}
	var pins runtime.Pinner
	defer pins.Unpin()
	in := C.rouge_str{ptr: pinString(&pins, text), len: C.size_t(len(text))}
	out := make([]byte, max(int(need), 1))
	var written C.size_t
	st := C.rouge_xlsum_clean_text(&in, (*C.char)(unsafe.Pointer(unsafe.SliceData(out))), C.size_t(len(out)), &written)
	if err := errorOf(st); err != nil {
		return "", err
	}
	return string(out[:written]), nil
}
