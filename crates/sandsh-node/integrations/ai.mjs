// The Vercel AI SDK: a sandsh Shell as an `ai` tool.
//
//   import { generateText } from 'ai';
//   import { Shell } from 'sandsh';
//   import { bashTool } from 'sandsh/ai';
//   await generateText({ model, tools: { bash: bashTool(new Shell()) }, prompt });
//
// Needs the `ai` package (v5 or v6). The tool's input is `{ commands, timeout_ms? }`; its
// output `{ stdout, stderr, exitCode, error? }`. The call's abortSignal cancels the run.
import { tool, jsonSchema } from 'ai';
import { definition, run } from './common.mjs';

export function bashTool(shell, options = {}) {
  const d = definition(shell, options);
  return tool({
    description: d.description,
    inputSchema: jsonSchema(d.input_schema),
    execute: async (input, callOptions) => {
      const r = await run(shell, input, callOptions && callOptions.abortSignal);
      const out = { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode };
      if (r.error) out.error = r.error;
      return out;
    },
  });
}

/** `{ [name]: tool }`, ready for `generateText({ tools })`. */
export function bashTools(shell, options = {}) {
  return { [options.name || 'bash']: bashTool(shell, options) };
}
