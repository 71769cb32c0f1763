// The JavaScript host of the cross-host agreement test (../../agree/README.md): scores every
// case of cases.tsv with the ten metrics in the rouge-score and perl configurations and prints
// the doubles as the 16 hex digits of their IEEE-754 bits, line for line as the C host does.

const METRICS = ['rouge1', 'rouge2', 'rouge3', 'rouge4', 'rougeL', 'rougeLsum', 'rougeW-1.2', 'rougeS4', 'rougeS*', 'rougeSU4'];

function numbers(field) {
  return field.split(' ').filter((w) => w !== '').map(Number);
}

/** The agreement output (what ../agree/build/c.out holds) for the text of cases.tsv. */
export function agreeOutput(rouge, casesText) {
  const configs = [
    ['rouge-score', new rouge.Scorer(METRICS, { flavour: 'rouge-score' })],
    ['perl', new rouge.Scorer(METRICS, { flavour: 'perl' })],
  ];
  const bits = new DataView(new ArrayBuffer(8));
  const hex = (x) => {
    bits.setFloat64(0, x);
    return bits.getBigUint64(0).toString(16).padStart(16, '0');
  };
  let out = '';
  for (const line of casesText.split('\n')) {
    if (line === '') continue;
    const fields = line.split('\t');
    if (fields.length < 5 || fields.length % 2 !== 1) throw new Error(`cases.tsv: ${fields.length} fields in ${fields[0]}`);
    const summaries = [];
    for (let k = 1; k < fields.length; k += 2) {
      summaries.push({ tokens: Uint32Array.from(numbers(fields[k])), sentenceEnds: numbers(fields[k + 1]) });
    }
    for (const [name, scorer] of configs) {
      const scores = scorer.score(summaries[0], summaries.slice(1));
      scores.forEach((s, m) => {
        out += `${fields[0]} ${name} ${METRICS[m]} ${[s.precision, s.recall, s.fmeasure, s.hit, s.referenceTotal, s.candidateTotal].map(hex).join(' ')}\n`;
      });
    }
  }
  return out;
}

// ROUGE-W's weights come from the C library's `pow` in the native library (as ROUGE-1.5.5's
// Perl takes them) and from libm's in wasm, which has no C library: the two differ in the last
// bit for some k^w, so ROUGE-W's values may differ by a few units in the last place there
// (a relative 1e-14 at most here); every other value is bit-identical.
function lineAgrees(got, want) {
  if (got === want) return true;
  const [g, w] = [got.split(' '), want.split(' ')];
  if (g.length !== 9 || w.length !== 9 || !g[2].startsWith('rougeW') || g.slice(0, 3).join(' ') !== w.slice(0, 3).join(' ')) return false;
  const bits = new DataView(new ArrayBuffer(8));
  const value = (h) => {
    bits.setBigUint64(0, BigInt('0x' + h));
    return bits.getFloat64(0);
  };
  return g.slice(3).every((h, k) => {
    const [a, b] = [value(h), value(w[k + 3])];
    return Math.abs(a - b) <= 1e-14 * Math.max(Math.abs(a), Math.abs(b));
  });
}

/**
 * Compares an agreement output with the C host's c.out: throws an Error naming the first line
 * that differs (beyond ROUGE-W's last bits), else returns a note of what matched.
 */
export function checkAgainstC(out, cOut) {
  const got = out.split('\n'), want = cOut.split('\n');
  if (got.length !== want.length) throw new Error(`agreement: ${got.length - 1} lines, c.out has ${want.length - 1}`);
  const i = got.findIndex((line, k) => !lineAgrees(line, want[k]));
  if (i >= 0) throw new Error(`agreement line ${i + 1}: got '${got[i]}', C printed '${want[i]}'`);
  const close = got.filter((line, k) => line !== want[k]).length;
  return `${got.length - 1} lines as in ffi-tests/agree/build/c.out (${close} ROUGE-W lines within 1e-14, the rest identical)`;
}
