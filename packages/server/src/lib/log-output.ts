/**
 * Where pino writes: one JSON object per line for log collectors, or pino-pretty's coloured lines for a
 * person at a terminal. `auto` (the default) picks pretty only when stdout is a TTY, so a container or a
 * process manager that captures stdout still gets JSON.
 */
export type LogFormat = 'auto' | 'json' | 'pretty';

export function usesPrettyLogs(format: LogFormat, stdoutIsTty: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && stdoutIsTty);
}

/** pino options to merge into the logger options: a pino-pretty transport, or nothing for JSON. */
export function logOutputOptions(format: LogFormat, stdoutIsTty = process.stdout.isTTY === true) {
  if (!usesPrettyLogs(format, stdoutIsTty)) return {};
  return {
    transport: {
      target: 'pino-pretty',
      options: { colorize: stdoutIsTty, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: false },
    },
  };
}
