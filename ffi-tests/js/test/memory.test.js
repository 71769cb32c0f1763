// The package's memory over a long run (issue 22 point 3): a million pairs, half texts and half
// token ids, of lengths 0 to 120 words, through one Scorer and through one-off Scorers. The
// package's region of the wasm memory grows to what the largest call needs and is reused by
// every later one, so once the first thousand pairs (the first of them the largest) have run,
// the memory must not grow again: a leak (a region not reset between calls) or unbounded
// growth fails the test. A last pair ten times as long must make it grow, so the measure is
// live. ROUGE_JS_PAIRS sets the count (make test: 1,000,000).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as rouge from '../rouge.js';

const PAIRS = Number(process.env.ROUGE_JS_PAIRS ?? 1000000);
const MAX_WORDS = 120;
const WARM = 1000;

await rouge.init(await readFile(new URL('../rouge.wasm', import.meta.url)));

// Deterministic pseudo-random numbers (mulberry32), as in the other tests.
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test(`${PAIRS.toLocaleString('en')} pairs: the wasm memory stops growing after the first ${WARM}`, () => {
  const next = rng(22);
  const vocabulary = Array.from({ length: 500 }, (_, i) => `w${i.toString(36)}`);
  // Pools of texts and id sequences; entry 0 of each is the longest, so the first pair needs the most.
  const lengths = Array.from({ length: 1009 }, (_, i) => (i === 0 ? MAX_WORDS : Math.floor(next() * (MAX_WORDS + 1))));
  const texts = lengths.map((n) => {
    const words = Array.from({ length: n }, () => vocabulary[Math.floor(next() * vocabulary.length)]);
    // A sentence break every dozen words or so, for rougeLsum.
    return words.map((w, k) => (k % 12 === 11 ? `${w}.\n` : w)).join(' ');
  });
  const ids = lengths.map((n) => Uint32Array.from({ length: n }, () => Math.floor(next() * 500)));
  const metrics = ['rouge1', 'rouge2', 'rougeL', 'rougeLsum'];
  const scorer = new rouge.Scorer(metrics);

  let grown = null, selfChecks = 0;
  const started = Date.now();
  for (let i = 0; i < PAIRS; i++) {
    const a = i % 1009, b = (i * 7 + 3) % 1009 || 0;
    const cand = i === 0 ? 0 : a;
    const ref = i === 0 ? 0 : b;
    let scores;
    if (i % 1000 === 999) {
      // Now and then a Scorer of its own (its metrics and options packed again), scored against itself.
      scores = new rouge.Scorer(metrics, { flavour: 'perl' }).score(texts[cand], [texts[cand]]);
      if (lengths[cand] > 0) {
        assert.equal(scores[0].fmeasure, 1, `pair ${i}: a text against itself`);
        selfChecks++;
      }
    } else if (i % 2 === 0) {
      scores = scorer.score(texts[cand], [texts[ref]]);
    } else {
      scores = scorer.score(ids[cand], [ids[ref], ids[(ref + 1) % 1009]]);
    }
    assert.equal(scores.length, metrics.length);
    if (i === WARM - 1) grown = rouge.memoryBytes();
    if (i >= WARM && i % 10000 === 0) {
      const now = rouge.memoryBytes();
      assert.equal(now, grown, `after pair ${i}: ${now} bytes of wasm memory, ${grown} after the first ${WARM}`);
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const end = rouge.memoryBytes();
  assert.equal(end, grown, `after ${PAIRS} pairs: ${end} bytes, ${grown} after the first ${WARM}`);
  assert.ok(selfChecks > 0);

  // The control: a pair ten times the longest needs more, and the memory shows it.
  const long = Array.from({ length: 10 }, () => texts[0]).join(' ');
  scorer.score(long, [long]);
  assert.ok(rouge.memoryBytes() > end, `a pair ten times as long did not grow the memory (${rouge.memoryBytes()} bytes)`);

  console.log(`# ${PAIRS} pairs in ${seconds.toFixed(1)} s (${((seconds * 1e6) / PAIRS).toFixed(2)} us a pair); ` +
    `wasm memory ${grown} bytes after the first ${WARM} pairs and after the last; ${rouge.memoryBytes()} after the control pair`);
});
