// Signed snapshots: snapshot({ key }) signs with HMAC-SHA256; restore(data, { key }) takes only a
// snapshot whose tag verifies under that key and changes nothing otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Shell, SnapshotError } from 'sandsh';

test('a signed snapshot restores with its key and is refused otherwise', async () => {
  const src = new Shell();
  await src.exec('x=42; echo data > /tmp/f');
  const signed = await src.snapshot({ key: 'k1' });
  const dst = new Shell();
  await dst.restore(signed, { key: Buffer.from('k1') });
  assert.equal((await dst.exec('echo $x; cat /tmp/f')).stdout, '42\ndata\n');

  const other = new Shell();
  await other.exec('mine=kept');
  const tampered = Buffer.from(signed);
  tampered[tampered.length >> 1] ^= 1;
  await assert.rejects(other.restore(tampered, { key: 'k1' }), (e) => e instanceof SnapshotError && /does not verify/.test(e.message));
  await assert.rejects(other.restore(signed, { key: 'k2' }), /does not verify/);
  await assert.rejects(other.restore(await src.snapshot(), { key: 'k1' }), /not signed/);
  assert.equal((await other.exec('echo $mine $x')).stdout, 'kept\n');
});
