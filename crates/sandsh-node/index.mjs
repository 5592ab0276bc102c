// The ES module face of index.js.
import sandsh from './index.js';

export const {
  Shell,
  BashTool,
  ToolRegistry,
  defineCommand,
  SandshError,
  ConfigError,
  SnapshotError,
  FileError,
  version,
} = sandsh;
export default sandsh;
