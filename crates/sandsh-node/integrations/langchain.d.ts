import type { DynamicStructuredTool } from '@langchain/core/tools';
import type { Shell } from '../index';

/** The shell as a LangChain tool; it returns the result as JSON text. */
export function shellTool(shell: Shell, options?: { name?: string; description?: string }): DynamicStructuredTool;
