// Shell({hooks}): JavaScript functions see every command before and after it runs, and every
// network request after the allowlist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { Shell, ConfigError } from 'sandsh';

test('beforeCommand sees, refuses and replaces commands', async () => {
  const seen = [];
  const sh = new Shell({
    hooks: {
      beforeCommand(call) {
        seen.push([call.name, call.args, call.cwd, call.risk]);
        if (call.name === 'rm') return 'rm: refused by the platform';
        if (call.name === 'curl') return ['echo', 'no network here'];
        if (call.name === 'touch' && call.args[0] === '/tmp/locked') return { deny: 'touch: locked', status: 3 };
        return undefined;
      },
    },
  });
  const r = await sh.exec(
    'cd /tmp; touch x; rm x; echo rm=$?; curl -s https://example.com/; touch /tmp/locked; echo $?',
  );
  assert.equal(r.stdout, 'rm=126\nno network here\n3\n');
  assert.equal(r.stderr, 'rm: refused by the platform\ntouch: locked\n');
  assert.deepEqual(seen.slice(0, 2), [
    ['touch', ['x'], '/tmp', 'low_risk'],
    ['rm', ['x'], '/tmp', 'medium_risk'],
  ]);
  // Reached through xargs: the same hook.
  assert.equal((await sh.exec('echo /tmp/x | xargs rm; echo $?')).stdout, '126\n');
});

test('an async beforeCommand is awaited; false refuses with 126', async () => {
  const sh = new Shell({
    hooks: {
      beforeCommand: async (call) => {
        await new Promise((r) => setTimeout(r, 5));
        return call.name !== 'date';
      },
    },
  });
  const r = await sh.exec('date; echo $?; printf ok');
  assert.equal(r.stdout, '126\nok');
  assert.match(r.stderr, /date: refused by the beforeCommand hook/);
});

test('afterCommand hears each command in order with status and bytes', async () => {
  const ended = [];
  const sh = new Shell({ hooks: { afterCommand: (e) => ended.push(e) } });
  await sh.exec("printf 'a\\nb\\n' > /tmp/f; cat /tmp/f; ls /nope");
  // printf is a builtin: the language, not hooked.
  assert.deepEqual(
    ended.map((e) => [e.name, e.status, e.stdoutBytes]),
    [
      ['cat', 0, 4],
      ['ls', 2, 0],
    ],
  );
  const ls = ended[ended.length - 1];
  assert.ok(ls.stderrBytes > 0 && ls.durationMs >= 0);
});

test('a hook that throws fails closed', async () => {
  const sh = new Shell({
    hooks: {
      beforeCommand() {
        throw new Error('boom');
      },
    },
  });
  const r = await sh.exec('cat /etc/hostname; echo $?');
  assert.equal(r.stdout, '126\n');
  assert.match(r.stderr, /the beforeCommand hook: it threw: boom/);
});

test('a hook that never answers gives way to the run timeout', async () => {
  const sh = new Shell({ hooks: { beforeCommand: () => new Promise(() => {}) } });
  const r = await sh.exec('cat /etc/hostname', { timeout: 300 });
  assert.notEqual(r.exitCode, 0);
  // The session is usable afterwards.
  const sh2 = new Shell();
  assert.equal((await sh2.exec('echo fine')).stdout, 'fine\n');
});

test('unknown hooks and values are config errors', () => {
  assert.throws(() => new Shell({ hooks: { after: () => {} } }), (e) => e instanceof ConfigError && /hooks\.after: unknown hook/.test(e.message));
  assert.throws(() => new Shell({ hooks: { beforeCommand: 3 } }), (e) => e instanceof ConfigError && /hooks\.beforeCommand: a function/.test(e.message));
});

test('beforeRequest adds a header the script never sees, or refuses', async () => {
  const server = http.createServer((req, res) => {
    const body = `${req.url} auth=${req.headers.authorization}\n`;
    res.writeHead(200, { 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    const sh = new Shell({
      allowNet: [`${base}/`],
      hooks: {
        beforeRequest: async (req) => {
          if (req.url.endsWith('/private')) return false;
          return [...req.headers, ['Authorization', 'Bearer s3cret']];
        },
      },
    });
    const r = await sh.exec(`curl -s ${base}/data; curl -sS ${base}/private; echo $?; env | grep -c s3cret`);
    assert.equal(r.stdout, '/data auth=Bearer s3cret\n7\n0\n');
    assert.match(r.stderr, /\/private refused by the beforeRequest hook/);
  } finally {
    server.close();
  }
});

test('trace receives an event per command and per run', async () => {
  const events = [];
  const sh = new Shell({ trace: (e) => events.push(e) });
  await sh.exec('printf "b\\na\\n" | sort; cat /nope');
  assert.deepEqual(
    events.map((e) => [e.event, e.name ?? null, e.status, e.run]),
    [
      ['command', 'sort', 0, 1],
      ['command', 'cat', 1, 1],
      ['run', null, 1, 1],
    ],
  );
  assert.ok(events[0].duration_ms >= 0 && events[0].stdout_bytes === 4);
  assert.throws(() => new Shell({ trace: 3 }), (e) => e instanceof ConfigError && /trace: a function/.test(e.message));
});
