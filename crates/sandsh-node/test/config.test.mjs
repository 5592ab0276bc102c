// One session configuration through every entry point: tests/fixtures/session_config.json holds
// it in each spelling; here Node's options make the same session as the CLI's flags, Rust's JSON
// and Python's keywords (tests/it/session_config.rs, crates/sandsh-python/tests/test_config.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Shell, ConfigError } from 'sandsh';

const fixture = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/session_config.json', import.meta.url), 'utf8'),
);

test('the options make the shared config and session', async () => {
  const sh = new Shell(fixture.node);
  assert.deepEqual(sh.config, fixture.config);
  const r = await sh.exec(fixture.probe.script);
  assert.equal(r.stdout, fixture.probe.stdout);
  assert.equal(r.exitCode, fixture.probe.exit_code);
});

test('the default config is empty', () => {
  assert.deepEqual(new Shell().config, {});
});

test('errors name the option as it was given', () => {
  assert.throws(() => new Shell({ timeout: 'soon' }), (e) => e instanceof ConfigError && /^timeout: invalid duration 'soon'/.test(e.message));
  assert.throws(() => new Shell({ limits: { maxWidgets: 3 } }), (e) => /^limits\.maxWidgets: unknown limit 'maxWidgets'/.test(e.message));
  assert.throws(() => new Shell({ policy: { allowOnly: 'ls', confirmAt: 'spicy' } }), (e) => /^policy\.confirmAt: invalid risk 'spicy'/.test(e.message));
});
