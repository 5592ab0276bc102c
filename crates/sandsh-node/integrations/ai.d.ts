import type { Tool } from 'ai';
import type { Shell } from '../index';

export interface BashToolOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
  error?: string;
}

/** The shell as an AI SDK tool: input `{ commands, timeout_ms? }`. */
export function bashTool(shell: Shell, options?: { name?: string; description?: string }): Tool<{ commands: string; timeout_ms?: number }, BashToolOutput>;
/** `{ [name]: tool }` (name "bash" by default) for `generateText({ tools })`. */
export function bashTools(shell: Shell, options?: { name?: string; description?: string }): Record<string, Tool<{ commands: string; timeout_ms?: number }, BashToolOutput>>;
