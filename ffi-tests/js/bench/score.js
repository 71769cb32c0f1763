// Per-call cost of the package (`make -C ffi-tests/js bench`; figures only, never a pass/fail
// criterion): the JavaScript side (encoding texts, packing structs, the size query, reading the
// results) is paid on every call, so short pairs show it best. Prints microseconds per call.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { init, Scorer } from '../rouge.js';

await init(await readFile(fileURLToPath(new URL('../rouge.wasm', import.meta.url))));

// Deterministic pseudo-random numbers (mulberry32), as in the tests.
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = rng(3);
const ids = (len, vocab) => Uint32Array.from({ length: len }, () => Math.floor(next() * vocab));
const words = ['the', 'cat', 'sat', 'on', 'a', 'mat', 'dog', 'ran', 'home', 'today', 'sunny', 'it', 'was'];
const text = (len) => Array.from({ length: len }, () => words[Math.floor(next() * words.length)]).join(' ');

function measure(name, scorer, cand, refs) {
  // Warm up for as long as we measure: V8 compiles the wasm code again, optimised, in the
  // background, and the first calls would pay for the baseline tier.
  const warm = process.hrtime.bigint();
  while (process.hrtime.bigint() - warm < 300_000_000n) scorer.score(cand, refs);
  let calls = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0n;
  while (elapsed < 300_000_000n) {
    for (let i = 0; i < 50; i++) scorer.score(cand, refs);
    calls += 50;
    elapsed = process.hrtime.bigint() - start;
  }
  console.log(`${name.padEnd(44)} ${(Number(elapsed) / 1000 / calls).toFixed(2).padStart(9)} us/call`);
}

const s = new Scorer(['rouge1', 'rouge2', 'rougeL']);
measure('ids, 30 tokens, 1 reference, 3 metrics', s, ids(30, 50), [ids(30, 50)]);
measure('text, 30 words, 1 reference, 3 metrics', s, text(30), [text(30)]);
measure('text, 30 words, 4 references, 3 metrics', s, text(30), [text(30), text(30), text(30), text(30)]);
measure('ids, 1000 tokens, 1 reference, 3 metrics', s, ids(1000, 500), [ids(1000, 500)]);
const all = new Scorer(['rouge1', 'rouge2', 'rougeL', 'rougeLsum', 'rougeW-1.2', 'rougeSU4'], { flavour: 'perl', stem: true });
measure('text, 30 words, perl -m, 6 metrics', all, text(30), [text(30)]);
