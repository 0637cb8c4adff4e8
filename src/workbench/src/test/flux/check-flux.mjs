#!/usr/bin/env node
// check-flux.mjs - check Flux scripts with the official Flux language service
// (npm @influxdata/flux-lsp-browser 0.8.40, MIT: the Rust flux-lsp + libflux
// compiled to WebAssembly).
//
// Usage: node check-flux.mjs FILE...
//   One JSON line per file: {"file": ..., "valid": true|false, "statements": N, "message": "..."}
//   ("message" only when the script is invalid; "statements" counts the imports and top-level statements of the
//   parsed file, so a test can tell that a script runs as exactly the statements it shows). Exit status: 0 all valid,
//   1 at least one invalid, 2 usage / loading / internal error (stderr says why).
//
// The package is looked up in $FLUX_LSP_MODULES (a node_modules directory) or,
// if that is unset, in the node_modules directory next to this script.
//
// A script is valid only if BOTH checks accept it:
//   * is_valid_flux(script) -> boolean. Parses + semantic analysis (type
//     inference against the built-in stdlib). Returns only true/false, no text.
//   * the Lsp class: textDocument/didOpen makes the server publish
//     textDocument/publishDiagnostics; diagnostics with severity 1 (Error) are
//     the same parse/type errors, with messages and positions, which we use as
//     "message". Severity >= 2 (warnings/hints, e.g. "Avoid using `task` as an
//     identifier name" for `option task = ...`) do not make a script invalid.

import { writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PKG = '@influxdata/flux-lsp-browser';
const DIAGNOSTICS_TIMEOUT_MS = 10000;

// Errors go out with a synchronous write: process.exit() may otherwise cut off
// a pending asynchronous write (stdio pipes are async on macOS).
function fail(msg) {
  writeSync(2, `check-flux: ${msg}\n`);
  process.exit(2);
}

// --- Loading ----------------------------------------------------------------
// The package is a wasm-bindgen "bundler" build: flux-lsp-browser_bg.js starts
// with `import * as wasm from './flux-lsp-browser_bg.wasm'` and expects a
// bundler (webpack) to resolve that import, while the .wasm module in turn
// imports its host functions from './flux-lsp-browser_bg.js' (a cycle).
// Plain Node 20 cannot import .wasm files, and even with
// --experimental-wasm-modules the cycle fails ("Cannot access 'memory' before
// initialization"). This wasm-bindgen version also has no __wbg_set_wasm()
// hook. So we load the glue ourselves: take the _bg.js source, replace the
// static .wasm import by a `let wasm` plus a setter, import that text as a
// data: module, instantiate the .wasm with the glue's exports as import
// object, and hand the instance exports to the setter. The two replaced
// snippets are checked verbatim, so a different package version fails loudly
// instead of misbehaving.
async function loadFlux() {
  const modules = process.env.FLUX_LSP_MODULES
    ? path.resolve(process.env.FLUX_LSP_MODULES)
    : path.join(path.dirname(fileURLToPath(import.meta.url)), 'node_modules');
  const dir = path.join(modules, ...PKG.split('/'));
  let src, bytes;
  try {
    src = await readFile(path.join(dir, 'flux-lsp-browser_bg.js'), 'utf8');
    bytes = await readFile(path.join(dir, 'flux-lsp-browser_bg.wasm'));
  } catch (e) {
    fail(`cannot read ${PKG} in ${modules} (${e.code || e.message}); ` +
      'run "npm ci" next to check-flux.mjs or set FLUX_LSP_MODULES to a node_modules directory');
  }
  const IMPORT = "import * as wasm from './flux-lsp-browser_bg.wasm';";
  const INIT = 'cachedInt32Memory0 = new Int32Array(wasm.memory.buffer);\n' +
               'cachedUint8Memory0 = new Uint8Array(wasm.memory.buffer);';
  if (!src.includes(IMPORT) || !src.includes(INIT)) {
    fail(`unexpected layout of ${dir}/flux-lsp-browser_bg.js; this checker is written for ${PKG} 0.8.40`);
  }
  src = src.replace(IMPORT, 'let wasm;\nexport function __cardinalSetWasm(w) { wasm = w; ' +
                             INIT.replace('\n', ' ') + ' }')
           .replace(INIT, ''); // module-level init would run before wasm exists
  const glue = await import('data:text/javascript;base64,' + Buffer.from(src).toString('base64'));
  const { instance } = await WebAssembly.instantiate(bytes, { './flux-lsp-browser_bg.js': glue });
  glue.__cardinalSetWasm(instance.exports);
  return glue;
}

// --- Language server: one didOpen/didClose per script -----------------------
function startLsp(flux) {
  const lsp = new flux.Lsp();
  const waiting = new Map(); // uri -> resolve(diagnostics)
  lsp.onMessage((raw) => {
    const msg = JSON.parse(raw);
    if (msg.method === 'textDocument/publishDiagnostics') {
      const resolve = waiting.get(msg.params.uri);
      if (resolve) { waiting.delete(msg.params.uri); resolve(msg.params.diagnostics); }
    }
  });
  lsp.run().catch((e) => fail(`language server stopped: ${e}`)); // never resolves normally
  let id = 0;
  const send = (m) => lsp.send(JSON.stringify({ jsonrpc: '2.0', ...m }));
  return {
    async init() {
      await send({ id: ++id, method: 'initialize', params: { capabilities: {} } });
      await send({ method: 'initialized', params: {} });
    },
    // Each script gets its own directory in the URI: the server treats files
    // of one directory as one package and would otherwise mix them up.
    async diagnostics(text) {
      const uri = `file:///cardinal-check/${++id}/script.flux`;
      const result = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri}`)), DIAGNOSTICS_TIMEOUT_MS);
        waiting.set(uri, (diags) => { clearTimeout(timer); resolve(diags); });
      });
      await send({ method: 'textDocument/didOpen',
                   params: { textDocument: { uri, languageId: 'flux', version: 1, text } } });
      const diags = await result;
      await send({ method: 'textDocument/didClose', params: { textDocument: { uri } } });
      return diags;
    },
  };
}

// --- Main ---------------------------------------------------------------------
const files = process.argv.slice(2);
if (files.length === 0 || files.includes('-h') || files.includes('--help')) {
  fail('usage: node check-flux.mjs FILE...');
}
const scripts = [];
for (const file of files) {
  try { scripts.push(await readFile(file, 'utf8')); }
  catch (e) { fail(`cannot read ${file}: ${e.code || e.message}`); }
}

// The wasm code logs through console.* (e.g. an INFO "language server
// initialized" on every start). Keep stdout for the JSON lines only: drop
// info/debug chatter, send log/warn to stderr (console.error already goes there).
console.info = console.debug = () => {};
console.log = console.warn = (...a) => console.error(...a);

let allValid = true;
try {
  const flux = await loadFlux();
  const server = startLsp(flux);
  await server.init();
  for (let i = 0; i < files.length; i++) {
    const okBool = flux.is_valid_flux(scripts[i]);
    const errors = (await server.diagnostics(scripts[i])).filter((d) => d.severity === 1);
    const valid = okBool && errors.length === 0;
    const ast = flux.parse(scripts[i]);
    const out = { file: files[i], valid, statements: ast.body.length + ast.imports.length };
    if (!valid) {
      out.message = errors.length
        ? errors.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.message}`).join('; ')
        : 'rejected by is_valid_flux (the language server reported no error message)';
    }
    process.stdout.write(JSON.stringify(out) + '\n');
    allValid &&= valid;
  }
} catch (e) {
  fail(`internal error: ${e && e.stack || e}`);
}
// No process.exit() here: let Node flush stdout and exit by itself.
process.exitCode = allValid ? 0 : 1;
