// The OpenAI Agents SDK for JavaScript: a sandsh Shell as a function tool.
//
//   import { Agent } from '@openai/agents';
//   import { Shell } from 'sandsh';
//   import { shellTool } from 'sandsh/openai-agents';
//   const agent = new Agent({ name: 'dev', tools: [shellTool(new Shell())] });
//
// Needs `@openai/agents`. A strict JSON schema (`commands`, `timeout_ms` or null); the tool
// returns the result as JSON text.
import { tool } from '@openai/agents';
import { answer, definition, run, strictSchema } from './common.mjs';

export function shellTool(shell, options = {}) {
  const d = definition(shell, options);
  return tool({
    name: d.name,
    description: d.description,
    parameters: strictSchema(d),
    strict: true,
    execute: async (input, _runContext, details) => answer(await run(shell, input, details && details.signal)),
  });
}
