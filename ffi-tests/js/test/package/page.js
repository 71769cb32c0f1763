// The entry of a page a user bundles with esbuild (test.sh): imports the installed package by
// name and its wasm module through the package's exports (`librouge/rouge.wasm`, which
// esbuild's file loader copies beside the bundle and turns into its URL), runs checks.js and
// posts the result to ../browser/run.js's server: { passed, failed, lines, agree: null }.
import * as rouge from 'librouge';
import wasmUrl from 'librouge/rouge.wasm';
import { userChecks } from './checks.js';

const log = document.getElementById('log');
let r;
try {
  await rouge.init(wasmUrl);
  r = await userChecks(rouge, async (name) => {
    const response = await fetch(name);
    if (!response.ok) throw new Error(`GET ${name}: HTTP ${response.status}`);
    return response.text();
  });
} catch (e) {
  r = { passed: 0, failed: 1, lines: [`FAIL loading the package: ${e && e.stack ? e.stack : e}`] };
}
const agent = navigator.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? navigator.userAgent;
r.lines.unshift(`wasm module from ${wasmUrl}`);
r.lines.push(`bundled page (${agent}): ${r.passed} passed, ${r.failed} failed`);
log.textContent = r.lines.join('\n');
await fetch('/result', { method: 'POST', body: JSON.stringify({ ...r, agree: null }) });
