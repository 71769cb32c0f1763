// Runs the package's test suite once in a real headless browser (Debian's chromium): serves the
// repository on 127.0.0.1 (GET only; /shared/ maps to ../shared), opens test/browser/index.html
// in a fresh chromium profile, and waits for the page to post its result. Prints the page's
// lines and `N passed, N failed`, writes the agreement output to
// ffi-tests/agree/build/js-browser.out, and exits non-zero on any failure or after a timeout.
// `--root DIR --page /PATH` serves another folder and opens another page in it (the bundled
// page of test/package/test.sh), which posts its result the same way.
import http from 'node:http';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../../..');
const option = (name, otherwise) => {
  const i = process.argv.indexOf(name);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : otherwise;
};
const root = path.resolve(option('--root', repo));
const page = option('--page', '/ffi-tests/js/test/browser/index.html');
const shared = path.resolve(repo, '..', 'shared');
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const timeoutMs = Number(process.env.BROWSER_TIMEOUT_MS ?? 180000);
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };

let finish;
const result = new Promise((resolve) => (finish = resolve));

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  if (req.method === 'POST' && url.pathname === '/result') {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.end('ok');
      finish(JSON.parse(body));
    });
    return;
  }
  if (req.method !== 'GET') {
    res.writeHead(405).end();
    return;
  }
  const rel = decodeURIComponent(url.pathname).replace(/^\/+/, '');
  const [base, inner] = rel.startsWith('shared/') ? [shared, rel.slice('shared/'.length)] : [root, rel];
  const file = path.resolve(base, inner);
  if (file !== base && !file.startsWith(base + path.sep)) {
    res.writeHead(403).end();
    return;
  }
  try {
    const data = await readFile(file);
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end(data);
  } catch {
    res.writeHead(404).end();
  }
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  const profile = mkdtempSync(path.join(tmpdir(), 'rouge-chromium-'));
  const args = [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-dev-shm-usage', `--user-data-dir=${profile}`,
    // A DevTools port keeps headless chromium running until it is stopped.
    '--remote-debugging-port=0',
    `http://127.0.0.1:${port}${page}`,
  ];
  const browser = spawn(chromium, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  browser.stderr.on('data', (d) => (stderr += d));
  browser.on('error', (e) => finish({ error: `cannot start ${chromium}: ${e.message} (apt-get install chromium)` }));
  browser.on('exit', (code) => finish({ error: `chromium exited (${code}) before the page reported:\n${stderr.slice(-2000)}` }));
  const timer = setTimeout(() => finish({ error: `no result from the page after ${timeoutMs / 1000} s` }), timeoutMs);

  result.then((r) => {
    clearTimeout(timer);
    browser.removeAllListeners('exit');
    browser.kill('SIGTERM');
    server.close();
    setTimeout(() => rmSync(profile, { recursive: true, force: true }), 500);
    if (r.error) {
      console.log(`browser: ${r.error}`);
      console.log('browser: 0 passed, 1 failed');
      process.exitCode = 1;
      return;
    }
    for (const line of r.lines) console.log(line);
    if (r.agree !== null) writeFileSync(path.join(repo, 'ffi-tests/agree/build/js-browser.out'), r.agree);
    process.exitCode = r.failed === 0 && r.passed > 0 ? 0 : 1;
  });
});
