// Loads the native addon: `sandsh.<platform>-<arch>[-<libc>].node` next to this file (what
// scripts/test-node and `npm run build` put there), or the file named by SANDSH_NODE_ADDON.
'use strict';

const path = require('node:path');
const fs = require('node:fs');

function libc() {
  if (process.platform !== 'linux') return '';
  try {
    const report = process.report && process.report.getReport();
    if (report && report.header && report.header.glibcVersionRuntime) return '-gnu';
  } catch {
    // no report: fall through
  }
  return fs.existsSync('/etc/alpine-release') ? '-musl' : '-gnu';
}

function load() {
  if (process.env.SANDSH_NODE_ADDON) return require(path.resolve(process.env.SANDSH_NODE_ADDON));
  const name = `sandsh.${process.platform}-${process.arch}`;
  const candidates = [`${name}${libc()}.node`, `${name}.node`];
  for (const c of candidates) {
    const file = path.join(__dirname, c);
    if (fs.existsSync(file)) return require(file);
  }
  throw new Error(
    `sandsh: no native addon for ${process.platform}-${process.arch} (looked for ${candidates.join(', ')} ` +
      `in ${__dirname}); build it with \`npm run build\` in a checkout of sandsh (needs Rust)`,
  );
}

module.exports = load();
