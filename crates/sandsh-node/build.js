#!/usr/bin/env node
// Builds the addon with cargo into the workspace's target directory ($CARGO_TARGET_DIR, or
// what `cargo metadata` says) and copies it next to this file as
// `sandsh.<platform>-<arch>[-<libc>].node`, the name native.js loads.
//
//   node build.js            debug build (what the tests use)
//   node build.js --release  optimised build (what benches/node uses)
//
// Only linux-x64-gnu is built and tested in this repository's CI. package.json's
// `napi.targets` names the other targets napi-rs can build the same crate for
// (aarch64-linux-gnu, x86_64-linux-musl, macOS x64/arm64, Windows x64); they are not
// built or tested here.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const release = process.argv.includes('--release');
const here = __dirname;
const manifest = path.join(here, 'Cargo.toml');

const args = ['build', '--manifest-path', manifest, '-p', 'sandsh-node'];
if (release) args.push('--release');
execFileSync('cargo', args, { stdio: 'inherit' });

let target = process.env.CARGO_TARGET_DIR;
if (!target) {
  const meta = JSON.parse(
    execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps', '--manifest-path', manifest], {
      encoding: 'utf8',
    }),
  );
  target = meta.target_directory;
}
const profile = release ? 'release' : 'debug';
const lib = {
  linux: 'libsandsh_node.so',
  darwin: 'libsandsh_node.dylib',
  win32: 'sandsh_node.dll',
}[process.platform];
if (!lib) throw new Error(`sandsh: no build recipe for ${process.platform}`);
const src = path.join(path.resolve(target), profile, lib);

let suffix = '';
if (process.platform === 'linux') suffix = fs.existsSync('/etc/alpine-release') ? '-musl' : '-gnu';
else if (process.platform === 'win32') suffix = '-msvc';
const dest = path.join(here, `sandsh.${process.platform}-${process.arch}${suffix}.node`);
// Copy to a temporary name and rename: a running process that has the old file mapped keeps it.
fs.copyFileSync(src, `${dest}.tmp`);
fs.renameSync(`${dest}.tmp`, dest);
console.log(`sandsh: ${path.relative(process.cwd(), src)} -> ${path.relative(process.cwd(), dest)}`);
