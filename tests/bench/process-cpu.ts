/**
 * CPU seconds of processes, from /proc (Linux): a process tree (Chromium's browser, GPU,
 * network and page processes under the bench) or one process (the server, all its threads).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

let ticksPerSecond: number | null = null;

function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  return ticksPerSecond;
}

interface ProcessTimes {
  ppid: number;
  /** User plus system time, in clock ticks. */
  ticks: number;
}

function readTimes(pid: number): ProcessTimes | undefined {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields follow its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 4 (ppid), 14 (utime) and 15 (stime) of proc(5), counted from the state (3).
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return undefined;
  }
}

/** CPU seconds used so far by one process (all its threads). */
export function processCpuSeconds(pid: number): number {
  return (readTimes(pid)?.ticks ?? 0) / clockTicks();
}

/** CPU ticks so far of each living descendant of `root`, outside the subtrees of `exclude`. */
export type TreeSnapshot = ReadonlyMap<number, number>;

export function treeSnapshot(root: number, exclude: readonly number[]): TreeSnapshot {
  const table = new Map<number, ProcessTimes>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const times = readTimes(Number(name));
    if (times) table.set(Number(name), times);
  }
  const excluded = new Set(exclude);
  const inTree = (pid: number): boolean => {
    for (let current = pid, hops = 0; current > 1 && hops < 64; hops += 1) {
      if (excluded.has(current)) return false;
      const parent = table.get(current)?.ppid;
      if (parent === root) return true;
      if (parent === undefined) return false;
      current = parent;
    }
    return false;
  };
  const snapshot = new Map<number, number>();
  for (const [pid, times] of table) {
    if (pid !== root && inTree(pid)) snapshot.set(pid, times.ticks);
  }
  return snapshot;
}

/**
 * CPU seconds the tree used between two snapshots: each process living at the end, less what it
 * had used at the start (a process started in between counts whole). A process that ended in
 * between is not counted (its last figure is gone): measure while the pages are still open.
 */
export function treeCpuSecondsBetween(before: TreeSnapshot, after: TreeSnapshot): number {
  let ticks = 0;
  for (const [pid, used] of after) ticks += used - (before.get(pid) ?? 0);
  return ticks / clockTicks();
}

/** Chromium's process type (`--type=renderer`, …; the browser process has none), or the name. */
function processKind(pid: number): string {
  try {
    // Chromium rewrites its children's command lines as one string: split at spaces too.
    const args = readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8').split(/[\0 ]/);
    const type = args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
    if (type === 'utility') {
      const sub = args.find((arg) => arg.startsWith('--utility-sub-type='));
      return sub?.includes('network') ? 'network' : 'utility';
    }
    if (type !== undefined) return type;
    return /chrom/i.test(args[0] ?? '') ? 'browser' : path.basename(args[0] ?? '?');
  } catch {
    return '?';
  }
}

/**
 * The same CPU seconds by Chromium process type (browser, renderer: the page and its workers,
 * network, gpu-process, …): where a browser lane's CPU goes.
 */
export function treeCpuSecondsByKind(
  before: TreeSnapshot,
  after: TreeSnapshot,
): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const [pid, used] of after) {
    const kind = processKind(pid);
    kinds[kind] = (kinds[kind] ?? 0) + (used - (before.get(pid) ?? 0)) / clockTicks();
  }
  return kinds;
}
