// Runs the shared suite (../suite.js) in the browser page that run.js serves, shows the result
// in the page and posts it back to run.js: { passed, failed, lines, agree }.
import { suite } from '../suite.js';

const log = document.getElementById('log');
const lines = [];
const say = (line) => {
  lines.push(line);
  log.textContent = lines.join('\n');
};

// The server's root is the repository; /shared/ is the ../shared folder beside it.
const env = {
  async read(p) {
    const response = await fetch(`/${p}`);
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`GET /${p}: HTTP ${response.status}`);
    return response.text();
  },
  wasmBytes: async () => (await fetch('/ffi-tests/js/rouge.wasm')).arrayBuffer(),
  wrote(what, text) {
    agree = text;
  },
};

let agree = null, passed = 0, failed = 0;
try {
  for (const t of await suite(env)) {
    try {
      const note = await t.fn();
      passed++;
      say(`ok     ${t.name}${note ? ` (${note})` : ''}`);
    } catch (e) {
      failed++;
      say(`FAIL   ${t.name}\n       ${String(e && e.message).split('\n').join('\n       ')}`);
    }
  }
} catch (e) {
  failed++;
  say(`FAIL   loading the suite: ${e && e.stack}`);
}
say(`browser (${navigator.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? navigator.userAgent}): ${passed} passed, ${failed} failed`);
await fetch('/result', { method: 'POST', body: JSON.stringify({ passed, failed, lines, agree }) });
