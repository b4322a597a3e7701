/**
 * What the machine's processes do during a benchmark (Linux, from /proc): the API's own processes, and
 * how the machine's CPU time divides between the API, PostgreSQL and the load generator.
 */
import fs from 'node:fs';
import os from 'node:os';

/** A process and its descendants (the API's own processes when WEB_CONCURRENCY is above 1). */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    for (const task of fs.readdirSync(`/proc/${out[i]}/task`)) {
      try {
        const kids = fs.readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').trim();
        if (kids) out.push(...kids.split(/\s+/).map(Number));
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return out;
}

/** CPU time (user + system, clock ticks) that a process has used, all its threads; 0 once it is gone. */
function ticksOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; the fields after it are space-separated.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function pidsNamed(name: string): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) out.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/** Busy and total ticks of the whole machine, all cores. */
function machineTicks(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const n = line.trim().split(/\s+/).slice(1).map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  const idle = n[3]! + (n[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}

export interface CpuUse {
  /** Cores busy on the whole machine, on average (2 = both of two cores all the time). */
  machine: number;
  api: number;
  postgres: number;
  /** The benchmark's own process: the load generator runs in it. */
  generator: number;
}

/**
 * Starts counting; the function it returns stops and gives each part's average use in cores.
 * Processes that start meanwhile are counted from their start (PostgreSQL's backends come and go).
 */
export function countCpu(apiPid: number): () => CpuUse {
  const hz = 100; // USER_HZ on Linux
  const started = process.hrtime.bigint();
  const m0 = machineTicks();
  const seen = new Map<number, { group: 'api' | 'postgres'; from: number; to: number }>();
  const sample = () => {
    const api = new Set(processTree(apiPid));
    for (const [group, pids] of [
      ['api', api],
      ['postgres', pidsNamed('postgres')],
    ] as const) {
      for (const pid of pids) {
        const t = ticksOf(pid);
        const s = seen.get(pid);
        if (s) s.to = Math.max(s.to, t);
        else seen.set(pid, { group, from: t, to: t });
      }
    }
  };
  sample();
  const g0 = process.cpuUsage();
  // Short-lived processes are caught by sampling often; each one's ticks before its first sample are missed.
  const timer = setInterval(sample, 200);
  return () => {
    clearInterval(timer);
    sample();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const m1 = machineTicks();
    const g = process.cpuUsage(g0);
    const sum = (group: string) =>
      [...seen.values()].filter((s) => s.group === group).reduce((a, s) => a + s.to - s.from, 0) / hz;
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      machine: round(((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * os.availableParallelism()),
      api: round(sum('api') / seconds),
      postgres: round(sum('postgres') / seconds),
      generator: round((g.user + g.system) / 1e6 / seconds),
    };
  };
}
