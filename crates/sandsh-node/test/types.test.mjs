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
