// Node package benchmark: sandsh against just-bash 3.x, same machine, same run.
//
// Measures, on warm sessions (fresh ones per case):
// - per-call latency of `echo hi`: sandsh's Shell (a persistent session), sandsh/just-bash's
//   Bash (the just-bash-compatible entry: each exec in a subshell, state reset as just-bash
//   does) and just-bash's Bash;
// - text tools (the cases of benches/cases/tools, on generated inputs of a few MB): the
//   time of one call from JavaScript, input already in each shell's filesystem.
// Calls alternate between the shells in rounds, so load from other processes hits them alike.
// Every case's output is checked against bash and the GNU tools on the same input (the
// oracle); a shell whose output differs is reported as a mismatch. Not a test:
// `benches/node/run` builds the release addon, installs just-bash here and runs this with
// `--write`, which updates benches/NODE.md and its section of benches/RESULTS.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const require = createRequire(import.meta.url);
const sandsh = require(path.join(root, 'crates/sandsh-node/index.js'));
const sandshJb = require(path.join(root, 'crates/sandsh-node/just-bash.js'));
const justBash = await import('just-bash');
const jbVersion = JSON.parse(fs.readFileSync(path.join(here, 'node_modules/just-bash/package.json'), 'utf8')).version;

const args = process.argv.slice(2);
const write = args.includes('--write');
const quick = args.includes('--quick');
const MB = Number(process.env.BENCH_MB || (quick ? 0.5 : 2));

// ----- inputs (deterministic) ------------------------------------------------------------
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const SYL = ['ka', 'lo', 'mi', 'ne', 'zo', 'ta', 'ru', 'shi', 'po', 'ya', 'ex', 'in'];
function word(r) {
  const n = 1 + Math.floor(r() * 3);
  let w = '';
  for (let i = 0; i < n; i++) w += SYL[Math.floor(r() * SYL.length)];
  return w;
}
function gen(kind, bytes) {
  const r = rng(42);
  const lines = [];
  let size = 0;
  while (size < bytes) {
    let line;
    if (kind === 'text') {
      const n = 4 + Math.floor(r() * 10);
      const ws = [];
      for (let i = 0; i < n; i++) ws.push(r() < 0.05 ? word(r).toUpperCase() : word(r));
      line = ws.join(' ');
    } else if (kind === 'csv') {
      line = [Math.floor(r() * 1e6), word(r), word(r), Math.floor(r() * 1000), (r() * 100).toFixed(2)].join(',');
    } else {
      line = String(Math.floor(r() * 1e9) - 5e8);
    }
    lines.push(line);
    size += line.length + 1;
  }
  if (kind === 'sorted') return null;
  return lines.join('\n') + '\n';
}
const inputs = { text: gen('text', MB * 1e6), csv: gen('csv', MB * 1e6), nums: gen('nums', MB * 1e6) };
inputs.sorted = inputs.text.split('\n').slice(0, -1).sort().join('\n') + '\n';

// The text-tool cases (benches/cases/tools), with their output kept for the check.
const CASES = [
  ['grep_literal', 'text', 'grep zoka IN'],
  ['grep_count', 'text', 'grep -c kalo IN'],
  ['grep_icase', 'text', 'grep -i mine IN | wc -l'],
  ['sed_subst', 'text', "sed 's/a/b/g' IN | tail -n 2"],
  ['awk_sum', 'csv', "awk -F, '{s+=$4} END{print s}' IN"],
  ['awk_field', 'csv', "awk -F, '{print $3}' IN | tail -n 2"],
  ['sort_lines', 'text', 'sort IN | tail -n 2'],
  ['sort_numeric', 'nums', 'sort -n IN | tail -n 2'],
  ['cut_fields', 'csv', 'cut -d, -f2,4 IN | tail -n 2'],
  ['tr_upper', 'text', 'tr a-z A-Z < IN | tail -n 2'],
  ['uniq_count', 'sorted', 'uniq -c IN | tail -n 2'],
  ['wc_lines', 'text', 'wc -l IN'],
];

// ----- the oracle -------------------------------------------------------------------------
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sandsh-node-bench-'));
for (const [k, v] of Object.entries(inputs)) fs.writeFileSync(path.join(tmp, k), v);
function bashOut(script) {
  return execFileSync('bash', ['--norc', '--noprofile', '-c', script], {
    cwd: tmp,
    encoding: 'utf8',
    env: { PATH: '/usr/bin:/bin', LC_ALL: 'C' },
    maxBuffer: 1 << 30,
  });
}

// ----- timing -----------------------------------------------------------------------------
const now = () => Number(process.hrtime.bigint()) / 1e3; // µs
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
}
function fmt(us) {
  if (us < 1000) return `${us.toFixed(1)} µs`;
  if (us < 1e6) return `${(us / 1000).toFixed(2)} ms`;
  return `${(us / 1e6).toFixed(2)} s`;
}

/** Run `rounds` rounds; in each, every runner makes `per` calls, the order rotating. */
async function alternate(runners, rounds, per) {
  const times = runners.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < runners.length; k++) {
      const i = (k + r) % runners.length;
      for (let j = 0; j < per; j++) {
        const t0 = now();
        await runners[i]();
        times[i].push(now() - t0);
      }
    }
  }
  return times;
}

const lines = [];
const log = (s = '') => {
  lines.push(s);
  console.error(s);
};

// Per-call latency.
const ECHO_ROUNDS = quick ? 5 : 20;
const ECHO_PER = quick ? 50 : 200;
const sh = new sandsh.Shell();
const shJb = new sandshJb.Bash();
const jb = new justBash.Bash();
for (const s of [sh, shJb, jb]) {
  const r = await s.exec('echo hi');
  if (r.stdout !== 'hi\n') throw new Error(`echo hi gave ${JSON.stringify(r)}`);
  for (let i = 0; i < 50; i++) await s.exec('echo hi');
}
const echo = await alternate(
  [() => sh.exec('echo hi'), () => shJb.exec('echo hi'), () => jb.exec('echo hi')],
  ECHO_ROUNDS,
  ECHO_PER,
);

// Text tools.
const ROUNDS = quick ? 2 : 5;
const toolRows = [];
for (const [name, kind, tmpl] of CASES) {
  const expected = bashOut(tmpl.replaceAll('IN', kind));
  const script = `cd /data && ${tmpl.replaceAll('IN', kind)}`;
  const a = new sandsh.Shell();
  await a.writeFile(`/data/${kind}`, inputs[kind]);
  const b = new justBash.Bash({ files: { [`/data/${kind}`]: inputs[kind] } });
  const outA = (await a.exec(script)).stdout;
  const outB = (await b.exec(script)).stdout;
  const [ta, tb] = await alternate([() => a.exec(script), () => b.exec(script)], ROUNDS, 1);
  toolRows.push({ name, script: tmpl, a: median(ta), b: median(tb), okA: outA === expected, okB: outB === expected, outB, expected });
  console.error(`${name}: sandsh ${fmt(median(ta))}, just-bash ${fmt(median(tb))}`);
}
fs.rmSync(tmp, { recursive: true, force: true });

// ----- report -----------------------------------------------------------------------------
const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const geo = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

log('## Node package: sandsh against just-bash');
log();
log(
  'Generated by `benches/node/run` (release addon; just-bash installed from npm into `benches/node`), kept in `benches/NODE.md` and copied into RESULTS.md. ' +
    'Times are per call as JavaScript sees them (`await shell.exec(...)`, building the result object included), on warm sessions, the shells alternating in rounds. ' +
    `Text tools run the cases of \`benches/cases/tools\` over generated ${MB} MB inputs already in each shell's filesystem (just-bash's commands are JavaScript re-implementations; sandsh's are its Rust ones); ` +
    "every case's output is compared with bash and the GNU tools on the same input.",
);
log();
log('| | |');
log('|---|---|');
log(`| Date | ${date} UTC |`);
log(`| Machine | ${os.arch()}, ${os.cpus().length} cores, load ${load} |`);
log(`| Node | ${process.version} |`);
log(`| sandsh | ${sandsh.version} (commit ${commit}), release addon |`);
log(`| just-bash | ${jbVersion} (npm) |`);
log();
log('Per-call latency of `echo hi`:');
log();
log('| Shell | median | p10 | p90 | / just-bash | target | holds |');
log('|---|---:|---:|---:|---:|---:|---|');
const jbMed = median(echo[2]);
const names = ['sandsh `Shell` (persistent session)', 'sandsh `sandsh/just-bash` `Bash` (state reset per call)', 'just-bash `Bash`'];
for (let i = 0; i < 3; i++) {
  const m = median(echo[i]);
  const ratio = m / jbMed;
  const target = i < 2 ? '≤ 0.5' : '';
  const holds = i < 2 ? (ratio <= 0.5 ? 'yes' : 'no') : '';
  log(`| ${names[i]} (n=${echo[i].length}) | ${fmt(m)} | ${fmt(pct(echo[i], 0.1))} | ${fmt(pct(echo[i], 0.9))} | ${i < 2 ? ratio.toFixed(3) : ''} | ${target} | ${holds} |`);
}
log();
log(`Text tools (median of ${ROUNDS} calls each; speed-up = just-bash time / sandsh time, target ≥ 10):`);
log();
log('| Case | Script | sandsh | just-bash | speed-up | holds | output = GNU |');
log('|---|---|---:|---:|---:|---|---|');
for (const r of toolRows) {
  const sp = r.b / r.a;
  const ok = `sandsh ${r.okA ? 'yes' : 'NO'}, just-bash ${r.okB ? 'yes' : 'NO'}`;
  log(`| ${r.name} | \`${r.script.replaceAll('|', '\\|')}\` | ${fmt(r.a)} | ${fmt(r.b)} | ${sp.toFixed(1)}× | ${sp >= 10 ? 'yes' : 'no'} | ${ok} |`);
}
log();
log(`Geometric mean speed-up over the ${toolRows.length} cases: ${geo(toolRows.map((r) => r.b / r.a)).toFixed(1)}×.`);
const bad = toolRows.filter((r) => !r.okA || !r.okB);
if (bad.length) {
  log();
  log('Mismatches with GNU:');
  log();
  for (const r of bad) {
    const who = [!r.okA && 'sandsh', !r.okB && 'just-bash'].filter(Boolean).join(' and ');
    log(`- ${r.name}: ${who} (expected ${JSON.stringify(r.expected.slice(0, 80))}, just-bash gave ${JSON.stringify(r.outB.slice(0, 80))})`);
  }
}
log();
log('<!-- end of the node package benchmark -->');

const text = lines.join('\n') + '\n';
process.stdout.write(text);
if (write) {
  fs.writeFileSync(path.join(root, 'benches/NODE.md'), text);
  const results = path.join(root, 'benches/RESULTS.md');
  let r = fs.readFileSync(results, 'utf8');
  const BEGIN = '<!-- node package benchmark: generated by benches/node/run -->';
  const END = '<!-- end of the node package benchmark -->';
  const section = `${BEGIN}\n${text}`;
  if (r.includes(BEGIN) && r.includes(END)) {
    const head = r.slice(0, r.indexOf(BEGIN));
    const tail = r.slice(r.indexOf(END) + END.length).replace(/^\n/, '');
    r = head + section + (tail ? '\n' + tail : '');
  } else {
    r = r.replace(/\n*$/, '\n\n') + section;
  }
  fs.writeFileSync(results, r);
}
process.exit(0);
