import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseProxyList } from './http/client-address';

/** Runtime configuration, read from the environment (issue: PORT, DATA_DIR, DATABASE_URL, ...). */
export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; without it the embedded PGlite database lives in `dataDir/db`. */
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  /**
   * SMS_URL: the SMS provider's HTTP endpoint (kernel/outbox/sms.provider.ts); without it the outbox
   * row is the SMS (stays queued, read on the outbox page), as mail is without SMTP_URL.
   */
  smsUrl?: string;
  /**
   * Verification codes sent per number or address (`perTarget`) and per client address
   * (`perAddress`) in the sign-in limiter's window, shared through Redis when REDIS_URL is set.
   */
  codeLimit: { perTarget: number; perAddress: number };
  jwtSecret: string;
  /** Public URL of the app, used in mailed links. */
  publicUrl: string;
  /** Access-token life in seconds. */
  tokenTtl: number;
  /** Refresh-token life in seconds. */
  refreshTtl: number;
  /** Build id of the running server; the browser compares it with the one it was loaded with. */
  buildId: string;
  /** Seed the demo tenants on first start. */
  seedDemo: boolean;
  /** Password rule for new passwords: the spec's `pwd` by default, `pwdstrong` where configured. */
  passwordRule: 'pwd' | 'pwdstrong';
  /** Argon2id cost; tests may lower it, production keeps the minimum (19 MiB, 2 passes). */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  /** Failed sign-ins allowed per account and per address in the window before a lockout. */
  loginLimit: { perAccount: number; perAddress: number; windowSeconds: number };
  logLevel: string;
  /**
   * Which peers may name the client's address in `X-Forwarded-For`: false (the default) trusts no
   * one, so the socket's address is the client's; a list of proxy addresses or CIDR ranges trusts
   * those, and the header only as far as they wrote it (http/client-address.ts). No hop count: it
   * would trust whoever connects first.
   */
  trustProxy: false | string[];
  /**
   * Hosts (`host` or `host:port`) the platform operator allows as workplace-chat endpoints besides the
   * vendors' own (WeCom, DingTalk); empty by default.
   */
  thirdpartyAllowedHosts: string[];
  /**
   * Out-api pushes (issue 35, services/gateway): `allowLoopback` (PUSH_ALLOW_LOOPBACK=1, tests and
   * development only) lets an endpoint be plain http on a loopback host; `retryBaseMs`
   * (PUSH_RETRY_BASE_MS, default 30 s) is the first wait of the exponential backoff.
   */
  push: { allowLoopback: boolean; retryBaseMs: number };
};

const listOf = (v: string | undefined): string[] => (v ?? '').split(',').map((x) => x.trim()).filter(Boolean);

/** TRUST_PROXY: unset, `0`, `false` or `off` trusts no proxy; else a comma-separated list of proxy addresses or CIDRs, each checked here. */
export function trustProxyOf(v: string | undefined): AppConfig['trustProxy'] {
  const value = (v ?? '').trim();
  if (!value || ['0', 'false', 'off', 'no'].includes(value.toLowerCase())) return false;
  // Trusting every peer (or every nth hop) is what let any client name its own address: refuse it.
  if (['true', 'on', 'yes', '*'].includes(value.toLowerCase()) || /^\d+$/.test(value)) throw new Error(`TRUST_PROXY names the proxies to trust (addresses or CIDR ranges, comma-separated), not "${value}"`);
  const list = listOf(value);
  try {
    parseProxyList(list);
  } catch (e) {
    throw new Error(`TRUST_PROXY names the proxies to trust (addresses or CIDR ranges, comma-separated): ${(e as Error).message}`);
  }
  return list;
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Where the built browser app is served from: `dist/client`, or `CLIENT_DIR` (a second build beside
 * the first, e.g. `vite build --outDir ../../dist-b` and `CLIENT_DIR=dist-b`).
 */
export function clientDirOf(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.CLIENT_DIR || 'dist/client');
}

function buildIdOf(): string {
  const file = resolve(clientDirOf(), 'build-id.txt');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  return process.env.BUILD_ID ?? 'dev';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  const config: AppConfig = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    smsUrl: env.SMS_URL || undefined,
    codeLimit: { perTarget: Number(env.CODE_LIMIT_PER_TARGET) > 0 ? Number(env.CODE_LIMIT_PER_TARGET) : 10, perAddress: Number(env.CODE_LIMIT_PER_ADDRESS) > 0 ? Number(env.CODE_LIMIT_PER_ADDRESS) : 20 },
    jwtSecret: env.JWT_SECRET || overrides.jwtSecret || readOrCreateSecret(dataDir),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    tokenTtl: Number(env.TOKEN_TTL ?? 7200),
    refreshTtl: Number(env.REFRESH_TTL ?? 7 * 24 * 3600),
    buildId: buildIdOf(),
    seedDemo: env.SEED_DEMO !== '0',
    passwordRule: env.PASSWORD_RULE === 'pwdstrong' ? 'pwdstrong' : 'pwd',
    argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    loginLimit: { perAccount: 5, perAddress: 20, windowSeconds: 900 },
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    thirdpartyAllowedHosts: listOf(env.THIRDPARTY_ALLOWED_HOSTS).map((h) => h.toLowerCase()),
    push: { allowLoopback: env.PUSH_ALLOW_LOOPBACK === '1', retryBaseMs: Number(env.PUSH_RETRY_BASE_MS) > 0 ? Number(env.PUSH_RETRY_BASE_MS) : 30_000 },
  };
  return { ...config, ...overrides };
}
