// The ES module face of index.js: its export list is index.js's `module.exports` (Node reads
// the names from it), so CommonJS and ES modules export the same names from one list.
export * from './index.js';
export { default } from './index.js';
