// The package's tests under Node's test runner (node --test): the shared suite (suite.js) with
// files read from the repository; the agreement output is also written to
// ffi-tests/agree/build/js.out, which ffi-tests/agree/compare.sh checks against c.out.
import { test } from 'node:test';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { suite } from './suite.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

const env = {
  async read(p) {
    const file = p.startsWith('shared/') ? path.join(root, '..', p) : path.join(root, p);
    try {
      return await readFile(file, 'utf8');
    } catch (e) {
      if (e.code === 'ENOENT') return null;
      throw e;
    }
  },
  wasmBytes: () => readFile(path.join(here, '..', 'rouge.wasm')),
  wrote: (what, text) => writeFile(path.join(root, 'ffi-tests/agree/build/js.out'), text),
};

for (const t of await suite(env)) {
  test(t.name, async (ctx) => {
    const note = await t.fn();
    if (note) ctx.diagnostic(note);
  });
}
