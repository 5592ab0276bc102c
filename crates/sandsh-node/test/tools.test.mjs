// The LLM tool layer: the shell as a tool (description, help, schemas, execute) and the
// registry's definitions and dispatch for OpenAI and Anthropic.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Shell, BashTool, ToolRegistry, defineCommand } from 'sandsh';

test('a shell is a tool: name, descriptions, schemas', () => {
  const t = new BashTool();
  assert.equal(t.name, 'sandsh');
  assert.ok(t.shortDescription.length > 0);
  assert.match(t.description(), /grep/);
  assert.match(t.help(), /sandsh/);
  assert.ok(t.systemPrompt().length > 0);
  const schema = t.inputSchema();
  assert.equal(schema.type, 'object');
  assert.ok(schema.properties.commands);
  assert.deepEqual(schema.required, ['commands']);
  assert.ok(t.outputSchema().properties.exit_code);
});

test('execute() takes a script, the arguments object or their JSON', async () => {
  const t = new BashTool();
  let r = await t.execute({ commands: 'echo hi; exit 2' });
  assert.deepEqual([r.stdout, r.exit_code], ['hi\n', 2]);
  r = await t.execute('{"commands": "echo json"}');
  assert.equal(r.stdout, 'json\n');
  r = await t.execute('echo plain');
  assert.equal(r.stdout, 'plain\n');
  r = await t.execute({ commands: 'sleep 5', timeout_ms: 100 });
  assert.equal(r.exit_code, 124);
  // The same session as exec().
  await t.exec('export KEPT=yes');
  assert.equal((await t.execute({ commands: 'echo $KEPT' })).stdout, 'yes\n');
});

test('custom commands are listed in the tool description', () => {
  const sh = new Shell({ customCommands: [defineCommand('lookup_user', async () => '{}', { description: 'Find a user' })] });
  assert.match(sh.description(), /lookup_user/);
});

test('registry: OpenAI and Anthropic definitions', () => {
  const reg = new ToolRegistry().register(new Shell());
  assert.deepEqual(reg.names(), ['sandsh']);
  const [o] = reg.openaiTools();
  assert.equal(o.type, 'function');
  assert.equal(o.function.name, 'sandsh');
  assert.equal(o.function.parameters.type, 'object');
  const [a] = reg.anthropicTools();
  assert.equal(a.name, 'sandsh');
  assert.ok(a.input_schema.properties.commands);
  const [m] = reg.mcpTools();
  assert.equal(m.name, 'sandsh');
  assert.ok(m.inputSchema);
});

test('registry: dispatch answers in the call\'s shape', async () => {
  const sh = new Shell();
  const reg = new ToolRegistry().register(sh);
  const openai = await reg.dispatch({
    id: 'call_1',
    type: 'function',
    function: { name: 'sandsh', arguments: JSON.stringify({ commands: 'echo from-openai' }) },
  });
  assert.equal(openai.role, 'tool');
  assert.equal(openai.tool_call_id, 'call_1');
  assert.match(openai.content, /from-openai/);
  const anthropic = await reg.dispatch({ type: 'tool_use', id: 'tu_1', name: 'sandsh', input: { commands: 'echo from-anthropic' } });
  assert.equal(anthropic.type, 'tool_result');
  assert.equal(anthropic.tool_use_id, 'tu_1');
  assert.match(JSON.stringify(anthropic.content), /from-anthropic/);
  const unknown = await reg.dispatch({ name: 'nope', arguments: '{}' });
  assert.equal(unknown.is_error, true);
  // The registry drives the same session.
  await reg.dispatch({ name: 'sandsh', arguments: { commands: 'echo kept > /tmp/k' } });
  assert.equal(await sh.readFile('/tmp/k'), 'kept\n');
});

test('definition() is the Anthropic-shaped rendering, renamable', () => {
  const d = new Shell().definition({ name: 'bash', description: 'Run bash' });
  assert.deepEqual(Object.keys(d).sort(), ['description', 'input_schema', 'name']);
  assert.equal(d.name, 'bash');
  assert.equal(d.description, 'Run bash');
});
