import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports process CPU in clock ticks of 1/100 s (USER_HZ, 100 on every usual kernel). */
export const TICK_MS = 10;

export interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  /** CPU of the process itself, ticks. */
  utime: number;
  stime: number;
  /** CPU of its children that have exited and been waited for, ticks. */
  cutime: number;
  cstime: number;
}

/** Parses a `/proc/<pid>/stat` line; the command name may hold spaces and parentheses. */
export function parseProcStat(line: string): ProcStat {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc/<pid>/stat line: ${line.slice(0, 80)}`);
  const fields = line.slice(close + 2).trim().split(' ');
  const field = (index: number) => {
    const value = Number(fields[index]);
    if (!Number.isFinite(value)) throw new Error(`/proc stat field ${index + 3} is not a number in: ${line.slice(0, 80)}`);
    return value;
  };
  return {
    pid: Number(line.slice(0, open).trim()),
    comm: line.slice(open + 1, close),
    ppid: field(1),
    utime: field(11),
    stime: field(12),
    cutime: field(13),
    cstime: field(14),
  };
}

/** The first line of `/proc/stat`: ticks all cores spent busy and in all, since boot. */
export function parseMachineStat(text: string): { busy: number; total: number } {
  const line = text.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) throw new Error('/proc/stat has no "cpu " line');
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal [guest guest_nice, already inside user and nice]
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = values;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/**
 * CPU ticks of every PostgreSQL process so far, the exited ones included: live processes count
 * their own time, and the postmaster's children time holds the backends that have ended (each
 * connection is a backend process that exits when the connection closes).
 */
export function postgresTicks(stats: readonly ProcStat[]): number {
  const postgres = stats.filter((s) => s.comm === 'postgres');
  const pids = new Set(postgres.map((s) => s.pid));
  let ticks = 0;
  for (const s of postgres) {
    ticks += s.utime + s.stime;
    if (!pids.has(s.ppid)) ticks += s.cutime + s.cstime; // the postmaster
  }
  return ticks;
}

function readStat(pid: number | 'self'): ProcStat | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined; // gone, or not Linux
  }
}

/** CPU a process has used so far (user + system, every thread), ms; 0 once it is gone, or off Linux. */
export function processCpuMs(pid: number): number {
  const stat = readStat(pid);
  return stat ? (stat.utime + stat.stime) * TICK_MS : 0;
}

function allStats(): ProcStat[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const stats: ProcStat[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) stats.push(stat);
  }
  return stats;
}

export interface CpuSnapshot {
  at: number;
  /** All cores' busy and total ticks. */
  machineBusy: number;
  machineTotal: number;
  /** Every postgres process on the machine, in ms. */
  postgresMs: number;
  /** This process (the bench's HTTP clients), in ms. */
  selfMs: number;
  /** This process's exited children (pgbench runs, the server process once it has exited), in ms. */
  childrenMs: number;
  /** The server process, while it runs, in ms. */
  serverMs: number;
}

export function cpuSnapshot(serverPid?: number): CpuSnapshot {
  let machine = { busy: 0, total: 0 };
  try {
    machine = parseMachineStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    // not Linux: machine figures stay 0
  }
  const self = readStat('self');
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    machineBusy: machine.busy,
    machineTotal: machine.total,
    postgresMs: postgresTicks(allStats()) * TICK_MS,
    selfMs: (usage.user + usage.system) / 1000,
    childrenMs: self ? (self.cutime + self.cstime) * TICK_MS : 0,
    serverMs: serverPid === undefined ? 0 : processCpuMs(serverPid),
  };
}

export interface CpuUse {
  seconds: number;
  /** Share of all cores busy, 0-1, whatever used them. */
  machineBusy: number;
  /** Cores' worth of CPU used by each party over the interval (1 = one core all the time). */
  postgres: number;
  clients: number;
  server: number;
  children: number;
  /** Everything else on the machine (other jobs, the kernel's own threads): busy minus the parties. */
  other: number;
}

export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot, cores: number): CpuUse {
  const ms = b.at - a.at;
  const total = b.machineTotal - a.machineTotal;
  const machineBusy = total > 0 ? (b.machineBusy - a.machineBusy) / total : 0;
  const cores_ = (d: number) => (ms > 0 ? d / ms : 0);
  const use = {
    seconds: ms / 1000,
    machineBusy,
    postgres: cores_(b.postgresMs - a.postgresMs),
    clients: cores_(b.selfMs - a.selfMs),
    server: cores_(b.serverMs - a.serverMs),
    children: cores_(b.childrenMs - a.childrenMs),
  };
  return { ...use, other: Math.max(0, machineBusy * cores - use.postgres - use.clients - use.server - use.children) };
}
