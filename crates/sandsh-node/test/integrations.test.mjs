// The framework adapters, with the real packages and no network: the AI SDK's generateText
// driven by its mock model, LangChain's tool-call protocol, and the Agents SDK's run loop
// driven by a scripted model.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Shell } from 'sandsh';

test('Vercel AI SDK: generateText calls the shell through bashTool', async () => {
  const { generateText, stepCountIs } = await import('ai');
  const { MockLanguageModelV3 } = await import('ai/test');
  const { bashTools } = await import('sandsh/ai');
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  };
  let step = 0;
  const prompts = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (opts) => {
      step++;
      prompts.push(opts);
      if (step === 1) {
        return {
          content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'bash', input: JSON.stringify({ commands: 'echo 6*7 | bc' }) }],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        };
      }
      return { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] };
    },
  });
  const shell = new Shell();
  const r = await generateText({ model, tools: bashTools(shell), prompt: 'compute', stopWhen: stepCountIs(3) });
  assert.equal(r.text, 'done');
  assert.deepEqual(r.steps[0].toolResults[0].output, { stdout: '42\n', stderr: '', exitCode: 0 });
  // The model was offered the shell's schema.
  const offered = prompts[0].tools.find((t) => t.name === 'bash');
  assert.ok(offered.inputSchema.properties.commands);
});

test('LangChain.js: the tool answers a tool call with a ToolMessage', async () => {
  const { shellTool } = await import('sandsh/langchain');
  const shell = new Shell();
  const t = shellTool(shell);
  assert.equal(t.name, 'sandsh');
  assert.ok(t.description.length > 0);
  assert.equal(await t.invoke({ commands: 'echo direct' }), JSON.stringify({ stdout: 'direct\n', stderr: '', exit_code: 0 }));
  const msg = await t.invoke({ id: 'call_7', name: 'sandsh', args: { commands: 'printf "a\\nb\\n" | wc -l' }, type: 'tool_call' });
  assert.equal(msg.constructor.name, 'ToolMessage');
  assert.equal(msg.tool_call_id, 'call_7');
  assert.equal(JSON.parse(msg.content).stdout.trim(), '2');
  // Renamed.
  assert.equal(shellTool(shell, { name: 'bash' }).name, 'bash');
});

test('OpenAI Agents SDK: run() calls the shell through shellTool', async () => {
  const { Agent, run, Usage, setTracingDisabled } = await import('@openai/agents');
  const { shellTool } = await import('sandsh/openai-agents');
  setTracingDisabled(true);
  let n = 0;
  const model = {
    async getResponse() {
      n++;
      if (n === 1) {
        return {
          usage: new Usage(),
          responseId: 'r1',
          output: [
            {
              type: 'function_call',
              callId: 'c1',
              name: 'sandsh',
              arguments: JSON.stringify({ commands: 'seq 3 | paste -sd+ | bc', timeout_ms: null }),
              status: 'completed',
            },
          ],
        };
      }
      return {
        usage: new Usage(),
        responseId: 'r2',
        output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'six' }] }],
      };
    },
    async *getStreamedResponse() {
      throw new Error('not used');
    },
  };
  const tool = shellTool(new Shell());
  assert.equal(tool.type, 'function');
  assert.equal(tool.strict, true);
  assert.deepEqual(tool.parameters.required, ['commands', 'timeout_ms']);
  const agent = new Agent({ name: 'dev', model, tools: [tool] });
  const r = await run(agent, 'add 1..3');
  assert.equal(r.finalOutput, 'six');
  const outputs = r.newItems.filter((i) => i.type === 'tool_call_output_item').map((i) => i.output);
  assert.deepEqual(outputs.map((o) => JSON.parse(o)), [{ stdout: '6\n', stderr: '', exit_code: 0 }]);
});
