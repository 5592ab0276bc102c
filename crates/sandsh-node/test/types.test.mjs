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
