// Shell({secrets}): credentials the network layer puts on the wire for their URL prefix; the
// script sees a placeholder at most, and an echo of the value comes back redacted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { Shell, ConfigError } from 'sandsh';

const VALUE = 'tok-Js5520secret';

test('the value goes on the wire under its prefix and nowhere else', async () => {
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push([req.url, req.headers.authorization]);
    const body = `${req.url} auth=${req.headers.authorization}\n`;
    res.writeHead(200, { 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    const sh = new Shell({
      allowNet: [`${base}/`],
      secrets: [{ name: 'API_TOKEN', url: `${base}/api/`, inject: 'bearer', value: VALUE }],
    });
    const r = await sh.exec(
      `echo "$API_TOKEN"; curl -s ${base}/api/x; curl -s -H "Authorization: Bearer $API_TOKEN" ${base}/else; env > /tmp/env`,
    );
    assert.equal(
      r.stdout,
      'sandsh-secret-API_TOKEN\n/api/x auth=Bearer sandsh-secret-API_TOKEN\n/else auth=Bearer sandsh-secret-API_TOKEN\n',
    );
    assert.deepEqual(seen, [
      ['/api/x', `Bearer ${VALUE}`],
      ['/else', 'Bearer sandsh-secret-API_TOKEN'],
    ]);
    assert.ok(!(await sh.readFile('/tmp/env')).includes(VALUE));
    assert.ok(!Buffer.from(await sh.snapshot()).includes(VALUE));
    assert.ok(!JSON.stringify(sh.config).includes(VALUE));
  } finally {
    server.close();
  }
});

test('bad credentials are config errors', () => {
  assert.throws(
    () => new Shell({ secrets: [{ url: 'https://a.test/', value: 'abcdef' }] }),
    (e) => e instanceof ConfigError && /secrets\[0\]/.test(e.message),
  );
});
