// Compiled with `tsc --noEmit` by types.test.mjs: the package's declarations describe the API
// the tests use.
import { Shell, BashTool, ToolRegistry, defineCommand, ConfigError, FileError, type ExecResult } from 'sandsh';
import { Bash, defineCommand as jbDefine, decodeBytesToUtf8 } from 'sandsh/just-bash';
import { bashTool, bashTools } from 'sandsh/ai';
import { shellTool as langchainTool } from 'sandsh/langchain';
import { shellTool as agentsTool } from 'sandsh/openai-agents';

const upper = defineCommand('upper', async (args, ctx) => ({
  stdout: Buffer.from(ctx.stdin).toString().toUpperCase(),
  exitCode: args.length,
}));
const sh = new Shell({
  limits: { profile: 'strict', maxLoopIterations: 100 },
  timeout: 30_000,
  files: { '/a': 'x', '/b': new Uint8Array([1]) },
  mounts: [{ host: '.', path: '/w', mode: 'overlay' }],
  policy: { deny: ['rm'], confirmAt: 'high', confirm: async (q: string) => q.length > 0 },
  customCommands: [upper],
});
async function main(): Promise<void> {
  const r: ExecResult = await sh.exec('echo hi', { stdin: 'x', env: { A: '1' }, signal: AbortSignal.timeout(1000), onStdout: (t) => void t });
  const code: number = r.exitCode;
  const text: string = await sh.readFile('/a');
  const buf: Buffer = await sh.readFile('/b', null);
  await sh.writeFile('/c', buf);
  const snap: Buffer = await sh.snapshot();
  await sh.restore(snap);
  await sh.registerCommand('x', async () => 'y');
  const answer = await new BashTool().execute({ commands: 'ls', timeout_ms: 10 });
  const exit: number = answer.exit_code;
  const reg = new ToolRegistry().register(sh);
  const name: string = reg.openaiTools()[0].function.name;
  const bash = new Bash({ files: { '/f': 'x' }, executionLimits: { maxCallDepth: 5 }, customCommands: [jbDefine('h', async (a, ctx) => ({ stdout: decodeBytesToUtf8(ctx.stdin), stderr: '', exitCode: 0 }))] });
  const jr = await bash.exec('h', { env: { A: 'b' }, args: ['x'] });
  const env: Record<string, string> = jr.env;
  bashTool(sh);
  bashTools(sh, { name: 'bash' });
  langchainTool(sh);
  agentsTool(sh);
  void [code, text, exit, name, env, ConfigError, FileError];
}
void main;
