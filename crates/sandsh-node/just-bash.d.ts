// Types of `sandsh/just-bash`: just-bash 3.x's API over a sandsh session.
import type { Shell, ShellOptions } from './index';

/** One char per byte (just-bash's ByteString); decode with decodeBytesToUtf8. */
export type ByteString = string;

export interface ExecResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface BashExecResult extends ExecResult {
  env: Record<string, string>;
}

export interface CommandContext {
  cwd: string;
  env: Map<string, string>;
  exportedEnv: Record<string, string>;
  stdin: ByteString;
}

export interface Command {
  name: string;
  trusted?: boolean;
  execute(args: string[], ctx: CommandContext): Promise<ExecResult & { stdoutKind?: 'text' | 'bytes'; stderrKind?: 'text' | 'bytes' }>;
}

export interface LazyCommand {
  name: string;
  trusted?: boolean;
  load: () => Promise<Command>;
}

export interface ExecutionLimits {
  maxCallDepth?: number;
  maxCommandCount?: number;
  maxLoopIterations?: number;
  maxOutputSize?: number;
  maxSourceBytes?: number;
  maxSubstitutionDepth?: number;
  maxExecutionTimeMs?: number;
  [other: string]: number | undefined;
}

export interface BashOptions {
  files?: Record<string, string | Uint8Array | { content: string | Uint8Array } | (() => string | Promise<string>)>;
  env?: Record<string, string>;
  cwd?: string;
  executionLimits?: ExecutionLimits;
  maxCallDepth?: number;
  maxCommandCount?: number;
  maxLoopIterations?: number;
  network?: { allowedUrlPrefixes?: Array<string | { url: string }>; dangerouslyAllowFullInternetAccess?: boolean };
  customCommands?: Array<Command | LazyCommand>;
  /** Keep variables, functions and cwd between exec calls (sandsh's own behaviour); just-bash resets them. */
  persistState?: boolean;
  /** sandsh's own options (mounts, limits, policy…), passed to its Shell. */
  sandsh?: ShellOptions;
}

export interface ExecOptions {
  env?: Record<string, string>;
  replaceEnv?: boolean;
  cwd?: string;
  rawScript?: boolean;
  stdin?: string;
  signal?: AbortSignal;
  args?: string[];
}

export class Bash {
  constructor(options?: BashOptions);
  /** The sandsh session behind it. */
  readonly shell: Shell;
  exec(commandLine: string, options?: ExecOptions): Promise<BashExecResult>;
  registerCommand(command: Command | LazyCommand): void;
  readFile(path: string): Promise<string>;
  writeFile(path: string, content: string): Promise<void>;
  getCwd(): string;
  getEnv(): Record<string, string>;
}

export function defineCommand(
  name: string,
  execute: (args: string[], ctx: CommandContext) => Promise<ExecResult>,
  options?: { trusted?: boolean },
): Command;
export function decodeBytesToUtf8(b: ByteString): string;
export function encodeUtf8ToBytes(s: string): ByteString;
