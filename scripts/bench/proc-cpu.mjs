import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// CPU time of the bench's processes from /proc (Linux): far steadier than req/s on a shared
// machine, as a process's CPU per request hardly depends on what else runs.

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** The fields of /proc/<pid>/stat after the command's name (fields[11]: utime, [12]: stime). */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** utime + stime of a process, in seconds. */
export function cpuSeconds(pid) {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** stime of a process (its time in the kernel), in seconds. */
export function kernelCpuSeconds(pid) {
  return Number(statFields(pid)[12]) / TICKS_PER_SECOND;
}

/**
 * utime + stime of the embedded PostgreSQL of `dataDir`: the postmaster, its live children
 * (backends, background workers) and the children it has reaped (cutime + cstime), in seconds.
 */
export function postgresCpuSeconds(dataDir) {
  const postmaster = Number(
    readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(entry);
    if (pid !== postmaster && Number(fields[1]) !== postmaster) continue;
    total += Number(fields[11]) + Number(fields[12]);
    if (pid === postmaster) total += Number(fields[13]) + Number(fields[14]);
  }
  return total / TICKS_PER_SECOND;
}
