// librouge for JavaScript: the ROUGE metrics of the C library, compiled to a wasm32 module
// (rouge.wasm: no imports, exports the rouge_* functions and its memory). No dependencies.
//
// Memory: the library never allocates. Everything above the module's `__heap_base` belongs to
// this file: each call lays out its inputs, the structs, the scratch the size query asked for
// and the outputs there, bump-allocated from the base, and grows the memory (memory.grow) when
// a call needs more; the region is reused by the next call and never shrinks. JavaScript runs
// one call at a time and the library keeps no pointer past a call, so one region serves every
// Scorer. Views of the memory are re-made after a growth (growing detaches the old buffer).
//
// Struct layouts are those of include/rouge.h for wasm32 (4-byte pointers and size_t, 8-byte
// aligned doubles and 64-bit integers), little-endian.

/** The ROUGE_ABI_VERSION this file was written for. */
export const ABI_VERSION = 1;

/** The rouge_status codes of rouge.h. */
export const Status = Object.freeze({
  OK: 0,
  NULL_POINTER: 1,
  SCRATCH_TOO_SMALL: 2,
  SCRATCH_MISALIGNED: 3,
  INVALID_ARGUMENT: 4,
  INPUT_TOO_LONG: 5,
  OUTPUT_TOO_SMALL: 6,
  INVALID_UTF8: 7,
  EMBEDDED_NUL: 8,
});
const STATUS_NAMES = Object.fromEntries(Object.entries(Status).map(([k, v]) => [v, k]));

/** The metric kinds (ROUGE_METRIC_*). */
export const Kind = Object.freeze({ N: 1, L: 2, LSUM: 3, W: 4, S: 5, SU: 6 });
const METRIC_KIND = Kind;
const FLAVOURS = { 'rouge-score': 0, perl: 1 };
const MULTI = { 'best-f': 0, 'perl-a': 1, 'perl-b': 2 };
// unicode-v1 and character-v1: rouge-score-rs's (ROUGE_TOKENIZER_UNICODE_V1, _CHARACTER_V1).
const TOKENIZERS = { 'rouge-score': 0, unicode: 1, perl: 2, 'unicode-v1': 3, 'character-v1': 4 };

// Sizes (bytes) of the structs on wasm32.
const OPTIONS_SIZE = 24; // rouge_options: u32 flavour, multi_reference, jackknife, round; f64 alpha
const METRIC_SIZE = 24; // rouge_metric: u32 kind, n; i64 skip; f64 weight
const SUMMARY_SIZE = 16; // rouge_summary: ptr tokens, len, ptr sentence_ends, sentence_count
const DIMS_SIZE = 20; // rouge_dims, rouge_text_dims: five size_t
const RESULT_SIZE = 48; // rouge_result: f64 precision, recall, fmeasure, hit, reference_total, candidate_total
const STR_SIZE = 8; // rouge_str: ptr, len
const TEXT_OPTIONS_SIZE = 32; // rouge_text_options: u32 tokenizer, stem, stopwords, lcs_path; u64 word_limit, byte_limit
const PAGE = 65536;
const U32_MAX = 0xffffffff;

/** A failed library call: `status` is the rouge_status code, `code` its name. */
export class RougeError extends Error {
  constructor(status, detail) {
    const text = lib ? lib.statusText(status) : `status ${status}`;
    super(`rouge: ${text}${detail ? `: ${detail}` : ''}`);
    this.name = 'RougeError';
    this.status = status;
    this.code = STATUS_NAMES[status] ?? 'UNKNOWN';
  }
}

function invalid(detail) {
  return new RougeError(Status.INVALID_ARGUMENT, detail);
}

// ---------------------------------------------------------------------------------------------
// The module and its memory

/** The instantiated module; one per page or process. */
let lib = null;

class Library {
  constructor(instance) {
    const e = instance.exports;
    if (!(e.memory instanceof WebAssembly.Memory) || !e.__heap_base) {
      throw new TypeError('rouge: not the rouge.wasm module (no memory or __heap_base export)');
    }
    this.fn = e;
    this.memory = e.memory;
    this.base = align(e.__heap_base.value, 8);
    this.top = this.base;
    this.buffer = null;
    this.capacity = 0;
    this.refresh();
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
    const abi = e.rouge_abi_version();
    if (abi !== ABI_VERSION) {
      throw new Error(`rouge: rouge.wasm implements ABI version ${abi}, this package needs ${ABI_VERSION}`);
    }
  }

  /** Re-makes the views when the memory has grown (growth detaches the old buffer). */
  refresh() {
    const buffer = this.memory.buffer;
    if (this.buffer !== buffer) {
      this.buffer = buffer;
      this.capacity = buffer.byteLength;
      this.dv = new DataView(buffer);
      this.u8 = new Uint8Array(buffer);
      this.u32 = new Uint32Array(buffer);
    }
  }

  /**
   * Starts a call: the region is empty again. The views are checked once here, not on every
   * allocation: within a call only alloc() grows the memory (the library has no allocator).
   */
  reset() {
    this.top = this.base;
    this.refresh();
  }

  /** `bytes` bytes aligned to `alignment` in the region, growing the memory if needed. */
  alloc(bytes, alignment = 8) {
    const at = align(this.top, alignment);
    const end = at + bytes;
    if (!Number.isSafeInteger(end) || end > 0x100000000) {
      throw new RangeError(`rouge: a call needs ${end} bytes, beyond wasm32's 4 GiB memory`);
    }
    if (end > this.capacity) {
      try {
        this.memory.grow(Math.ceil((end - this.capacity) / PAGE));
      } catch (err) {
        throw new RangeError(`rouge: the wasm memory cannot grow to ${end} bytes (${err.message})`);
      }
      this.refresh();
    }
    this.top = end;
    return at;
  }

  check(status, detail) {
    if (status !== Status.OK) throw new RougeError(status, detail);
  }

  cString(ptr) {
    let end = ptr;
    while (this.u8[end] !== 0) end++;
    return this.decoder.decode(this.u8.subarray(ptr, end));
  }

  statusText(status) {
    return this.cString(this.fn.rouge_status_str(status >>> 0));
  }

  /** Writes a string as UTF-8 into the region and a rouge_str for it at `str`. */
  writeText(str, text) {
    // encodeInto writes at most 3 bytes per UTF-16 code unit.
    const at = this.alloc(text.length * 3, 1);
    const { written } = this.encoder.encodeInto(text, this.u8.subarray(at, at + text.length * 3));
    this.top = at + written;
    this.dv.setUint32(str, at, true);
    this.dv.setUint32(str + 4, written, true);
  }

  /** Writes `count` u32 values (token ids or sentence ends) and returns their address. */
  writeU32s(values, what) {
    const at = this.alloc(values.length * 4, 4);
    const u32 = this.u32;
    if (values instanceof Uint32Array) {
      u32.set(values, at >>> 2);
    } else {
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        if (!(Number.isInteger(v) && v >= 0 && v <= U32_MAX)) {
          throw invalid(`${what}[${i}] = ${v} is not an integer in [0, 2^32 - 1]`);
        }
        u32[(at >>> 2) + i] = v;
      }
    }
    return at;
  }

  /** Writes a rouge_summary (and its arrays) at `at`. */
  writeSummary(at, summary, what) {
    const tokens = this.writeU32s(summary.tokens, `${what} tokens`);
    const ends = this.writeU32s(summary.sentenceEnds, `${what} sentence ends`);
    const dv = this.dv;
    dv.setUint32(at, tokens, true);
    dv.setUint32(at + 4, summary.tokens.length, true);
    dv.setUint32(at + 8, ends, true);
    dv.setUint32(at + 12, summary.sentenceEnds.length, true);
  }

  /** Copies bytes packed beforehand (8-byte aligned) into the region; returns their address. */
  writeBytes(bytes) {
    const at = this.alloc(bytes.length, 8);
    this.u8.set(bytes, at);
    return at;
  }

  writeTextOptions(t) {
    const at = this.alloc(TEXT_OPTIONS_SIZE, 8);
    packTextOptions(this.dv, at, t);
    return at;
  }

  readResults(at, names) {
    const dv = this.dv;
    return names.map((metric, i) => {
      const r = at + i * RESULT_SIZE;
      return {
        metric,
        precision: dv.getFloat64(r, true),
        recall: dv.getFloat64(r + 8, true),
        fmeasure: dv.getFloat64(r + 16, true),
        hit: dv.getFloat64(r + 24, true),
        referenceTotal: dv.getFloat64(r + 32, true),
        candidateTotal: dv.getFloat64(r + 40, true),
      };
    });
  }
}

function align(x, a) {
  return Math.ceil(x / a) * a;
}

function packMetric(dv, at, m) {
  dv.setUint32(at, m.kind, true);
  dv.setUint32(at + 4, m.n, true);
  dv.setBigInt64(at + 8, BigInt(m.skip), true);
  dv.setFloat64(at + 16, m.weight, true);
}

function packOptions(dv, at, o) {
  dv.setUint32(at, o.flavourCode, true);
  dv.setUint32(at + 4, o.multiCode, true);
  dv.setUint32(at + 8, o.jackknife ? 1 : 0, true);
  dv.setUint32(at + 12, o.round ? 1 : 0, true);
  dv.setFloat64(at + 16, o.alpha, true);
}

function packTextOptions(dv, at, t) {
  dv.setUint32(at, t.tokenizerCode, true);
  dv.setUint32(at + 4, t.stem ? 1 : 0, true);
  dv.setUint32(at + 8, t.stopwords ? 1 : 0, true);
  dv.setUint32(at + 12, 0, true);
  dv.setBigUint64(at + 16, BigInt(t.wordLimit), true);
  dv.setBigUint64(at + 24, BigInt(t.byteLimit), true);
}

/**
 * A scorer's fixed arguments packed once, as the library reads them: the rouge_metric array,
 * then rouge_options, then rouge_text_options (each 8-byte aligned). A call copies the bytes
 * and passes the three addresses, so no call converts them again.
 */
function packConfig(metrics, options, text) {
  const optionsAt = metrics.length * METRIC_SIZE;
  const textAt = optionsAt + OPTIONS_SIZE;
  const bytes = new Uint8Array(textAt + TEXT_OPTIONS_SIZE);
  const dv = new DataView(bytes.buffer);
  metrics.forEach((m, i) => packMetric(dv, i * METRIC_SIZE, m));
  packOptions(dv, optionsAt, options);
  packTextOptions(dv, textAt, text);
  return { bytes, optionsAt, textAt };
}

function library() {
  if (lib === null) throw new Error('rouge: call `await init()` (or initSync) before using the library');
  return lib;
}

/**
 * Loads rouge.wasm once. `source` may be a URL or path string (default: rouge.wasm beside this
 * file), a Response or a promise of one, the module's bytes, or a compiled WebAssembly.Module.
 * Later calls return at once.
 *
 * This file imports nothing, so bundlers take it as it is for the browser; the default URL is
 * written `new URL('./rouge.wasm', import.meta.url)`, which bundlers that follow it copy beside
 * the bundle. URLs are fetched; Node's fetch cannot read `file:` URLs, so in Node the package's
 * entry (`rouge-node.js`, the `node` condition of its exports) reads the file with `fs` first.
 */
export async function init(source) {
  if (lib !== null) return;
  let module;
  if (source instanceof WebAssembly.Module) {
    module = source;
  } else if (isBytes(source)) {
    module = await WebAssembly.compile(source);
  } else {
    if (source === undefined) source = new URL('./rouge.wasm', import.meta.url);
    if (typeof source === 'string') source = new URL(source, import.meta.url);
    let response;
    try {
      response = await (source instanceof URL ? fetch(source) : source);
    } catch (err) {
      const hint = source instanceof URL && source.protocol === 'file:'
        ? ' (in Node, import the package as `librouge`, whose Node entry reads files, or pass init() the bytes)'
        : '';
      throw new Error(`rouge: cannot fetch ${source}: ${err.message}${hint}`, { cause: err });
    }
    if (!response.ok) throw new Error(`rouge: fetching rouge.wasm: HTTP ${response.status}`);
    module = await WebAssembly.compile(await response.arrayBuffer());
  }
  if (lib === null) lib = new Library(await WebAssembly.instantiate(module, {}));
}

/** Loads rouge.wasm synchronously from its bytes or a compiled WebAssembly.Module. */
export function initSync(source) {
  if (lib !== null) return;
  const module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source);
  lib = new Library(new WebAssembly.Instance(module, {}));
}

function isBytes(x) {
  return x instanceof ArrayBuffer || ArrayBuffer.isView(x);
}

/** The library version ("MAJOR.MINOR.PATCH"). */
export function version() {
  const l = library();
  return l.cString(l.fn.rouge_version());
}

/** The library's message for a status code (rouge_status_str). */
export function statusText(status) {
  return library().statusText(status);
}

// ---------------------------------------------------------------------------------------------
// Metrics

/** One ROUGE variant. Build with the static constructors or Metric.parse. */
export class Metric {
  constructor(kind, { n = 0, skip = 0, weight = 0 } = {}) {
    this.kind = kind;
    this.n = n;
    this.skip = skip;
    this.weight = weight;
    Object.freeze(this);
  }

  /** ROUGE-N (n >= 1). */
  static n(n) {
    return new Metric(METRIC_KIND.N, { n });
  }
  /** Sentence-level ROUGE-L (rouge-score rougeL). */
  static l() {
    return new Metric(METRIC_KIND.L);
  }
  /** Summary-level ROUGE-L (rouge-score rougeLsum, ROUGE-1.5.5 ROUGE-L). */
  static lsum() {
    return new Metric(METRIC_KIND.LSUM);
  }
  /** ROUGE-W with a weight >= 1 (1.2 is usual). */
  static w(weight) {
    return new Metric(METRIC_KIND.W, { weight });
  }
  /** ROUGE-S: at most `skip` tokens between the pair; Infinity or negative: unlimited (S*). */
  static s(skip) {
    return new Metric(METRIC_KIND.S, { skip: skipOf(skip) });
  }
  /** ROUGE-SU: ROUGE-S plus unigrams; Infinity or negative: unlimited (SU*). */
  static su(skip) {
    return new Metric(METRIC_KIND.SU, { skip: skipOf(skip) });
  }

  /**
   * Parses a name as rouge-score and ROUGE-1.5.5 users write it (rouge_metric_parse): rouge1,
   * rougeL, rougeLsum, rougeW-1.2, rougeS4, rougeS*, rougeSU4, ROUGE-1, ROUGE-L (summary
   * level), ROUGE-W-1.2, ... Throws RougeError (INVALID_ARGUMENT) for an unknown name.
   */
  static parse(name) {
    if (typeof name !== 'string') throw new TypeError('rouge: a metric name is a string');
    const l = library();
    l.reset();
    const str = l.alloc(STR_SIZE, 4);
    l.writeText(str, name);
    const out = l.alloc(METRIC_SIZE, 8);
    const dv = l.dv;
    l.check(l.fn.rouge_metric_parse(dv.getUint32(str, true), dv.getUint32(str + 4, true), out), `metric name '${name}'`);
    return new Metric(dv.getUint32(out, true), {
      n: dv.getUint32(out + 4, true),
      skip: Number(dv.getBigInt64(out + 8, true)),
      weight: dv.getFloat64(out + 16, true),
    });
  }

  /** The rouge-score style name (rouge2, rougeLsum, rougeW-1.2, rougeSU4, rougeS*). */
  toString() {
    const skip = () => (this.skip < 0 ? '*' : String(this.skip));
    switch (this.kind) {
      case METRIC_KIND.N:
        return `rouge${this.n}`;
      case METRIC_KIND.L:
        return 'rougeL';
      case METRIC_KIND.LSUM:
        return 'rougeLsum';
      case METRIC_KIND.W:
        return `rougeW-${this.weight}`;
      case METRIC_KIND.S:
        return `rougeS${skip()}`;
      case METRIC_KIND.SU:
        return `rougeSU${skip()}`;
    }
    return `Metric(kind ${this.kind})`;
  }
}

function skipOf(skip) {
  return skip === Infinity ? -1 : skip;
}

function toMetric(m, i) {
  if (m instanceof Metric) return m;
  if (typeof m === 'string') return Metric.parse(m);
  throw new TypeError(`rouge: metrics[${i}] is neither a name nor a Metric`);
}

function checkMetricFields(m) {
  const fits = (v, lo, hi) => Number.isInteger(v) && v >= lo && v <= hi;
  if (!fits(m.kind, 0, U32_MAX) || !fits(m.n, 0, U32_MAX)) throw invalid(`metric ${m}`);
  if (!Number.isSafeInteger(m.skip) || typeof m.weight !== 'number') throw invalid(`metric ${m}`);
}

// ---------------------------------------------------------------------------------------------
// Options

function optionsOf(given) {
  const l = library();
  const flavour = given.flavour ?? 'rouge-score';
  const flavourCode = FLAVOURS[flavour];
  if (flavourCode === undefined) throw invalid(`flavour '${flavour}' (rouge-score or perl)`);
  // The flavour's defaults come from the library (rouge_options_init).
  l.reset();
  const at = l.alloc(OPTIONS_SIZE, 8);
  l.check(l.fn.rouge_options_init(flavourCode, at));
  const dv = l.dv;
  const defaults = {
    multiCode: dv.getUint32(at + 4, true),
    jackknife: dv.getUint32(at + 8, true) !== 0,
    round: dv.getUint32(at + 12, true) !== 0,
    alpha: dv.getFloat64(at + 16, true),
  };
  let multiCode = defaults.multiCode;
  if (given.multiReference !== undefined) {
    multiCode = MULTI[given.multiReference];
    if (multiCode === undefined) throw invalid(`multiReference '${given.multiReference}' (best-f, perl-a or perl-b)`);
  }
  const alpha = given.alpha ?? defaults.alpha;
  if (typeof alpha !== 'number') throw invalid(`alpha ${alpha}`);
  const options = {
    flavour,
    flavourCode,
    multiReference: Object.keys(MULTI).find((k) => MULTI[k] === multiCode),
    multiCode,
    jackknife: Boolean(given.jackknife ?? defaults.jackknife),
    round: Boolean(given.round ?? defaults.round),
    alpha,
  };

  // The flavour's tokeniser unless another is named.
  const text = textOptionsOf({ ...given, tokenizer: given.tokenizer ?? (flavour === 'perl' ? 'perl' : 'rouge-score') });
  return { options, text };
}

function textOptionsOf(given) {
  const tokenizer = given.tokenizer ?? 'rouge-score';
  const tokenizerCode = TOKENIZERS[tokenizer];
  if (tokenizerCode === undefined) throw invalid(`tokenizer '${tokenizer}' (rouge-score, unicode, perl, unicode-v1 or character-v1)`);
  const limit = (v, what) => {
    v = v ?? 0;
    if (!(Number.isSafeInteger(v) && v >= 0)) throw invalid(`${what} ${v}`);
    return v;
  };
  return {
    tokenizer,
    tokenizerCode,
    stem: Boolean(given.stem),
    stopwords: Boolean(given.stopwords),
    wordLimit: limit(given.wordLimit, 'wordLimit'),
    byteLimit: limit(given.byteLimit, 'byteLimit'),
  };
}

// ---------------------------------------------------------------------------------------------
// Inputs

function isTokens(x) {
  return (
    x instanceof Uint32Array ||
    (ArrayBuffer.isView(x) && !(x instanceof DataView)) ||
    (Array.isArray(x) && (x.length === 0 || typeof x[0] === 'number'))
  );
}

/** A token sequence (array of ids) or a summary object, as { tokens, sentenceEnds }. */
function summaryOf(x, what) {
  if (isTokens(x)) return { tokens: x, sentenceEnds: [] };
  if (x !== null && typeof x === 'object' && isTokens(x.tokens)) {
    const ends = x.sentenceEnds ?? [];
    if (!isTokens(ends)) throw new TypeError(`rouge: ${what}.sentenceEnds is not an array of numbers`);
    return { tokens: x.tokens, sentenceEnds: ends };
  }
  throw new TypeError(`rouge: ${what} is neither a text, an array of token ids nor { tokens, sentenceEnds }`);
}

/** One reference, not wrapped in an array, is accepted too. */
function referenceList(references) {
  if (typeof references === 'string' || isTokens(references) && !(Array.isArray(references) && references.length === 0)) {
    return [references];
  }
  if (references !== null && typeof references === 'object' && !Array.isArray(references) && 'tokens' in references) {
    return [references];
  }
  if (!Array.isArray(references)) throw new TypeError('rouge: references must be an array');
  return references;
}

// ---------------------------------------------------------------------------------------------
// Scorer

/**
 * Scores candidates against references for a fixed list of metrics and options. Texts are
 * tokenised by the library (options.tokenizer); token ids are scored as they are.
 */
export class Scorer {
  /**
   * @param metrics names (`'rouge1'`, `'rougeLsum'`, `'rougeW-1.2'`, ...) or Metric values;
   *   results come in this order.
   * @param options flavour, multiReference, jackknife, round, alpha, tokenizer, stem,
   *   stopwords, wordLimit, byteLimit (see rouge.d.ts).
   */
  constructor(metrics, options = {}) {
    const l = library();
    if (!Array.isArray(metrics)) throw new TypeError('rouge: metrics must be an array');
    this.metrics = Object.freeze(metrics.map(toMetric));
    this.metrics.forEach(checkMetricFields);
    this.names = this.metrics.map(String);
    const { options: o, text } = optionsOf(options);
    this.options = Object.freeze(o);
    this.textOptions = Object.freeze(text);
    this.#config = packConfig(this.metrics, this.options, this.textOptions);
    // Let the library check the metrics and options now, with empty dims.
    l.reset();
    const { m, opt, topt } = this.#writeConfig(l);
    const dims = l.alloc(DIMS_SIZE, 4);
    l.u8.fill(0, dims, dims + DIMS_SIZE);
    const words = l.alloc(4, 4);
    l.check(l.fn.rouge_scratch_words(m, this.metrics.length, opt, dims, words), 'metrics or options');
    l.check(l.fn.rouge_text_scratch_words(m, this.metrics.length, opt, topt, dims, words), 'text options');
  }

  /**
   * Scores `candidate` against `references` (one or an array): texts (strings), or token ids
   * (arrays of integers in [0, 2^32 - 1], typed arrays, or { tokens, sentenceEnds }). Returns one
   * Score per metric, in order. Throws RougeError when the library refuses the input.
   */
  score(candidate, references) {
    const refs = referenceList(references);
    if (typeof candidate === 'string') {
      refs.forEach((r, i) => {
        if (typeof r !== 'string') throw new TypeError(`rouge: references[${i}] is not a text like the candidate`);
      });
      return this.#scoreText(candidate, refs);
    }
    const cand = summaryOf(candidate, 'candidate');
    return this.#scoreIds(cand, refs.map((r, i) => summaryOf(r, `references[${i}]`)));
  }

  #config;

  /** Copies the packed metrics and options into the region: their addresses. */
  #writeConfig(l) {
    const m = l.writeBytes(this.#config.bytes);
    return { m, opt: m + this.#config.optionsAt, topt: m + this.#config.textAt };
  }

  #scoreIds(cand, refs) {
    const l = library();
    l.reset();
    const c = l.alloc(SUMMARY_SIZE, 4);
    l.writeSummary(c, cand, 'candidate');
    const r = l.alloc(refs.length * SUMMARY_SIZE, 4);
    refs.forEach((ref, i) => l.writeSummary(r + i * SUMMARY_SIZE, ref, `references[${i}]`));
    const { m, opt } = this.#writeConfig(l);
    const dims = l.alloc(DIMS_SIZE, 4);
    const words = l.alloc(4, 4);
    l.check(l.fn.rouge_dims_of(c, r, refs.length, dims));
    l.check(l.fn.rouge_scratch_words(m, this.metrics.length, opt, dims, words));
    const scratchWords = l.dv.getUint32(words, true);
    const scratch = l.alloc(scratchWords * 8, 8);
    const out = l.alloc(this.metrics.length * RESULT_SIZE, 8);
    l.check(l.fn.rouge_score_pair(c, r, refs.length, m, this.metrics.length, opt, scratch, scratchWords, out));
    return l.readResults(out, this.names);
  }

  #scoreText(cand, refs) {
    const l = library();
    l.reset();
    const c = l.alloc(STR_SIZE, 4);
    l.writeText(c, cand);
    const r = l.alloc(refs.length * STR_SIZE, 4);
    refs.forEach((ref, i) => l.writeText(r + i * STR_SIZE, ref));
    const { m, opt, topt } = this.#writeConfig(l);
    const dims = l.alloc(DIMS_SIZE, 4);
    const words = l.alloc(4, 4);
    l.check(l.fn.rouge_text_dims_of(c, r, refs.length, dims));
    l.check(l.fn.rouge_text_scratch_words(m, this.metrics.length, opt, topt, dims, words));
    const scratchWords = l.dv.getUint32(words, true);
    const scratch = l.alloc(scratchWords * 8, 8);
    const out = l.alloc(this.metrics.length * RESULT_SIZE, 8);
    l.check(
      l.fn.rouge_score_text(c, r, refs.length, m, this.metrics.length, opt, topt, scratch, scratchWords, out),
    );
    return l.readResults(out, this.names);
  }
}

// ---------------------------------------------------------------------------------------------
// Tokeniser

/**
 * Tokenises texts with the library's tokeniser into one id space (equal words, equal ids;
 * ids dense from 0 in order of first appearance). Returns one { tokens, sentenceEnds } per
 * text (Uint32Arrays; a sentence is a line with tokens), which Scorer.score accepts.
 */
export function tokenize(texts, options = {}) {
  if (!Array.isArray(texts) || !texts.every((t) => typeof t === 'string')) {
    throw new TypeError('rouge: tokenize takes an array of texts');
  }
  const l = library();
  const text = textOptionsOf(options);
  l.reset();
  const strs = l.alloc(texts.length * STR_SIZE, 4);
  texts.forEach((t, i) => l.writeText(strs + i * STR_SIZE, t));
  const topt = l.writeTextOptions(text);
  const sizes = l.alloc(8, 4);
  l.check(l.fn.rouge_tokenize_scratch_words(strs, texts.length, topt, sizes, sizes + 4));
  const scratchWords = l.dv.getUint32(sizes, true);
  const maxTokens = l.dv.getUint32(sizes + 4, true);
  const ids = l.alloc(maxTokens * 4, 4);
  const ends = l.alloc(maxTokens * 4, 4);
  const out = l.alloc(texts.length * SUMMARY_SIZE, 4);
  const scratch = l.alloc(scratchWords * 8, 8);
  l.check(
    l.fn.rouge_tokenize(strs, texts.length, topt, ids, maxTokens, ends, maxTokens, out, scratch, scratchWords),
  );
  const dv = l.dv;
  return texts.map((_, i) => {
    const s = out + i * SUMMARY_SIZE;
    const tokens = dv.getUint32(s, true);
    const len = dv.getUint32(s + 4, true);
    const endsAt = dv.getUint32(s + 8, true);
    const count = dv.getUint32(s + 12, true);
    return {
      tokens: l.u32.slice(tokens >>> 2, (tokens >>> 2) + len),
      sentenceEnds: l.u32.slice(endsAt >>> 2, (endsAt >>> 2) + count),
    };
  });
}

/** Bytes of wasm memory the package holds now (the region only grows). For tests and tuning. */
export function memoryBytes() {
  return library().memory.buffer.byteLength;
}
