export type Target = 'server' | 'bare';

/** One measured run: a route on the server or on the bare node:http server. */
export interface Run {
  route: string;
  target: Target;
  requestsPerSecond: number;
  /** The answering process's CPU (user + system, all its threads) over the run ÷ the requests answered, µs. */
  cpuMicrosPerRequest: number;
  /** The 1-minute load average when the run ended. */
  load1: number;
}

export interface RouteSummary {
  route: string;
  server: number[];
  bare: number[];
  /** Mean server req/s ÷ mean bare req/s. */
  ratio: number;
  /** Mean CPU µs per request of each, and bare's ÷ server's: the ratio's cost side, which the client's share of the machine does not move. */
  serverCpu: number;
  bareCpu: number;
  cpuRatio: number;
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Per route (in first-run order): every run's req/s of each target, and the ratio of their means. */
export function summarise(runs: readonly Run[]): RouteSummary[] {
  const routes = [...new Set(runs.map((r) => r.route))];
  return routes.map((route) => {
    const of = (target: Target) => runs.filter((r) => r.route === route && r.target === target);
    const server = of('server');
    const bare = of('bare');
    if (server.length === 0 || bare.length === 0) throw new Error(`route ${route} lacks a ${server.length === 0 ? 'server' : 'bare'} run`);
    const [serverRates, bareRates] = [server, bare].map((list) => list.map((r) => r.requestsPerSecond)) as [number[], number[]];
    const [serverCpu, bareCpu] = [server, bare].map((list) => mean(list.map((r) => r.cpuMicrosPerRequest))) as [number, number];
    return { route, server: serverRates, bare: bareRates, ratio: mean(serverRates) / mean(bareRates), serverCpu, bareCpu, cpuRatio: bareCpu / serverCpu };
  });
}

const rate = (value: number) => Math.round(value).toLocaleString('en-US');

/**
 * A Markdown table: route, every server and bare run, the ratio (the goal is ≥ 0.8), and each side's mean CPU
 * per request with bare's ÷ server's.
 */
export function formatTable(summaries: readonly RouteSummary[]): string {
  const lines = ['| route | server req/s | bare node:http req/s | ratio | CPU µs/request server, bare | CPU ratio |', '|---|--:|--:|--:|--:|--:|'];
  for (const s of summaries) {
    lines.push(`| ${s.route} | ${s.server.map(rate).join(', ')} | ${s.bare.map(rate).join(', ')} | ${s.ratio.toFixed(2)} | ${s.serverCpu.toFixed(1)}, ${s.bareCpu.toFixed(1)} | ${s.cpuRatio.toFixed(2)} |`);
  }
  return lines.join('\n');
}

/** What a load run must not have had for its figure to count: errors, timeouts or answers other than 2xx. */
export function refusal(result: { errors: number; timeouts: number; non2xx: number }, label: string): string | undefined {
  const problems = [
    result.errors > 0 && `${result.errors} errors`,
    result.timeouts > 0 && `${result.timeouts} timeouts`,
    result.non2xx > 0 && `${result.non2xx} non-2xx answers`,
  ].filter(Boolean);
  return problems.length > 0 ? `${label}: ${problems.join(', ')}` : undefined;
}
