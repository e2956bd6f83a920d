import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { serverPackageRoot } from '../lib/package-root.js';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** Every environment variable the server reads; docs/operations.md lists the same set. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: positiveInt.max(200).default(10),
    /**
     * New orders: how many batch statements one process may have in flight at once (issue 22). Unset: 2 on PostgreSQL,
     * where they queue on one pipelining connection, 1 on PGlite.
     */
    ORDER_BATCHES_IN_FLIGHT: positiveInt.max(64).optional(),
    REDIS_URL: z
      .string()
      .refine((v) => URL.canParse(v) && /^rediss?:\/\/[^/?#]/.test(v), 'must be a URL like redis://host:6379 or rediss://user:password@host:6380/0')
      .optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . or -')
      .default('tradewind'),
    LEADER_CHECK_MS: positiveInt.min(100).max(60_000).default(2000),
    LEADER_LOCK_KEY: z.coerce.number().int().min(1).max(2_147_483_647).default(7_246_100),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
    TRUST_PROXY: flag.default(false),
    /** Strict-Transport-Security max-age, sent behind TRUST_PROXY or on https; 0 sends none. */
    HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(63_072_000).default(31_536_000),
    /** Extra origins the app may connect to (an API or quote-feed host), space- or comma-separated; its own origin is always allowed. */
    CSP_CONNECT_SOURCES: z
      .string()
      .default('')
      .transform((v) => v.split(/[\s,]+/).filter(Boolean))
      .refine((list) => list.every((s) => /^(https|wss):\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(s)), 'must be https:// or wss:// origins such as wss://feed.example.com'),
    WEB_DIST: z.string().min(1).optional(),
    UPLOAD_DIR: z.string().min(1).optional(),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
    MAIL_FROM: z.string().min(3).default('Tradewind <no-reply@tradewind.local>'),
    MAIL_LOG_ONLY: flag.default(false),
    MAIL_MAX_ATTEMPTS: positiveInt.max(100).default(10),
    MAIL_RETRY_SECONDS: positiveInt.max(3600).default(10),
    ADMIN_EMAIL: z.string().regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(6).max(20).optional(),
    SESSION_TTL_HOURS: positiveInt.max(24 * 365).default(24 * 30),
    EMAIL_CODE_TTL_MINUTES: positiveInt.max(60).default(10),
    EMAIL_CODE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    EMAIL_CODE_PER_ADDRESS_PER_HOUR: positiveInt.default(10),
    EMAIL_CODE_PER_IP_PER_HOUR: positiveInt.default(30),
    EMAIL_CODE_MAX_ATTEMPTS: positiveInt.max(20).default(5),
    LOGIN_MAX_FAILURES: positiveInt.max(100).default(5),
    LOGIN_LOCK_MINUTES: positiveInt.max(24 * 60).default(15),
    LOGIN_PER_IP_PER_MINUTE: positiveInt.default(30),
    /** Wrong passwords for one address from all IPs together within LOGIN_LOCK_MINUTES before only known devices may try. */
    LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt.max(10_000).default(50),
    PAY_PASSWORD_MAX_FAILURES: positiveInt.max(100).default(5),
    PAY_PASSWORD_LOCK_MINUTES: positiveInt.max(24 * 60).default(30),
    PAY_PASSWORD_PER_USER_PER_MINUTE: positiveInt.max(1000).default(10),
    /** Authenticator-code attempts per user per minute (sign-in step, disabling, withdrawals). */
    TOTP_ATTEMPTS_PER_USER_PER_MINUTE: positiveInt.max(1000).default(5),
    /** When true, the back office answers admins 403 until they have two-factor sign-in on. */
    ADMIN_REQUIRE_TOTP: flag.default(false),
    ORDER_PER_USER_PER_MINUTE: positiveInt.max(100_000).default(60),
    UPLOAD_PER_USER_PER_MINUTE: positiveInt.max(10_000).default(20),
    BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
    WS_HEARTBEAT_SECONDS: positiveInt.max(300).default(25),
    SHUTDOWN_TIMEOUT_SECONDS: positiveInt.max(300).default(10),
    WS_MAX_BUFFERED_BYTES: positiveInt.default(1024 * 1024),
    WS_MESSAGES_PER_MINUTE: positiveInt.max(100_000).default(120),
    /** How often each process asks the database whether its open sockets' sessions still sign in. */
    WS_SESSION_RECHECK_SECONDS: positiveInt.max(3600).default(60),
    TRANSFER_SETTLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
    LEVERAGE_MAX_STOCK: positiveInt.max(100).default(10),
    LEVERAGE_MAX_INDEX: positiveInt.max(200).default(20),
    LEVERAGE_MAX_FUTURES: positiveInt.max(200).default(20),
    LEVERAGE_MAX_FOREX: positiveInt.max(500).default(100),
    LEVERAGE_MAX_TW: positiveInt.max(10).default(1),
    LIQUIDATION_MARGIN_RATIO: z.coerce.number().min(0).max(1).default(0.2),
    // Margin ratio (percent, 100 = liquidation) from which a position gets its near-liquidation notice.
    NEAR_LIQUIDATION_MARGIN_RATIO: z.coerce.number().gt(0).lt(100).default(80),
    TRADING_AUTO_APPROVE: flag.default(true),
    MARKET_PROVIDER: z.enum(['simulator', 'csv', 'finnhub', 'none']).default('simulator'),
    MARKET_SEED: z.string().min(1).max(100).default('tradewind'),
    MARKET_ALWAYS_OPEN: flag.default(true),
    // Tests only: an admin may move the app clock forward (POST /admin/appClock/advance); refused in production.
    APP_CLOCK_CONTROL: flag.default(false),
    MARKET_TICK_MS: positiveInt.min(10).max(60_000).default(100),
    MARKET_HISTORY_DAYS: positiveInt.max(3650).default(365),
    MARKET_HISTORY_SESSIONS: positiveInt.max(30).default(7),
    MARKET_FLUSH_SECONDS: positiveInt.max(3600).default(15),
    MARKET_SYMBOLS: z
      .string()
      .regex(/^[A-Za-z0-9.^=-]+(,[A-Za-z0-9.^=-]+)*$/, 'must be a comma-separated list of codes')
      .optional(),
    MARKET_CSV_FILE: z.string().min(1).optional(),
    MARKET_CSV_SPEED: z.coerce.number().positive().max(100_000).default(1),
    MARKET_CSV_LOOP: flag.default(true),
    FINNHUB_TOKEN: z.string().min(1).optional(),
    FINNHUB_URL: z.string().regex(/^wss?:\/\//, 'must start with ws:// or wss://').default('wss://ws.finnhub.io'),
    MARKET_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),
  })
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  // A position opens at a margin ratio of LIQUIDATION_MARGIN_RATIO × 100: a threshold at or below it would warn every new position.
  .refine((env) => env.NEAR_LIQUIDATION_MARGIN_RATIO > env.LIQUIDATION_MARGIN_RATIO * 100, {
    message: 'must be above LIQUIDATION_MARGIN_RATIO × 100 (the margin ratio of a new position)',
    path: ['NEAR_LIQUIDATION_MARGIN_RATIO'],
  })
  // A production server without SMTP would silently keep every code in its log and the back office.
  .refine((env) => env.NODE_ENV !== 'production' || env.SMTP_URL !== undefined || env.MAIL_LOG_ONLY, {
    message: 'is required when NODE_ENV is production (or set MAIL_LOG_ONLY=true to deliver codes only to the outbox and the log)',
    path: ['SMTP_URL'],
  })
  .refine((env) => env.NODE_ENV !== 'production' || !env.APP_CLOCK_CONTROL, {
    message: 'may not be set when NODE_ENV is production (it lets an admin move the server\'s clock)',
    path: ['APP_CLOCK_CONTROL'],
  })
  .refine((env) => env.MARKET_PROVIDER !== 'csv' || env.MARKET_CSV_FILE !== undefined, {
    message: 'MARKET_CSV_FILE is required when MARKET_PROVIDER is csv',
    path: ['MARKET_CSV_FILE'],
  })
  .refine((env) => env.MARKET_PROVIDER !== 'finnhub' || env.FINNHUB_TOKEN !== undefined, {
    message: 'FINNHUB_TOKEN is required when MARKET_PROVIDER is finnhub',
    path: ['FINNHUB_TOKEN'],
  });

export type Config = z.infer<typeof envSchema> & { dataDir: string; webDist: string; uploadDir: string };

export class ConfigError extends Error {}

/** Reads and validates configuration; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      return `  ${name}: ${issue.message}${name in present ? ` (${shownValue(name, String(present[name]))})` : ''}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const inMemory = config.DATA_DIR.startsWith('memory://');
  const dataDir = inMemory ? config.DATA_DIR : path.resolve(cwd, config.DATA_DIR);
  // An in-memory database keeps its uploads in a private temporary directory of this process.
  const defaultUploads = inMemory ? path.join(os.tmpdir(), `tradewind-uploads-${process.pid}-${randomBytes(4).toString('hex')}`) : path.join(dataDir, 'uploads');
  return {
    ...config,
    dataDir,
    webDist: path.resolve(cwd, config.WEB_DIST ?? defaultWebDist()),
    uploadDir: config.UPLOAD_DIR ? path.resolve(cwd, config.UPLOAD_DIR) : defaultUploads,
  };
}

/**
 * A variable that may hold a credential (a password, a token, a key, or a URL that can carry one, by
 * the name's ending: PAY_PASSWORD_PER_USER_PER_MINUTE is a number) is never echoed back: start-up
 * errors end up in logs that more people read than the secret's owner.
 */
const secretName = /(PASSWORD|TOKEN|SECRET|_KEY|_URL)$/;

function shownValue(name: string, value: string): string {
  return secretName.test(name) ? 'value hidden: it may hold a secret' : `got "${value}"`;
}

const knownNames: readonly string[] = Object.keys(envSchema.shape);

/**
 * Warnings for variables that look like a misspelling of one the server reads (one edit or one swap of
 * neighbours away, or the same in other letter case): such a variable is otherwise silently ignored.
 */
export function configWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = [];
  for (const name of Object.keys(env)) {
    if (knownNames.includes(name) || name.length < 4) continue;
    const near = knownNames.find((known) => known.toUpperCase() === name.toUpperCase() || editDistanceAtMostOne(known, name));
    if (near) warnings.push(`${name} is not a setting the server reads; did you mean ${near}?`);
  }
  return warnings;
}

/** True when `a` becomes `b` by one insertion, deletion, substitution or swap of two neighbouring letters. */
function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function defaultWebDist(): string {
  return path.resolve(serverPackageRoot(), '../web/dist');
}
