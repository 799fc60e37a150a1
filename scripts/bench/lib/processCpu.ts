import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime + stime of one process in ms, or 0 when it is gone. Fields 14 and 15 of /proc/PID/stat. */
function processMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The parent of process `pid` (field 4 of /proc/PID/stat); throws when the process is gone. */
export function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** The processes whose parent is `parent` (a postmaster's backends and workers). */
function childrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (parentOf(Number(entry)) === parent) pids.push(Number(entry));
    } catch {
      // The process ended while listing.
    }
  }
  return pids;
}

/**
 * CPU spent by one app process and by one PostgreSQL cluster (its postmaster's children: backends,
 * walwriter, checkpointer…) between `start()` and the returned `stop()`, in ms. Backends that ended in
 * between are lost, so measure with a pool that keeps its connections (the bench servers do).
 */
export function cpuMeter(appPid: number, postmasterPid: number) {
  const sample = () => {
    const backends = new Map(childrenOf(postmasterPid).map((pid) => [pid, processMs(pid)]));
    return { app: processMs(appPid), backends };
  };
  return {
    start() {
      const before = sample();
      return () => {
        const after = sample();
        let postgres = 0;
        for (const [pid, ms] of after.backends) postgres += ms - (before.backends.get(pid) ?? 0);
        return { appMs: after.app - before.app, postgresMs: postgres };
      };
    },
  };
}
