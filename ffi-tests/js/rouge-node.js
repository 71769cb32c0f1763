// The package's entry for Node (the `node` condition of package.json's exports): everything of
// rouge.js, with an init() that reads `file:` URLs and paths with `fs`, which Node's fetch cannot.
// rouge.js itself imports nothing, so that bundlers for the browser take it unchanged; this
// file is the only one that names a Node module.
import { readFile } from 'node:fs/promises';
import { init as initFromSource } from './rouge.js';

export * from './rouge.js';

/**
 * Loads rouge.wasm once, as rouge.js's init(); a `file:` URL or a path (relative to this file;
 * the default is the package's rouge.wasm) is read from the file system.
 */
export async function init(source) {
  if (loaded) return;
  if (source === undefined) source = new URL('./rouge.wasm', import.meta.url);
  if (typeof source === 'string') source = new URL(source, import.meta.url);
  if (source instanceof URL && source.protocol === 'file:') source = await readFile(source);
  await initFromSource(source);
  loaded = true;
}

let loaded = false;
