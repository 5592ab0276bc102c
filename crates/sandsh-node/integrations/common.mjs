// What the framework adapters share: the tool's definition as the registry renders it, and
// one call of the shell with its answer for the model as JSON text.

// Errors that mean the sandbox, not the script, ended the call.
export const SANDBOX_FAILURES = new Set(['timeout', 'limit_exceeded', 'config', 'internal', 'invalid_request']);

/** `{ name, description, input_schema }` of the shell, renamed or re-described if asked. */
export function definition(shell, options = {}) {
  return shell.definition({ name: options.name, description: options.description });
}

/** The strict schema (every property required, `timeout_ms` nullable) that OpenAI's strict mode takes. */
export function strictSchema(d) {
  const props = d.input_schema.properties;
  return {
    type: 'object',
    properties: {
      commands: props.commands,
      timeout_ms: { type: ['integer', 'null'], description: props.timeout_ms.description },
    },
    required: ['commands', 'timeout_ms'],
    additionalProperties: false,
  };
}

/** Run a model's call in the shell: `{ commands, timeout_ms? }`. */
export async function run(shell, input, signal) {
  const commands = input && input.commands;
  if (typeof commands !== 'string') throw new TypeError("the sandsh tool needs a string 'commands' argument");
  const timeout = input.timeout_ms === undefined || input.timeout_ms === null ? undefined : Number(input.timeout_ms);
  return shell.exec(commands, { timeout, signal });
}

/** The result as the model sees it: `{ stdout, stderr, exit_code, error? }` as JSON. */
export function answer(r) {
  const d = { stdout: r.stdout, stderr: r.stderr, exit_code: r.exitCode };
  if (r.error) d.error = r.error;
  return JSON.stringify(d);
}
