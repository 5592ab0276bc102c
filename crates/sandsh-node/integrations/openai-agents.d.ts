import type { FunctionTool } from '@openai/agents';
import type { Shell } from '../index';

/** The shell as an Agents SDK function tool (strict schema); it returns the result as JSON text. */
export function shellTool(shell: Shell, options?: { name?: string; description?: string }): FunctionTool;
