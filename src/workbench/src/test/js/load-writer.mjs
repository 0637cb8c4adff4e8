#!/usr/bin/env node
// load-writer.mjs - load Cardinal's generated JavaScript writers with the real @influxdata/influxdb-client
// (pinned by package-lock.json next to this file) and say what each module is.
//
// Usage: node load-writer.mjs FILE...
//   One JSON line per file: {"file": ..., "exports": [names], "globals": [names it added to globalThis]}
//   Exit status: 0 all loaded, 1 a module failed to load (stderr says why).
//
// A writer module only declares one function; a comment that a name broke open would let the rest of the name
// run when the module loads, and it would show here as a global or an export the module should not have.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const before = new Set(Object.getOwnPropertyNames(globalThis));
let failed = false;
for (const file of process.argv.slice(2)) {
  try {
    const m = await import(pathToFileURL(path.resolve(file)).href);
    const globals = Object.getOwnPropertyNames(globalThis).filter((n) => !before.has(n));
    globals.forEach((n) => before.add(n));
    process.stdout.write(JSON.stringify({ file, exports: Object.keys(m).sort(), globals }) + '\n');
  } catch (e) {
    process.stderr.write(`${file}: ${e && e.stack || e}\n`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
