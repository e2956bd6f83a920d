import { describe, expect, it } from 'vitest';
import { cpuBetween, parseMachineStat, parseProcStat, postgresTicks, type CpuSnapshot, type ProcStat } from './cpu.js';

describe('parseProcStat', () => {
  it('reads the fields after the command name, which may hold spaces and parentheses', () => {
    const line = '2191 (postgres: a (b)) S 1 2191 2191 0 -1 4194304 7840 640647 0 40 1 14 1115 561 20 0 1 0 3524 222445568 7400';
    expect(parseProcStat(line)).toEqual({ pid: 2191, comm: 'postgres: a (b)', ppid: 1, utime: 1, stime: 14, cutime: 1115, cstime: 561 });
  });

  it('refuses what is not a stat line', () => {
    expect(() => parseProcStat('hello')).toThrow('not a /proc/<pid>/stat line');
  });
});

describe('parseMachineStat', () => {
  it('adds up busy and total ticks of all cores (iowait counts as idle, guest is inside user)', () => {
    const text = 'cpu  100 5 50 800 40 3 2 1 7 0\ncpu0 50 2 25 400 20 1 1 0 0 0\n';
    expect(parseMachineStat(text)).toEqual({ busy: 161, total: 1001 });
  });
});

describe('postgresTicks', () => {
  const stat = (pid: number, ppid: number, comm: string, utime: number, cutime: number): ProcStat => ({ pid, ppid, comm, utime, stime: 1, cutime, cstime: 1 });

  it('counts live postgres processes and the postmaster’s exited children, nothing else', () => {
    const stats = [stat(10, 1, 'postgres', 5, 100), stat(11, 10, 'postgres', 20, 7), stat(12, 10, 'postgres', 30, 0), stat(13, 1, 'node', 999, 999)];
    // postmaster 5+1 + its exited children 100+1; backends 21 and 31 (their own children ignored)
    expect(postgresTicks(stats)).toBe(6 + 101 + 21 + 31);
  });
});

describe('cpuBetween', () => {
  it('turns two snapshots into cores used per party and leaves the rest to "other"', () => {
    const a: CpuSnapshot = { at: 0, machineBusy: 0, machineTotal: 0, postgresMs: 0, selfMs: 0, childrenMs: 0, serverMs: 0 };
    const b: CpuSnapshot = { at: 10_000, machineBusy: 1500, machineTotal: 2000, postgresMs: 5000, selfMs: 1000, childrenMs: 0, serverMs: 8000 };
    const use = cpuBetween(a, b, 2);
    expect(use.seconds).toBe(10);
    expect(use.machineBusy).toBe(0.75);
    expect(use.postgres).toBeCloseTo(0.5);
    expect(use.clients).toBeCloseTo(0.1);
    expect(use.server).toBeCloseTo(0.8);
    expect(use.other).toBeCloseTo(0.1);
  });
});
