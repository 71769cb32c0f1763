// Types of rouge.js: the ROUGE metrics of librouge over its wasm32 module (rouge.wasm).

/** The ROUGE_ABI_VERSION the package was written for; init() refuses another module. */
export const ABI_VERSION: 2;

/** The rouge_status codes of rouge.h. */
export const Status: Readonly<{
  OK: 0;
  NULL_POINTER: 1;
  SCRATCH_TOO_SMALL: 2;
  SCRATCH_MISALIGNED: 3;
  INVALID_ARGUMENT: 4;
  INPUT_TOO_LONG: 5;
  OUTPUT_TOO_SMALL: 6;
  INVALID_UTF8: 7;
  EMBEDDED_NUL: 8;
}>;

/** The name of a status code. */
export type StatusCode = keyof typeof Status | 'UNKNOWN';

/**
 * A library call refused its input: unknown metric name, n = 0, weight < 1, alpha outside
 * [0, 1], no references, sentence ends out of order or past the end (INVALID_ARGUMENT), a
 * text with a NUL character (EMBEDDED_NUL; not with 'unicode-v1', 'character-v1' and 'xlsum',
 * which take it as their reference tools do), an input above 2^32 - 2 tokens (INPUT_TOO_LONG).
 * Wrong JavaScript types throw TypeError; memory beyond wasm32's 4 GiB throws RangeError.
 */
export class RougeError extends Error {
  readonly name: 'RougeError';
  /** The rouge_status code. */
  readonly status: number;
  /** Its name in Status. */
  readonly code: StatusCode;
}

/** Where rouge.wasm comes from: a URL or a path relative to rouge.js (default: `./rouge.wasm`),
 * a fetch Response (or a promise of one), its bytes, or a compiled module. */
export type WasmSource = string | URL | Response | Promise<Response> | BufferSource | WebAssembly.Module;

/** Loads and instantiates rouge.wasm once (later calls do nothing). Call before anything else. */
export function init(source?: WasmSource): Promise<void>;

/** init() from bytes or a compiled module, synchronously (Node, workers, small pages). */
export function initSync(source: BufferSource | WebAssembly.Module): void;

/** The library version, "MAJOR.MINOR.PATCH". */
export function version(): string;

/** The library's English message for a status code. */
export function statusText(status: number): string;

/** Bytes of wasm memory in use by the package (inputs, scratch, outputs; grows, never shrinks). */
export function memoryBytes(): number;

/** The metric kinds (ROUGE_METRIC_*). */
export const Kind: Readonly<{ N: 1; L: 2; LSUM: 3; W: 4; S: 5; SU: 6 }>;

/** One ROUGE variant (immutable). */
export class Metric {
  constructor(kind: number, fields?: { n?: number; skip?: number; weight?: number });
  readonly kind: number;
  /** n of ROUGE-N. */
  readonly n: number;
  /** ROUGE-S/SU: at most `skip` tokens between the pair; -1: unlimited. */
  readonly skip: number;
  /** ROUGE-W weight. */
  readonly weight: number;
  /** ROUGE-N, n >= 1. */
  static n(n: number): Metric;
  /** Sentence-level ROUGE-L (rouge-score `rougeL`). */
  static l(): Metric;
  /** Summary-level ROUGE-L (rouge-score `rougeLsum`, ROUGE-1.5.5 `ROUGE-L`). */
  static lsum(): Metric;
  /** ROUGE-W, weight >= 1 (1.2 is usual). */
  static w(weight: number): Metric;
  /** ROUGE-S; Infinity or a negative skip: S*. */
  static s(skip: number): Metric;
  /** ROUGE-SU; Infinity or a negative skip: SU*. */
  static su(skip: number): Metric;
  /**
   * `rouge1`..`rougeN`, `rougeL`, `rougeLsum`, `rougeW-1.2`, `rougeS4`, `rougeS*`, `rougeSU4`,
   * `rougeSU*`, and ROUGE-1.5.5's `ROUGE-1`, `ROUGE-L` (summary level), `ROUGE-W-1.2`, ...
   * @throws RougeError INVALID_ARGUMENT for an unknown name
   */
  static parse(name: string): Metric;
  /** The rouge-score style name, which parse() accepts. */
  toString(): string;
}

export interface Options {
  /** Definitions: rouge-score 0.1.2 (default) or ROUGE-1.5.5.pl. */
  flavour?: 'rouge-score' | 'perl';
  /** Several references: best F per metric (rouge-score's default), pooled counts (-f A, Perl's
   * default) or best recall (-f B). */
  multiReference?: 'best-f' | 'perl-a' | 'perl-b';
  /** Average over the leave-one-out reference subsets. */
  jackknife?: boolean;
  /** Perl: R and P rounded to 5 decimals before F, and F after (default in the Perl flavour). */
  round?: boolean;
  /** Perl: alpha of F = PR/((1-alpha)P + alpha R), in [0, 1] (0.5). */
  alpha?: number;
}

export interface TextOptions {
  /** The tokeniser of texts: the flavour's by default (rouge-score's, or ROUGE-1.5.5's for perl);
   * `unicode` keeps letters and digits of any script (ours); `unicode-v1` and `character-v1` are
   * rouge-score-rs's (UAX #29 words, grapheme clusters; no stemming); `xlsum` is XL-Sum's
   * multilingual scorer (csebuetnlp's fork of rouge-score) for the language `lang`. */
  tokenizer?: 'rouge-score' | 'unicode' | 'perl' | 'unicode-v1' | 'character-v1' | 'xlsum';
  /** NLTK's Porter stemmer (rouge-score `use_stemmer`), ROUGE-1.5.5's `-m` with `perl`, the
   * language's stemmer with `xlsum`. */
  stem?: boolean;
  /** xlsum only: the fork's `lang` (`'bengali'`, `'bangla'`, `'russian'`, ...); absent or `''`
   * is Python's None (pyonmttok, and NLTK's Porter with stem). A name the fork does not know is
   * not an error: no stemmer, as there. Chinese, Japanese and Thai need Scorer.scoreSegmented. */
  lang?: string;
  /** perl only: `-s`, drop the SMART stop words. */
  stopwords?: boolean;
  /** perl only: `-l N`. */
  wordLimit?: number;
  /** perl only: `-b N`. */
  byteLimit?: number;
}

/** A token sequence with its sentence ends (exclusive offsets into tokens, non-decreasing). */
export interface Summary {
  tokens: Uint32Array | ArrayLike<number>;
  sentenceEnds?: Uint32Array | ArrayLike<number>;
}

/** Token ids: integers in [0, 2^32 - 1]. */
export type Tokens = Uint32Array | ArrayLike<number>;

/** The score of one metric and the counts it comes from. */
export interface Score {
  /** The metric's name (Metric.toString()). */
  metric: string;
  precision: number;
  recall: number;
  fmeasure: number;
  /** Clipped matches (weighted for ROUGE-W; pooled over references with perl-a). */
  hit: number;
  referenceTotal: number;
  candidateTotal: number;
}

/**
 * Scores candidates against references for a fixed list of metrics and options. The metrics and
 * options are checked when it is made (RougeError INVALID_ARGUMENT).
 */
export class Scorer {
  constructor(metrics: ReadonlyArray<string | Metric>, options?: Options & TextOptions);
  readonly metrics: ReadonlyArray<Metric>;
  readonly names: ReadonlyArray<string>;
  /**
   * One Score per metric, in order. Texts go through the library's tokeniser (sentences are
   * lines); token ids are scored as given. One reference may be passed without an array.
   * @throws RougeError when the library refuses the input; TypeError for other types
   */
  score(candidate: string, references: string | ReadonlyArray<string>): Score[];
  score(
    candidate: Tokens | Summary,
    references: Tokens | Summary | ReadonlyArray<Tokens | Summary>,
  ): Score[];
  /**
   * With `tokenizer: 'xlsum'` (any language): scores texts given each one's segmenter tokens,
   * what the fork's segmenter (xlsumSegmenter(lang)) makes of xlsumCleanText(text):
   * `tokens[0]` the candidate's, then one array per reference. The way to score Chinese,
   * Japanese and Thai, which score() refuses.
   * @throws RougeError INVALID_ARGUMENT for another tokeniser or a tokens array of another length
   */
  scoreSegmented(
    candidate: string,
    references: string | ReadonlyArray<string>,
    tokens: ReadonlyArray<ReadonlyArray<string>>,
  ): Score[];
}

/** The segmenter XL-Sum's scorer runs for `lang` when the caller must give its tokens (Chinese,
 * Japanese, Thai: Scorer.scoreSegmented), else undefined. */
export function xlsumSegmenter(lang: string | null | undefined): string | undefined;

/** The text XL-Sum's scorer hands its segmenter (lowercased, control and format characters and
 * punctuation deleted, words joined by single spaces). */
export function xlsumCleanText(text: string): string;

/**
 * Tokenises texts into one id space (equal words, equal ids), with sentence ends at lines.
 * The results can be passed to Scorer.score.
 */
export function tokenize(texts: ReadonlyArray<string>, options?: TextOptions): Array<{ tokens: Uint32Array; sentenceEnds: Uint32Array }>;
