// The checks a user's project runs on the installed package (test.sh): the same in Node
// (node-user.mjs, `import ... from 'librouge'`) and in the page bundled by esbuild (page.js).
// `rouge` is the package's module as the user imported it; `read(name)` gives the text of a
// file copied beside the project: cases.tsv and c.out (ffi-tests/agree/build), and
// seed_examples.jsonl, pltrdy_rouge_score.jsonl (tests/conformance: rouge-score 0.1.2's values).
// Returns { passed, failed, lines }.
import { agreeOutput, checkAgainstC } from './agree.js';

export async function userChecks(rouge, read) {
  const lines = [];
  let passed = 0, failed = 0;
  const check = async (name, fn) => {
    try {
      const note = await fn();
      passed++;
      lines.push(`ok   ${name}${note ? `: ${note}` : ''}`);
    } catch (e) {
      failed++;
      lines.push(`FAIL ${name}: ${e && e.stack ? e.stack : e}`);
    }
  };

  await check('the package loads its wasm module', () => {
    if (rouge.ABI_VERSION !== 1) throw new Error(`ABI_VERSION ${rouge.ABI_VERSION}`);
    return `librouge ${rouge.version()}, ${rouge.memoryBytes()} bytes of wasm memory`;
  });

  await check('token ids: the hosts agreement cases as the C library scores them', async () => {
    const [cases, cOut] = [await read('cases.tsv'), await read('c.out')];
    return checkAgainstC(agreeOutput(rouge, cases), cOut);
  });

  await check('text: rouge-score 0.1.2 cases (with and without its stemmer) within 1e-9', async () => {
    let count = 0, stemmed = 0;
    for (const file of ['seed_examples.jsonl', 'pltrdy_rouge_score.jsonl']) {
      for (const line of (await read(file)).split('\n')) {
        if (!line.trim()) continue;
        const c = JSON.parse(line);
        if (c.tool !== 'rouge-score 0.1.2' || typeof c.candidate !== 'string') continue;
        const stem = c.options?.use_stemmer === true;
        const names = Object.keys(c.expected).sort();
        const scores = new rouge.Scorer(names, { stem }).score(c.candidate, c.references);
        names.forEach((name, i) => {
          for (const field of ['precision', 'recall', 'fmeasure']) {
            const [got, want] = [scores[i][field], c.expected[name][field]];
            if (!(Math.abs(got - want) <= 1e-9)) throw new Error(`${c.id} ${name}.${field}: got ${got}, rouge-score ${want}`);
          }
        });
        count++;
        if (stem) stemmed++;
      }
    }
    if (count === 0 || stemmed === 0) throw new Error(`${count} cases, ${stemmed} stemmed`);
    return `${count} cases (${stemmed} stemmed)`;
  });

  await check('errors: a bad metric throws RougeError INVALID_ARGUMENT', () => {
    try {
      new rouge.Scorer(['rouge0']);
    } catch (e) {
      if (e instanceof rouge.RougeError && e.code === 'INVALID_ARGUMENT') return e.message;
      throw e;
    }
    throw new Error('no error');
  });

  return { passed, failed, lines };
}
