import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The .cpuprofile a `node --cpu-prof` process wrote, summed as the profiling scripts print it.

/**
 * Self time per function (summed over the profile's nodes) of the one .cpuprofile in `dir`,
 * most first, in microseconds; `busyOnly`: without the `(idle)` node.
 * @param {string} dir
 * @param {{ busyOnly?: boolean }} [options]
 * @returns {{ file: string, total: number, functions: [string, number][] }}
 */
export function selfTimes(dir, { busyOnly = false } = {}) {
  const name = readdirSync(dir).find((entry) => entry.endsWith('.cpuprofile'));
  if (!name) throw new Error(`no .cpuprofile in ${dir}`);
  const file = join(dir, name);
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i += 1)
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const self = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    if (busyOnly && node.callFrame.functionName === '(idle)') continue;
    const time = dt.get(node.id) ?? 0;
    total += time;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/');
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + time);
  }
  return { file, total, functions: [...self].sort((a, b) => b[1] - a[1]) };
}
