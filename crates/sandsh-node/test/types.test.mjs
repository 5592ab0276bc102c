// The TypeScript declarations compile, with the API as the tests use it (tsc --strict).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

test('index.d.ts, just-bash.d.ts and the integrations\' declarations type-check', () => {
  const require = createRequire(import.meta.url);
  const tsc = require.resolve('typescript/bin/tsc');
  const file = fileURLToPath(new URL('./types/check.mts', import.meta.url));
  const r = spawnSync(
    process.execPath,
    [tsc, '--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--types', 'node', file],
    { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)) },
  );
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('import and require export the same names, from one list', async () => {
  const require = createRequire(import.meta.url);
  const cjs = require('sandsh');
  const esm = await import('sandsh');
  const publicNames = Object.keys(cjs).filter((k) => !k.startsWith('_')).sort();
  assert.deepEqual(Object.keys(esm).filter((k) => k !== 'default').sort(), publicNames);
  for (const k of publicNames) assert.equal(esm[k], cjs[k], k);
  assert.equal(esm.default, cjs);
});

test('package.json names only targets whose addon is built', async () => {
  const require = createRequire(import.meta.url);
  const pkg = require('../package.json');
  const { existsSync } = await import('node:fs');
  // napi-rs's names for the triples: <platform>-<arch>[-<abi>].
  const platform = { linux: 'linux', apple: 'darwin', windows: 'win32' };
  const arch = { x86_64: 'x64', aarch64: 'arm64' };
  for (const t of pkg.napi.targets) {
    const [cpu, , os, abi] = t.split('-');
    const os_ = platform[os === 'darwin' ? 'apple' : os] || os;
    const name = `sandsh.${os_}-${arch[cpu]}${abi && os_ === 'linux' ? `-${abi}` : ''}.node`;
    assert.ok(existsSync(new URL(`../${name}`, import.meta.url)), `${t}: ${name} is not built`);
  }
});

// The hand-written index.d.ts against what the package really exports: every runtime export is
// declared and every declared value exists; each declared class has exactly the runtime's
// public methods and accessors (the TypeScript compiler reads the declarations).
test('index.d.ts declares exactly the runtime exports and class members', async () => {
  const require = createRequire(import.meta.url);
  const ts = require('typescript');
  const { readFileSync } = await import('node:fs');
  const file = fileURLToPath(new URL('../index.d.ts', import.meta.url));
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const declared = new Map(); // exported value name -> member names (classes) or null
  const exported = (n) => n.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const st of src.statements) {
    if (!exported(st)) continue;
    if (ts.isClassDeclaration(st) && st.name) {
      const members = new Set();
      for (const m of st.members) {
        if (ts.isConstructorDeclaration(m) || !m.name) continue;
        if (m.modifiers?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword)) continue;
        members.add(m.name.getText(src));
      }
      declared.set(st.name.text, members);
    } else if (ts.isFunctionDeclaration(st) && st.name) {
      declared.set(st.name.text, null);
    } else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) declared.set(d.name.getText(src), null);
    }
  }
  const sandsh = require('sandsh');
  const runtime = Object.keys(sandsh).filter((k) => !k.startsWith('_')).sort();
  assert.deepEqual([...declared.keys()].sort(), runtime, 'exported values');
  // A class's public members: its own and its base classes' (not Error's), without `_private`.
  const membersOf = (cls) => {
    const names = new Set();
    for (let p = cls.prototype; p && p !== Object.prototype && p !== Error.prototype; p = Object.getPrototypeOf(p)) {
      for (const k of Object.getOwnPropertyNames(p)) if (k !== 'constructor' && !k.startsWith('_')) names.add(k);
    }
    return names;
  };
  for (const [name, members] of declared) {
    if (members === null) continue;
    const cls = sandsh[name];
    assert.equal(typeof cls, 'function', `${name} is a class at run time`);
    const own = membersOf(cls);
    // A class that extends another in the declarations inherits its declared members.
    const st = src.statements.find((s) => ts.isClassDeclaration(s) && s.name?.text === name);
    const base = st.heritageClauses?.[0]?.types[0]?.expression.getText(src);
    const all = new Set([...members, ...(base && declared.get(base) ? declared.get(base) : [])]);
    if (Error.prototype.isPrototypeOf(cls.prototype)) {
      // An error's fields are the instance's own (FileError's `code`).
      for (const k of Object.keys(new cls('m', 'ENOENT'))) own.add(k);
      for (const m of ['name', 'message', 'stack', 'cause']) all.delete(m);
      for (const m of ['name', 'message', 'stack', 'cause']) own.delete(m);
    }
    assert.deepEqual([...all].sort(), [...own].sort(), `${name}'s members`);
  }
});
