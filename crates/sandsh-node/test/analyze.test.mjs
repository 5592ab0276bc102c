// shell.analyze: what a script may do, found without running it, and the read-only
// auto-approval of the policy (issue 45).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Shell } from 'sandsh';

test('analyze reports and runs nothing', async () => {
  const sh = new Shell({ policy: { confirmAt: 'medium' } });
  const r = await sh.analyze('cat a.txt | grep x > out.txt\nrm -r d\neval "$c"');
  assert.deepEqual(r.commands.map((c) => c.name), ['cat', 'grep', 'rm', 'eval']);
  assert.equal(r.commands[2].risk, 'high_risk');
  assert.equal(r.commands[2].confirm, true);
  assert.deepEqual(r.files[1], { path: 'out.txt', access: 'write', by: 'redirect', line: 1, column: 20 });
  assert.equal(r.opaque[0].kind, 'eval');
  assert.equal(r.read_only, false);
  assert.equal((await sh.exec('test -e out.txt || echo none')).stdout, 'none\n');
});

test('a read-only script runs without asking', async () => {
  const asked = [];
  const sh = new Shell({
    files: { '/d/a.txt': 'x\ny\n' },
    policy: { confirmAt: 'read_only', approveReadOnly: true, confirm: (q) => { asked.push(q); return false; } },
  });
  assert.equal((await sh.analyze('wc -l /d/a.txt')).read_only, true);
  assert.equal((await sh.exec('wc -l /d/a.txt')).stdout, '2 /d/a.txt\n');
  assert.deepEqual(asked, []);
  assert.equal((await sh.exec('wc -l /d/a.txt > /d/n')).exitCode, 126);
  assert.equal(asked.length, 1);
});
