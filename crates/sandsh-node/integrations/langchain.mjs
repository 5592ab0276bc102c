// LangChain.js: a sandsh Shell as a `@langchain/core` tool.
//
//   import { Shell } from 'sandsh';
//   import { shellTool } from 'sandsh/langchain';
//   const tools = [shellTool(new Shell())];   // for createAgent, bindTools, ToolNode…
//
// Needs `@langchain/core`. The tool takes `{ commands, timeout_ms? }` and returns the result
// as JSON text; the run's config signal cancels the run.
import { tool } from '@langchain/core/tools';
import { answer, definition, run } from './common.mjs';

export function shellTool(shell, options = {}) {
  const d = definition(shell, options);
  return tool(
    async (input, config) => answer(await run(shell, input, config && config.signal)),
    { name: d.name, description: d.description, schema: d.input_schema },
  );
}
