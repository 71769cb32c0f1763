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
