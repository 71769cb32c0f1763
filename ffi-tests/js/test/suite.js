// The tests of the JavaScript package, shared by Node's test runner (rouge.test.js) and the
// headless browser (browser/page.js). `env` gives what differs between the two:
//   env.read(path)  -> Promise<string | null>: a file of the repository (paths from its root;
//                      `shared/...` is the ../shared folder beside it), null when absent;
//   env.wasmBytes() -> Promise<ArrayBuffer | Uint8Array>: ffi-tests/js/rouge.wasm.
// Expected values come from outside this package: the conformance data (rouge-score 0.1.2,
// ROUGE-1.5.5.pl, the independent refimpl.py), the C host's output on the agreement cases,
// rouge.h, and plain oracles written here.

import * as rouge from '../rouge.js';
import { agreeOutput, checkAgainstC } from './agree.js';

const { Scorer, Metric, Kind, RougeError, Status, tokenize } = rouge;

// ---------------------------------------------------------------------------------------------
// A small assertion kit (node:assert is not in browsers).

class AssertionError extends Error {}

function fail(msg) {
  throw new AssertionError(msg);
}

function eq(got, want, what = 'value') {
  if (!Object.is(got, want)) fail(`${what}: got ${fmt(got)}, want ${fmt(want)}`);
}

function near(got, want, tol, what) {
  if (!(Math.abs(got - want) <= tol)) fail(`${what}: got ${got}, want ${want}`);
}

function deepEq(got, want, what = 'value') {
  const g = JSON.stringify(got), w = JSON.stringify(want);
  if (g !== w) fail(`${what}: got ${g}, want ${w}`);
}

function throwsRouge(fn, code, what) {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof RougeError)) fail(`${what}: threw ${e?.name}: ${e?.message}, want RougeError ${code}`);
    eq(e.code, code, `${what}: code`);
    eq(e.status, Status[code], `${what}: status`);
    if (!e.message.startsWith('rouge: ' + rouge.statusText(e.status))) fail(`${what}: message '${e.message}'`);
    return e;
  }
  fail(`${what}: did not throw (want RougeError ${code})`);
}

function throwsType(fn, what) {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof TypeError)) fail(`${what}: threw ${e?.name}: ${e?.message}, want TypeError`);
    return;
  }
  fail(`${what}: did not throw TypeError`);
}

function fmt(x) {
  return typeof x === 'string' ? `'${x}'` : String(x);
}

// Collects the mismatches of a loop over many cases; fails with the first few.
function mismatches() {
  const errs = [];
  return {
    push: (e) => errs.push(e),
    done(what, count) {
      if (count === 0) fail(`${what}: no cases ran`);
      if (errs.length) fail(`${what}: ${errs.length} mismatches in ${count} cases:\n  ${errs.slice(0, 8).join('\n  ')}`);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Plain oracles: rouge-score's definitions, written the obvious way.

function ngramCounts(tokens, n) {
  const m = new Map();
  for (let i = 0; i + n <= tokens.length; i++) {
    const k = Array.from(tokens.slice(i, i + n)).join(',');
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

function prf(hit, refTotal, candTotal) {
  const p = candTotal ? hit / candTotal : 0, r = refTotal ? hit / refTotal : 0;
  return { p, r, f: p + r > 0 ? (2 * p * r) / (p + r) : 0 };
}

function oracleN(cand, ref, n) {
  const c = ngramCounts(cand, n), r = ngramCounts(ref, n);
  let hit = 0, ct = 0, rt = 0;
  for (const [k, v] of c) {
    ct += v;
    hit += Math.min(v, r.get(k) ?? 0);
  }
  for (const v of r.values()) rt += v;
  return { hit, rt, ct, ...prf(hit, rt, ct) };
}

function oracleL(cand, ref) {
  const m = ref.length, n = cand.length;
  let prev = new Array(n + 1).fill(0), cur = new Array(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      cur[j] = ref[i - 1] === cand[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    }
    [prev, cur] = [cur, prev];
  }
  const hit = prev[n];
  return { hit, rt: m, ct: n, ...prf(hit, m, n) };
}

// Deterministic pseudo-random numbers (mulberry32).
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomTokens(next, len, vocab) {
  const out = new Uint32Array(len);
  for (let i = 0; i < len; i++) out[i] = Math.floor(next() * vocab);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Conformance data

// The cases of a conformance file, from ../shared/conformance, else from the vendored copies in
// tests/conformance; `from` records which files were read.
async function jsonl(env, name, from) {
  for (const dir of ['shared/conformance', 'tests/conformance']) {
    const text = await env.read(`${dir}/${name}`);
    if (text !== null) {
      from.add(`${dir}/${name}`);
      return text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
    }
  }
  return [];
}

// The texts a tool saw: tool_input (Chinese mapped to code points) when present.
function caseTexts(c) {
  const src = c.tool_input ?? c;
  return [src.candidate, ...src.references];
}

function checkScores(errs, id, expected, names, got, tol = 1e-9) {
  names.forEach((name, i) => {
    for (const field of ['precision', 'recall', 'fmeasure']) {
      const want = expected[name][field];
      if (!(Math.abs(got[i][field] - want) <= tol)) errs.push(`${id} ${name}.${field}: got ${got[i][field]}, want ${want}`);
    }
  });
}

// ---------------------------------------------------------------------------------------------

/** The tests, as [{ name, fn }]; fn may be async and may return a note (what it covered). */
export async function suite(env) {
  await rouge.init(await env.wasmBytes());
  const header = await env.read('include/rouge.h');
  if (header === null) fail('include/rouge.h not found');

  const tests = [];
  const test = (name, fn) => tests.push({ name, fn });

  test('the module has no imports and exports exactly the functions of rouge.h', async () => {
    const module = await WebAssembly.compile(await env.wasmBytes());
    deepEq(WebAssembly.Module.imports(module), [], 'imports');
    const exported = WebAssembly.Module.exports(module)
      .filter((e) => e.kind === 'function')
      .map((e) => e.name)
      .sort();
    const declared = [...header.matchAll(/\b(rouge_[a-z0-9_]+)\(/g)].map((m) => m[1]);
    deepEq(exported, [...new Set(declared)].sort(), 'exported functions');
    if (exported.length < 30) fail(`only ${exported.length} functions exported`);
    const others = WebAssembly.Module.exports(module).filter((e) => e.kind !== 'function').map((e) => e.name).sort();
    deepEq(others, ['__data_end', '__heap_base', 'memory'], 'other exports');
  });

  test('version and ABI are those of rouge.h', () => {
    eq(rouge.version(), header.match(/#define ROUGE_VERSION_STRING "([^"]+)"/)[1], 'version');
    eq(rouge.ABI_VERSION, Number(header.match(/#define ROUGE_ABI_VERSION (\d+)/)[1]), 'ABI');
    eq(rouge.statusText(Status.OK), 'ok', 'statusText(OK)');
    for (const [name, code] of Object.entries(Status)) {
      eq(code, Number(header.match(new RegExp(`#define ROUGE_${name === 'OK' ? 'OK' : 'ERR_' + name} (\\d+)`))[1]), `Status.${name}`);
    }
  });

  test('metric names parse as rouge_metric_parse reads them', () => {
    const cases = [
      ['rouge1', Kind.N, 1, 0, 0, 'rouge1'],
      ['rouge12', Kind.N, 12, 0, 0, 'rouge12'],
      ['rougeL', Kind.L, 0, 0, 0, 'rougeL'],
      ['ROUGE-L', Kind.LSUM, 0, 0, 0, 'rougeLsum'],
      ['rougeLsum', Kind.LSUM, 0, 0, 0, 'rougeLsum'],
      ['rougeW-1.2', Kind.W, 0, 0, 1.2, 'rougeW-1.2'],
      ['ROUGE-S4', Kind.S, 0, 4, 0, 'rougeS4'],
      ['rougeS*', Kind.S, 0, -1, 0, 'rougeS*'],
      ['rougeSU4', Kind.SU, 0, 4, 0, 'rougeSU4'],
      ['ROUGE-SU*', Kind.SU, 0, -1, 0, 'rougeSU*'],
    ];
    for (const [name, kind, n, skip, weight, back] of cases) {
      const m = Metric.parse(name);
      deepEq([m.kind, m.n, m.skip, m.weight], [kind, n, skip, weight], name);
      eq(String(m), back, `${name} printed`);
    }
    deepEq(Metric.su(Infinity), Metric.parse('rougeSU*'), 'Metric.su(Infinity)');
    deepEq(Metric.w(1.2), Metric.parse('rougeW-1.2'), 'Metric.w(1.2)');
    for (const bad of ['rouge0', 'rougeX', '', 'rouge1\u0000', 'rougeW-0.5x', 'ROUGE-é']) {
      throwsRouge(() => Metric.parse(bad), 'INVALID_ARGUMENT', `Metric.parse(${JSON.stringify(bad)})`);
    }
  });

  test('token ids: rouge1, rouge2, rougeL against plain oracles on random pairs', () => {
    const next = rng(7);
    const scorer = new Scorer([Metric.n(1), Metric.n(2), Metric.l()]);
    const errs = mismatches();
    let count = 0;
    for (const len of [0, 1, 2, 63, 64, 65, 127, 128, 129, 300]) {
      for (let k = 0; k < 6; k++) {
        const cand = randomTokens(next, len, 2 + k * 5);
        const ref = randomTokens(next, Math.floor(next() * 300), 2 + k * 5);
        const got = scorer.score(cand, [ref]);
        const want = [oracleN(cand, ref, 1), oracleN(cand, ref, 2), oracleL(cand, ref)];
        want.forEach((w, i) => {
          const g = got[i];
          if (g.hit !== w.hit || g.referenceTotal !== w.rt || g.candidateTotal !== w.ct) {
            errs.push(`len ${len} ${g.metric}: counts ${g.hit}/${g.referenceTotal}/${g.candidateTotal}, want ${w.hit}/${w.rt}/${w.ct}`);
          }
          for (const [f, o] of [['precision', 'p'], ['recall', 'r'], ['fmeasure', 'f']]) {
            if (Math.abs(g[f] - w[o]) > 1e-12) errs.push(`len ${len} ${g.metric}.${f}: ${g[f]} vs ${w[o]}`);
          }
        });
        count++;
      }
    }
    errs.done('random pairs', count);
  });

  test('conformance: token-id cases (refimpl.py)', async () => {
    const errs = mismatches(), from = new Set();
    let count = 0;
    for (const file of ['synthetic_ids.jsonl', 'seed_examples.jsonl']) {
      for (const c of await jsonl(env, file, from)) {
        if (!c.candidate_ids) continue;
        const names = Object.keys(c.expected).sort();
        const scorer = new Scorer(names);
        const got = scorer.score(
          { tokens: c.candidate_ids, sentenceEnds: c.candidate_sentence_ends ?? [] },
          [{ tokens: c.reference_ids, sentenceEnds: c.reference_sentence_ends ?? [] }],
        );
        checkScores(errs, c.id, c.expected, names, got);
        count++;
      }
    }
    errs.done('token-id cases', count);
    return `${count} cases from ${[...from].join(', ')}`;
  });

  test('conformance: rouge-score 0.1.2 text cases, with and without its stemmer', async () => {
    const errs = mismatches(), from = new Set();
    let count = 0, stemmed = 0;
    const cases = [...(await jsonl(env, 'real_rouge_score.jsonl', from)), ...(await jsonl(env, 'pltrdy_rouge_score.jsonl', from))];
    for (const c of [...cases, ...(await jsonl(env, 'seed_examples.jsonl', from)).filter((c) => c.candidate !== undefined)]) {
      const stem = c.options?.use_stemmer === true;
      const names = Object.keys(c.expected).sort();
      const scorer = new Scorer(names, { stem });
      const [cand, ...refs] = caseTexts(c);
      checkScores(errs, `${c.id} score_multi`, c.expected, names, scorer.score(cand, refs));
      (c.expected_per_reference ?? []).forEach((exp, i) => {
        checkScores(errs, `${c.id} reference ${i}`, exp, names, scorer.score(cand, [refs[i]]));
      });
      count++;
      if (stem) stemmed++;
    }
    if (stemmed === 0) fail('no case with the stemmer');
    errs.done('rouge-score cases', count);
    return `${count} cases (${stemmed} stemmed) from ${[...from].join(', ')}`;
  });

  test('conformance: ROUGE-1.5.5.pl text cases (-m, -f A/B, S*, SU*), printed values and counts', async () => {
    const errs = mismatches(), from = new Set();
    let count = 0;
    const cases = [...(await jsonl(env, 'real_rouge155.jsonl', from)), ...(await jsonl(env, 'pltrdy_rouge155.jsonl', from))];
    for (const c of cases) {
      const command = c.options.command;
      const multi = { A: 'perl-a', B: 'perl-b' }[command.match(/ -f ([AB]) /)[1]];
      const alpha = Number(command.match(/ -p ([0-9.]+) /)[1]);
      const stem = / -m /.test(command);
      if (/ -[slb] /.test(command)) fail(`${c.id}: unexpected option in ${command}`);
      const names = Object.keys(c.expected).sort();
      const scorer = new Scorer(names, { flavour: 'perl', multiReference: multi, alpha, stem });
      const [cand, ...refs] = caseTexts(c);
      const got = scorer.score(cand, refs);
      names.forEach((name, i) => {
        for (const f of ['precision', 'recall', 'fmeasure']) {
          const printed = got[i][f].toFixed(5);
          if (printed !== c.expected[name][f]) errs.push(`${c.id} ${name}.${f}: ${printed}, ROUGE printed ${c.expected[name][f]}`);
        }
        const counts = c.expected_counts?.[name];
        if (counts) {
          for (const [f, k] of [['hit', 'hit'], ['referenceTotal', 'model_count'], ['candidateTotal', 'peer_count']]) {
            if (!(Math.abs(got[i][f] - counts[k]) <= 1e-9)) errs.push(`${c.id} ${name}.${f}: ${got[i][f]}, ROUGE counted ${counts[k]}`);
          }
        }
      });
      count++;
    }
    errs.done('ROUGE-1.5.5 cases', count);
    return `${count} cases from ${[...from].join(', ')}`;
  });

  test('agreement: the C library\'s bits on the hosts agreement cases (ROUGE-W within pow\'s last bits)', async () => {
    const cases = await env.read('ffi-tests/agree/build/cases.tsv');
    const cOut = await env.read('ffi-tests/agree/build/c.out');
    if (cases === null || cOut === null) {
      fail('ffi-tests/agree/build/{cases.tsv,c.out} missing: run make -C ffi-tests/agree (make -C ffi-tests/js test does)');
    }
    const out = agreeOutput(rouge, cases);
    if (env.wrote) await env.wrote('agree', out);
    return checkAgainstC(out, cOut);
  });

  test('several references: best-f, perl-a, perl-b and jackknife combine the single scores', () => {
    const cand = 'the cat sat on the mat today';
    const refs = ['a cat sat on a mat', 'the cat was on the mat today', 'today the dog sat'];
    const metrics = ['rouge1', 'rouge2', 'rougeL'];
    const single = refs.map((r) => new Scorer(metrics).score(cand, [r]));
    const bestF = new Scorer(metrics).score(cand, refs);
    metrics.forEach((_, m) => {
      const best = single.reduce((a, s) => (s[m].fmeasure > a[m].fmeasure ? s : a));
      deepEq(bestF[m], best[m], `best-f ${metrics[m]}`);
    });
    // Jackknife: the mean over the leave-one-out subsets of their best-F scores.
    const jack = new Scorer(metrics, { jackknife: true }).score(cand, refs);
    metrics.forEach((_, m) => {
      const subsets = refs.map((_, out) => single.filter((_, k) => k !== out));
      const picks = subsets.map((sub) => sub.reduce((a, s) => (s[m].fmeasure > a[m].fmeasure ? s : a))[m]);
      for (const f of ['precision', 'recall', 'fmeasure']) {
        near(jack[m][f], picks.reduce((a, p) => a + p[f], 0) / picks.length, 1e-12, `jackknife ${metrics[m]}.${f}`);
      }
    });
    // Perl -f A pools the counts; -f B keeps the reference with the best recall.
    const perlSingle = refs.map((r) => new Scorer(metrics, { flavour: 'perl', round: false }).score(cand, [r]));
    const pooled = new Scorer(metrics, { flavour: 'perl', round: false }).score(cand, refs);
    const bestR = new Scorer(metrics, { flavour: 'perl', round: false, multiReference: 'perl-b' }).score(cand, refs);
    metrics.forEach((_, m) => {
      const hit = perlSingle.reduce((a, s) => a + s[m].hit, 0);
      const rt = perlSingle.reduce((a, s) => a + s[m].referenceTotal, 0);
      eq(pooled[m].hit, hit, `perl-a ${metrics[m]} hit`);
      eq(pooled[m].referenceTotal, rt, `perl-a ${metrics[m]} reference total`);
      near(pooled[m].recall, hit / rt, 1e-15, `perl-a ${metrics[m]} recall`);
      const best = perlSingle.reduce((a, s) => (s[m].recall > a[m].recall ? s : a));
      deepEq(bestR[m], best[m], `perl-b ${metrics[m]}`);
    });
  });

  test('options: flavour defaults come from the library, alpha and rounding reach it', () => {
    const perl = new Scorer(['rouge1'], { flavour: 'perl' });
    deepEq(
      [perl.options.multiReference, perl.options.round, perl.options.alpha, perl.options.jackknife, perl.textOptions.tokenizer],
      ['perl-a', true, 0.5, false, 'perl'],
      'perl defaults',
    );
    const rs = new Scorer(['rouge1']);
    deepEq([rs.options.multiReference, rs.options.round, rs.textOptions.tokenizer], ['best-f', false, 'rouge-score'], 'rouge-score defaults');
    // 1 hit of 3 candidate and 7 reference tokens: P = 1/3, R = 1/7.
    const cand = 'alpha beta gamma', ref = 'alpha b c d e f g';
    const [unrounded] = new Scorer(['rouge1'], { flavour: 'perl', round: false, alpha: 1 }).score(cand, ref);
    eq(unrounded.fmeasure, unrounded.precision, 'alpha 1: F = P');
    eq(unrounded.precision, 1 / 3, 'P');
    const [rounded] = new Scorer(['rouge1'], { flavour: 'perl' }).score(cand, ref);
    deepEq([rounded.precision, rounded.recall], [0.33333, 0.14286], 'rounded P, R');
    eq(rounded.fmeasure, Number(((2 * 0.33333 * 0.14286) / (0.33333 + 0.14286)).toFixed(5)), 'F from the rounded P and R');
  });

  test('text options: stemmer, stop words, word and byte limits reach the tokeniser', () => {
    const words = (texts, o) => tokenize(texts, o).map((s) => Array.from(s.tokens));
    deepEq(words(['Running runs', 'run'], { stem: true }), [[0, 0], [0]], 'Porter stems running and runs to run');
    deepEq(words(['Running runs', 'run']), [[0, 1], [2]], 'no stemming');
    deepEq(words(['the cat and the dog'], { tokenizer: 'perl', stopwords: true }), [[0, 1]], 'SMART stop words removed');
    deepEq(words(['a b c d e\nf g'], { tokenizer: 'perl', wordLimit: 2 }), [[0, 1]], '-l 2');
    deepEq(words(['abc def ghi'], { tokenizer: 'perl', byteLimit: 5 }), [[0, 1]], '-b 5: "abc d"');
    deepEq(words(['Ünï 中文 ünï'], { tokenizer: 'unicode' }), [[0, 1, 2, 0]], 'unicode tokeniser: letters of any script, CJK one by one');
    deepEq(words(['Ünï 中文 ünï']), [[0, 0]], 'rouge-score tokeniser: only [a-z0-9] survives');
    throwsRouge(() => new Scorer(['rouge1'], { stopwords: true }), 'INVALID_ARGUMENT', 'stop words with the rouge-score tokeniser');
    throwsRouge(() => tokenize(['x'], { tokenizer: 'perl', wordLimit: 1, byteLimit: 1 }), 'INVALID_ARGUMENT', 'both limits');
  });

  test("rouge-score-rs's unicode-v1 and character-v1 tokenisers: the rougers crate's values", () => {
    // rougers 0.2.1: RougeScorer::with_tokenizer(.., Tokenizer::unicode() / character()).score(ref, cand).
    const [r1, r2] = new Scorer(['rouge1', 'rouge2'], { tokenizer: 'unicode-v1' }).score(
      "Привет, мир! Don't pay $3.50 for e-mail.", ["привет мир, don't pay 3.50 dollars"]);
    deepEq([r1.precision, r1.recall, r1.fmeasure], [0.625, 0.8333333333333334, 0.7142857142857143], 'unicode-v1 rouge1');
    deepEq([r2.precision, r2.recall, r2.fmeasure], [0.5714285714285714, 0.8, 0.6666666666666666], 'unicode-v1 rouge2');
    const [c1, c2] = new Scorer(['rouge1', 'rouge2'], { tokenizer: 'character-v1' }).score('我爱北京天安门。', ['我爱上海。']);
    deepEq([c1.precision, c1.recall, c1.fmeasure], [0.2857142857142857, 0.5, 0.36363636363636365], 'character-v1 rouge1');
    deepEq([c2.precision, c2.recall, c2.fmeasure], [0.16666666666666666, 0.3333333333333333, 0.2222222222222222], 'character-v1 rouge2');
    // NUL, which rougers takes as a control character: '\0\u0903' is two clusters where ' \u0903' is one.
    const [n1, n2] = new Scorer(['rouge1', 'rouge2'], { tokenizer: 'character-v1' }).score('我\0爱\0\u0903北京', ['我爱 \u0903北京']);
    deepEq([n1.precision, n1.recall, n1.fmeasure], [0.8, 0.8, 0.8000000000000002], 'character-v1 NUL rouge1');
    deepEq([n2.precision, n2.recall, n2.fmeasure], [0.5, 0.5, 0.5], 'character-v1 NUL rouge2');
    const words = (texts, o) => tokenize(texts, o).map((s) => Array.from(s.tokens));
    deepEq(words(['Cafe\u0301 ＧＰＵ', 'café gpu Straße strasse'], { tokenizer: 'unicode-v1' }), [[0, 1], [0, 1, 2, 2]], 'NFKC and case folding');
    throwsRouge(() => new Scorer(['rouge1'], { tokenizer: 'unicode-v1', stem: true }), 'INVALID_ARGUMENT', 'unicode-v1 never stems');
  });

  test('tokenize gives one id space with sentence ends; scoring its ids equals scoring the texts', () => {
    const cand = 'The cat sat.\nIt was sunny, the cat said.', refs = ['A cat sat on a mat.\nSunny it was.', 'cats sat'];
    const sums = tokenize([cand, ...refs]);
    deepEq(Array.from(sums[0].tokens), [0, 1, 2, 3, 4, 5, 0, 1, 6], 'candidate ids');
    deepEq(Array.from(sums[0].sentenceEnds), [3, 9], 'candidate sentence ends');
    deepEq(Array.from(sums[1].tokens), [7, 1, 2, 8, 7, 9, 5, 3, 4], 'reference ids');
    const metrics = ['rouge1', 'rouge2', 'rougeL', 'rougeLsum', 'rougeW-1.2', 'rougeSU4'];
    const s = new Scorer(metrics);
    deepEq(s.score(sums[0], sums.slice(1)), s.score(cand, refs), 'ids vs texts');
  });

  test('errors: the library statuses become RougeError, wrong types TypeError', () => {
    const s = new Scorer(['rouge1', 'rougeLsum']);
    throwsRouge(() => new Scorer([Metric.n(0)]), 'INVALID_ARGUMENT', 'n = 0');
    throwsRouge(() => new Scorer([Metric.w(0.5)]), 'INVALID_ARGUMENT', 'weight 0.5');
    throwsRouge(() => new Scorer(['rougeL'], { flavour: 'perl', alpha: 2 }), 'INVALID_ARGUMENT', 'alpha 2');
    throwsRouge(() => new Scorer(['rougeL'], { flavour: 'python' }), 'INVALID_ARGUMENT', 'unknown flavour');
    throwsRouge(() => new Scorer(['rougeL'], { multiReference: 'best' }), 'INVALID_ARGUMENT', 'unknown policy');
    throwsRouge(() => new Scorer(['rougeL'], { tokenizer: 'nltk' }), 'INVALID_ARGUMENT', 'unknown tokenizer');
    throwsRouge(() => new Scorer(['rougeX']), 'INVALID_ARGUMENT', 'unknown metric');
    throwsRouge(() => s.score('a b', []), 'INVALID_ARGUMENT', 'no references');
    throwsRouge(() => s.score([1, 2], []), 'INVALID_ARGUMENT', 'no references (ids)');
    throwsRouge(() => s.score({ tokens: [1, 2], sentenceEnds: [3] }, [[1]]), 'INVALID_ARGUMENT', 'sentence end past the end');
    throwsRouge(() => s.score({ tokens: [1, 2, 3], sentenceEnds: [2, 1] }, [[1]]), 'INVALID_ARGUMENT', 'sentence ends out of order');
    throwsRouge(() => s.score([1, -1], [[1]]), 'INVALID_ARGUMENT', 'negative id');
    throwsRouge(() => s.score([1, 2 ** 32], [[1]]), 'INVALID_ARGUMENT', 'id 2^32');
    throwsRouge(() => s.score([1.5], [[1]]), 'INVALID_ARGUMENT', 'fractional id');
    throwsRouge(() => s.score('a\u0000b', ['a']), 'EMBEDDED_NUL', 'NUL in the candidate');
    throwsRouge(() => s.score('a', ['a', 'b\u0000']), 'EMBEDDED_NUL', 'NUL in a reference');
    throwsRouge(() => tokenize(['\u0000']), 'EMBEDDED_NUL', 'NUL in tokenize');
    throwsType(() => s.score({ words: [1] }, [[1]]), 'an object without tokens');
    throwsType(() => s.score('a b', [[1, 2]]), 'text candidate, id reference');
    throwsType(() => s.score([1, 2], ['a b']), 'id candidate, text reference');
    throwsType(() => s.score(42, ['a']), 'a number');
    throwsType(() => new Scorer('rouge1'), 'metrics not an array');
    throwsType(() => new Scorer([1]), 'a metric that is a number');
    // A lone surrogate cannot reach the library as invalid UTF-8: TextEncoder writes U+FFFD.
    eq(s.score('x \ud800 y', ['x y'])[0].fmeasure, 1, 'lone surrogate is a separator');
  });

  test('ids above 2^31 and a single reference without an array', () => {
    const s = new Scorer(['rouge1', 'rouge2']);
    const big = [2 ** 32 - 1, 2 ** 31, 2 ** 31 + 1, 0];
    const a = s.score(big, [[2 ** 31, 2 ** 31 + 1, 5]]);
    deepEq([a[0].hit, a[1].hit], [2, 1], 'hits');
    deepEq(s.score(Uint32Array.from(big), Uint32Array.of(2 ** 31, 2 ** 31 + 1, 5)), a, 'typed arrays, one reference');
    deepEq(s.score('a b c', 'b c d'), s.score('a b c', ['b c d']), 'one text reference');
    deepEq(s.score({ tokens: [1, 2] }, { tokens: [2] }), s.score([1, 2], [[2]]), 'one summary reference');
  });

  test('memory: a long pair grows the wasm memory, later calls still read correct results', () => {
    const s = new Scorer(['rouge1', 'rougeL']);
    const small = s.score('the cat sat on the mat', ['the cat lay on a mat']);
    const before = rouge.memoryBytes();
    const next = rng(11);
    const cand = randomTokens(next, 150000, 50000), ref = randomTokens(next, 150000, 50000);
    const big = s.score(cand, [ref]);
    const o = oracleN(cand, ref, 1);
    deepEq([big[0].hit, big[0].referenceTotal, big[0].candidateTotal], [o.hit, o.rt, o.ct], 'rouge1 counts of the long pair');
    if (!(rouge.memoryBytes() > before + 150000 * 8)) fail(`memory did not grow: ${before} -> ${rouge.memoryBytes()}`);
    deepEq(s.score('the cat sat on the mat', ['the cat lay on a mat']), small, 'small pair after growth');
    const lcs = oracleL(cand.subarray(0, 2000), ref.subarray(0, 2000));
    eq(s.score(cand.subarray(0, 2000), [ref.subarray(0, 2000)])[1].hit, lcs.hit, 'LCS of 2000-token prefixes');
    // Lsum keeps a bit per cell of the largest sentence pair: 150,000^2 bits is past what a
    // 32-bit size can hold, and the library says so.
    throwsRouge(() => new Scorer(['rougeLsum']).score(cand, [ref]), 'INPUT_TOO_LONG', 'Lsum of one 150,000-token sentence on wasm32');
  });

  test('scorers share the memory: interleaved calls give the results of separate ones', () => {
    const a = new Scorer(['rouge1', 'rougeW-1.2'], { flavour: 'perl' });
    const b = new Scorer(['rougeLsum', 'rougeSU4'], { tokenizer: 'unicode', stem: true });
    const texts = [['Die Katze saß.\nAuf der Matte.', ['Eine Katze saß auf der Matte.']], ['running dogs run', ['a dog ran', 'dogs running']]];
    const first = texts.map(([c, r]) => [a.score(c, r), b.score(c, r)]);
    const again = texts.map(([c, r]) => [b.score(c, r), a.score(c, r)].reverse());
    deepEq(again, first, 'interleaved');
  });

  test("XL-Sum's multilingual scorer: the fork's own scores of ffi-tests/agree/xlsum_cases.jsonl, bit for bit", async () => {
    const text = await env.read('ffi-tests/agree/xlsum_cases.jsonl');
    if (text === null) fail('ffi-tests/agree/xlsum_cases.jsonl not found');
    const cases = text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
    const segmented = scoreXlsumCases(cases);
    eq(segmented, 3, 'segmented cases (zh, ja, th)');
    return `${cases.length} cases, ${segmented} with the segmenter's tokens`;
  });

  test("XL-Sum: every case of ../shared/multilingual/cases.jsonl (when present), bit for bit", async () => {
    const text = await env.read('shared/multilingual/cases.jsonl');
    if (text === null) return 'skipped: no ../shared/multilingual/cases.jsonl';
    const cases = text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
    const segmented = scoreXlsumCases(cases);
    return `${cases.length} cases, ${segmented} with the segmenter's tokens`;
  });

  // Scores XL-Sum cases as the fork did and checks P, R, F bit for bit; returns how many were
  // scored from their segmenter's tokens.
  function scoreXlsumCases(cases) {
    const names = ['rouge1', 'rouge2', 'rougeL', 'rougeLsum'];
    let segmented = 0;
    for (const c of cases) {
      const s = new Scorer(names, { tokenizer: 'xlsum', stem: c.use_stemmer, lang: c.lang ?? undefined });
      // The fork's score(target, prediction): the prediction is the candidate.
      let got;
      if (rouge.xlsumSegmenter(c.lang) === undefined) {
        got = s.score(c.prediction, [c.target]);
      } else {
        segmented++;
        const e = throwsRouge(() => s.score(c.prediction, [c.target]), 'INVALID_ARGUMENT', `${c.id} without its segmenter`);
        if (!e.message.includes('scoreSegmented')) fail(`${c.id}: message '${e.message}' does not name scoreSegmented`);
        got = s.scoreSegmented(c.prediction, [c.target], [c.tokens.prediction, c.tokens.target]);
        // The segmenter read the cleaned text: its tokens, white space removed, are its characters.
        for (const side of ['target', 'prediction']) {
          const squeeze = (x) => x.replace(/\s+/gu, '');
          eq(squeeze(rouge.xlsumCleanText(c[side])), squeeze(c.tokens[side].join('')), `${c.id} cleaned ${side}`);
        }
      }
      names.forEach((name, i) => {
        for (const field of ['precision', 'recall', 'fmeasure']) {
          eq(got[i][field], hexFloat(c.scores[name][field].hex), `${c.id} ${name}.${field}`);
        }
      });
    }
    return segmented;
  }

  test("XL-Sum's errors: lang with another tokeniser, bad tokens", () => {
    throwsRouge(() => new Scorer(['rouge1'], { lang: 'bengali' }), 'INVALID_ARGUMENT', 'lang with rouge-score');
    throwsType(() => new Scorer(['rouge1'], { tokenizer: 'xlsum', lang: 7 }), 'lang not a string');
    const s = new Scorer(['rouge1'], { tokenizer: 'xlsum', lang: 'bengali', stem: true });
    throwsRouge(() => s.scoreSegmented('a', ['a'], [['a']]), 'INVALID_ARGUMENT', 'one token list for two texts');
    throwsType(() => s.scoreSegmented('a', ['a'], [['a'], [1]]), 'a token not a string');
    throwsRouge(() => new Scorer(['rouge1']).scoreSegmented('a', ['a'], [['a'], ['a']]), 'INVALID_ARGUMENT', 'segmented with rouge-score');
    const e = throwsRouge(() => tokenize(['我爱北京'], { tokenizer: 'xlsum', lang: 'chinese' }), 'INVALID_ARGUMENT', 'tokenize zh');
    if (!e.message.includes('jieba')) fail(`tokenize zh: message '${e.message}' does not name jieba`);
    eq(rouge.xlsumSegmenter('bengali'), undefined, 'bengali has no host segmenter');
    eq(rouge.xlsumSegmenter('toString'), undefined, 'not an inherited property');
  });

  return tests;
}

// Python's float.hex() ('0x1.3333333333333p-1', '-0x0.0p+0') as a double, exactly.
function hexFloat(hex) {
  const m = /^(-?)0x([01])\.([0-9a-f]+)p([+-]\d+)$/.exec(hex);
  if (!m) fail(`not a float.hex: ${hex}`);
  const v = Number(BigInt(`0x${m[2]}${m[3]}`)) * 2 ** (Number(m[4]) - 4 * m[3].length);
  return m[1] ? -v : v;
}
