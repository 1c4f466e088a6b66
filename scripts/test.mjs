import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cacheDir, root } from './cache-dir.mjs';

// npm test: every suite, as steps that run side by side where they can. The unit/API tests run
// two files at a time on the fresh build, then the browser tests (the two suites side by side
// starved each other's timing-bound tests on 2 cores), then the tests that start and time
// processes of their own (vitest project `processes`: outages, crashes, load through several
// instances) alone, one file at a time, as they always did. The static checks run niced beside
// all that, taking only the CPU the tests leave.
//
//   build (if stale) ─ vitest (server, web, lint) ─ playwright ─ vitest (processes)
//   typecheck ─ eslint ─ prettier    (nice 10)
//
// The tests stream, each line marked with its step; a check prints in one piece when it ends.
// typecheck and prettier keep what they checked in node_modules/.cache (scripts/cache-dir.mjs) and
// skip it next time when nothing it depends on changed; eslint does not (its cache would not see
// that a change in one file makes a typed rule fire in another). Every step runs even when another
// one failed (all failures in one run); the exit code is 1 when any failed.
// `npm test -- --list` prints the steps; `npm test -- --only=typecheck,eslint` runs only those
// (each still after the others named that it follows).

const bin = (/** @type {string} */ name) => join(root, 'node_modules', '.bin', name);

/**
 * @typedef {object} Step
 * @property {string} name
 * @property {string} command
 * @property {string[]} args
 * @property {string[]} [after] steps that must have ended first (passed or not)
 * @property {boolean} [nice] runs at a lower CPU priority (nice 10)
 * @property {string} [prefix] streams its output line by line, each line marked so
 */

/** @type {Step[]} */
const STEPS = [
  { name: 'build', command: process.execPath, args: ['scripts/build.mjs', '--if-stale'] },
  // The suites run on the build (the shipped-unit test starts it): after it, so no test builds.
  {
    name: 'vitest',
    command: bin('vitest'),
    args: ['run', '--project', 'server', '--project', 'web', '--project', 'lint'],
    after: ['build'],
    prefix: '[vitest] ',
  },
  {
    name: 'playwright',
    command: bin('playwright'),
    args: ['test'],
    // After the unit/API tests, not beside them: on 2 cores the two together starved each other's
    // timing-bound tests (a 300 ms provider timeout, a burst of sign-ups) into flakes.
    after: ['build', 'vitest'],
    prefix: '[e2e] ',
  },
  {
    name: 'vitest processes',
    command: bin('vitest'),
    args: ['run', '--project', 'processes'],
    after: ['build', 'vitest', 'playwright'],
    prefix: '[processes] ',
  },
  { name: 'typecheck', command: process.execPath, args: ['scripts/typecheck.mjs'], nice: true },
  {
    name: 'eslint',
    command: bin('eslint'),
    args: ['.', '--max-warnings', '0'],
    after: ['typecheck'],
    nice: true,
  },
  {
    name: 'prettier',
    command: bin('prettier'),
    // Its cache skips a file whose content (and prettier's options) it already found formatted.
    args: [
      ...['--check', '.', '--log-level', 'warn', '--cache', '--cache-strategy', 'content'],
      ...['--cache-location', join(cacheDir(), 'prettier')],
    ],
    after: ['eslint'],
    nice: true,
  },
];

/**
 * @typedef {{ name: string, ok: boolean, seconds: number }} Result
 * @param {Step} step
 * @returns {Promise<Result>}
 */
function run(step) {
  const started = performance.now();
  const [command, args] = step.nice
    ? ['nice', ['-n', '10', step.command, ...step.args]]
    : [step.command, step.args];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...(process.stdout.isTTY && { FORCE_COLOR: '1' }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @type {Buffer[]} */
  const output = [];
  let partial = '';
  const take = (/** @type {Buffer} */ chunk) => {
    if (!step.prefix) return void output.push(chunk);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    if (lines.length > 0) process.stdout.write(lines.map((l) => `${step.prefix}${l}\n`).join(''));
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  return new Promise((resolve) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      if (partial) process.stdout.write(`${step.prefix}${partial}\n`);
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0;
      const verdict = ok ? 'passed' : `FAILED (${signal ?? `exit code ${code}`})`;
      process.stdout.write(
        `\n── ${step.name} ${verdict} in ${seconds.toFixed(0)} s\n${Buffer.concat(output)}`,
      );
      resolve({ name: step.name, ok, seconds });
    });
  });
}

async function main() {
  if (process.argv.includes('--list')) {
    for (const step of STEPS)
      console.log(
        `${step.name}: ${step.command} ${step.args.join(' ')}`,
        step.after ? `(after ${step.after.join(', ')})` : '',
      );
    return 0;
  }
  const only = process.argv.find((arg) => arg.startsWith('--only'))?.split('=')[1];
  const chosen = only ? only.split(',') : STEPS.map((step) => step.name);
  const unknown = chosen.filter((name) => !STEPS.some((step) => step.name === name));
  if (unknown.length > 0) throw new Error(`scripts/test.mjs: no step ${unknown.join(', ')}`);
  const steps = STEPS.filter((step) => chosen.includes(step.name));
  const started = performance.now();
  /** @type {Map<string, Promise<Result>>} */
  const runs = new Map();
  /** @param {Step} step @returns {Promise<Result>} */
  const start = (step) => {
    const running = runs.get(step.name);
    if (running) return running;
    const before = steps.filter((other) => step.after?.includes(other.name)).map(start);
    const result = Promise.all(before).then(() => run(step));
    runs.set(step.name, result);
    return result;
  };
  const results = await Promise.all(steps.map(start));
  console.log('\n── npm test');
  for (const r of results)
    console.log(`${r.ok ? 'passed' : 'FAILED'}  ${r.name} (${r.seconds.toFixed(0)} s)`);
  console.log(`in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return results.every((r) => r.ok) ? 0 : 1;
}

process.exitCode = await main();
