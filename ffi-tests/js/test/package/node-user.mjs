// A Node ES module in a user's project where `npm install librouge-0.1.0.tgz` put the package
// (test.sh): imports it by name, lets init() find rouge.wasm itself (the package's Node entry
// reads it with fs), and runs checks.js. Prints one line per check and
// `node-user: N passed, N failed`; exits non-zero on a failure.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as rouge from 'librouge';
import { userChecks } from './checks.js';

await rouge.init();
// Where Node took the package from: the project's node_modules, not the checkout.
const entry = createRequire(import.meta.url).resolve('librouge/package.json');
console.log(`librouge from ${entry}`);
const r = await userChecks(rouge, (name) => readFile(new URL(name, import.meta.url), 'utf8'));
for (const line of r.lines) console.log(line);
console.log(`node-user: ${r.passed} passed, ${r.failed} failed`);
process.exitCode = r.failed === 0 && r.passed > 0 ? 0 : 1;
