// The ES module face of just-bash.js.
import jb from './just-bash.js';

export const { Bash, defineCommand, decodeBytesToUtf8, encodeUtf8ToBytes } = jb;
export default jb;
