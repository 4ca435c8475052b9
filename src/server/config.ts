import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { createSecureContext } from 'node:tls';
import { join } from 'node:path';
import { z } from 'zod';

/** The sandbox's sandbox-only credentials, used when no partner URL is configured. */
export const SANDBOX_DEFAULT_TOKEN = 'sk_sandbox_demo_agency';
export const SANDBOX_DEFAULT_WEBHOOK_SECRET = `whsec_${Buffer.from('sandbox-demo-agency-webhook-signing-key').toString('base64')}`;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** HTTPS with HTTP/2 (and HTTP/1.1) on PORT: the certificate (PEM, with its chain) and its private key, both or neither. */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  PARTNER_API_BASE_URL: z.url().optional(),
  PARTNER_API_TOKEN: z.string().min(8).optional(),
  PARTNER_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be whsec_ followed by base64')
    .optional(),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** The absolute limit: a session ends this many hours after sign-in, however active the person is. */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  USERS_FILE: z.string().min(1).optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  PUBLIC_ORIGIN: z.url().optional(),
  /** Extra host names (comma-separated) the server answers to, besides loopback and PUBLIC_ORIGIN's. */
  ALLOWED_HOSTS: z.string().optional(),
  /** Behind a reverse proxy: true, or the proxies' addresses or CIDRs, comma-separated (X-Forwarded-For is then trusted). */
  TRUST_PROXY: z.string().optional(),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /** PostgreSQL shared by the replicas (postgres://user:password@host:5432/db); unset: SQLite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL (leave it unset for SQLite in DATA_DIR)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().min(1).default('./dist'),
  /** The day of the month by which the agency wants every due month declared (the round, the reminders). */
  DECLARATION_DAY: z.coerce.number().int().min(1).max(28).default(20),
  /** How long audit records are kept (claims are time-barred after three years). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(1095),
  /** Sign-in attempts allowed per client address and minute (brute-force protection). */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Bearer token that GET /metrics requires (Prometheus); unset: /metrics is off (404). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Load shedding: above this mean event-loop delay (ms) requests get 503 SERVER_BUSY with Retry-After. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** On SIGTERM/SIGINT: how long requests in flight may take to finish before the process exits anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Outgoing mail (invitations, password resets, reminders): smtp:// or smtps://user:password@host:port; unset: no mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL (leave it unset to send no mail)')
    .optional(),
  /** The From of the mails the dashboard sends. */
  MAIL_FROM: z.string().min(3).default('Partner dashboard <no-reply@localhost>'),
  /** The read model's sync: partner calls it may make per minute (its passes wait for them). */
  SYNC_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  /** A reconciliation pass (everything re-read from the partner) starts at most this often. */
  SYNC_PERIOD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  /**
   * With several replicas, one syncs: how long it holds that task unless it renews it (every third
   * of this). A replica that dies without letting go is replaced within this time.
   */
  SYNC_LEASE_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
  /** Single sign-on (OpenID Connect): the identity provider's issuer URL; unset: no single sign-on. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** What the sign-in button names ("Sign in with <name>"). */
  OIDC_PROVIDER_NAME: z.string().min(1).max(60).optional(),
  /** The ID token or userinfo claim holding the user's groups or role (a string or a list). */
  OIDC_ROLE_CLAIM: z.string().min(1).default('groups'),
  /** value:role pairs, comma-separated (e.g. dashboard-managers:manager,agents:staff). */
  OIDC_ROLE_MAP: z.string().optional(),
  /** The role given when the claim is missing or maps to none; unset: such a sign-in is refused. */
  OIDC_DEFAULT_ROLE: z.enum(['manager', 'staff', 'intermediary']).optional(),
  /** E-mail domains (comma-separated) whose people get an account at their first sign-on; unset: none. */
  OIDC_ALLOWED_DOMAINS: z.string().optional(),
  /** Tests only: allows an http:// issuer (never by default). */
  OIDC_ALLOW_INSECURE_ISSUER: z.enum(['true', 'false']).default('false'),
  /** off: no password sign-in (only single sign-on); needs OIDC_ISSUER. */
  LOCAL_PASSWORDS: z.enum(['on', 'off']).default('on'),
});
export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  mode: 'sandbox' | 'live';
  port: number;
  host: string;
  /** HTTPS with HTTP/2 and HTTP/1.1 on the same port (TLS_CERT_FILE, TLS_KEY_FILE); null: plain HTTP. */
  tls: TlsConfig | null;
  upstreamUrl: string;
  /** The partner API token: read only by upstream/. */
  partnerToken: string;
  webhookSecret: string;
  dataDir: string;
  /** PostgreSQL when set; SQLite in dataDir when null. */
  databaseUrl: string | null;
  sessionSecret: string;
  sessionIdleMs: number;
  /** A session ends this long after sign-in whatever happens (SESSION_MAX_HOURS). */
  sessionMaxMs: number;
  usersFile: string | null;
  upstreamTimeoutMs: number;
  publicOrigin: string | null;
  /** Host names (lower case, no port) the server answers to: loopback, PUBLIC_ORIGIN's, ALLOWED_HOSTS. */
  allowedHosts: string[];
  /** Fastify's trustProxy: whether, how many hops, or which proxies' X-Forwarded-For/-Proto/-Host are believed. */
  trustProxy: boolean | number | string[];
  cookieSecure: 'auto' | boolean;
  logLevel: Env['LOG_LEVEL'];
  staticDir: string;
  declarationDay: number;
  auditRetentionDays: number;
  loginRateLimitPerMinute: number;
  metricsToken: string | null;
  maxEventLoopDelayMs: number;
  shutdownGraceMs: number;
  /** null: no mail is sent (links are still shown to whoever creates them). */
  smtpUrl: string | null;
  mailFrom: string;
  syncCallsPerMinute: number;
  syncPeriodMs: number;
  syncLeaseMs: number;
  /** Single sign-on, or null when not configured. */
  sso: SsoConfig | null;
  /** false: password sign-in is off (LOCAL_PASSWORDS=off), single sign-on only. */
  localPasswords: boolean;
}

export interface TlsConfig {
  cert: Buffer;
  key: Buffer;
}

export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  providerName: string;
  roleClaim: string;
  /** Claim value → role. */
  roleMap: Map<string, Role>;
  defaultRole: Role | null;
  /** Lower-cased domains whose people are created at their first sign-on. */
  allowedDomains: string[];
  allowInsecure: boolean;
}

const ROLE_NAMES = ['manager', 'staff', 'intermediary'] as const;
type Role = (typeof ROLE_NAMES)[number];

/** OIDC_*: all three of issuer, client id and secret, or none; https unless the tests allow http. */
function parseSso(e: Env): SsoConfig | null {
  const given = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter((v) => v !== undefined).length;
  if (given === 0) return null;
  if (given < 3 || !e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET)
    throw new ConfigError('Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together (or none of them).');
  const allowInsecure = e.OIDC_ALLOW_INSECURE_ISSUER === 'true';
  const issuer = new URL(e.OIDC_ISSUER);
  if (issuer.protocol !== 'https:' && !allowInsecure)
    throw new ConfigError(`OIDC_ISSUER must be an https:// address (not ${issuer.protocol}//).`);
  const roleMap = new Map<string, Role>();
  for (const pair of (e.OIDC_ROLE_MAP ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.lastIndexOf(':');
    const role = pair.slice(at + 1).trim();
    if (at <= 0 || !(ROLE_NAMES as readonly string[]).includes(role))
      throw new ConfigError(`OIDC_ROLE_MAP: "${pair}" must be value:role, the role one of ${ROLE_NAMES.join(', ')}.`);
    roleMap.set(pair.slice(0, at).trim(), role as Role);
  }
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    providerName: e.OIDC_PROVIDER_NAME ?? issuer.hostname,
    roleClaim: e.OIDC_ROLE_CLAIM,
    roleMap,
    defaultRole: e.OIDC_DEFAULT_ROLE ?? null,
    allowedDomains: (e.OIDC_ALLOWED_DOMAINS ?? '')
      .split(',')
      .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
      .filter(Boolean),
    allowInsecure,
  };
}

export class ConfigError extends Error {}

/** TLS_CERT_FILE and TLS_KEY_FILE: both or neither, each a readable PEM file, the key the certificate's. */
function parseTls(e: Env): TlsConfig | null {
  if (e.TLS_CERT_FILE === undefined && e.TLS_KEY_FILE === undefined) return null;
  if (e.TLS_CERT_FILE === undefined || e.TLS_KEY_FILE === undefined)
    throw new ConfigError(
      'HTTPS needs TLS_CERT_FILE (the certificate) and TLS_KEY_FILE (its private key) together (or neither: plain HTTP).',
    );
  const read = (name: string, file: string, pem: RegExp) => {
    let text: Buffer;
    try {
      text = readFileSync(file);
    } catch (err) {
      throw new ConfigError(`${name} ${file} cannot be read (${err instanceof Error ? err.message : String(err)}).`);
    }
    if (!pem.test(text.toString('latin1'))) throw new ConfigError(`${name} ${file} is not a PEM file (-----BEGIN ...-----).`);
    return text;
  };
  const tls = {
    cert: read('TLS_CERT_FILE', e.TLS_CERT_FILE, /-----BEGIN CERTIFICATE-----/),
    key: read('TLS_KEY_FILE', e.TLS_KEY_FILE, /-----BEGIN [A-Z ]*PRIVATE KEY-----/),
  };
  try {
    createSecureContext(tls);
  } catch (err) {
    throw new ConfigError(
      `TLS_CERT_FILE and TLS_KEY_FILE are not a certificate and its private key (${err instanceof Error ? err.message : String(err)}).`,
    );
  }
  return tls;
}

/** Names a local process uses: always accepted (a DNS-rebinding page cannot send them as its Host). */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** An IPv4 or IPv6 address, optionally with a /prefix (CIDR). */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: false (default: X-Forwarded-* ignored), true (any peer), a number of hops (the
 * last N addresses of X-Forwarded-For are proxies), or the proxies' addresses and CIDRs,
 * comma-separated. Anything else stops the server with a message.
 */
function parseTrustProxy(v: string | undefined): boolean | number | string[] {
  const value = (v ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const wrong = entries.filter((e) => !isAddressOrCidr(e));
  if (wrong.length || !entries.length)
    throw new ConfigError(
      `Invalid configuration: TRUST_PROXY must be true, false, a number of proxy hops, or the proxies' addresses or CIDRs comma-separated (not ${wrong.join(', ') || 'empty'}).`,
    );
  return entries;
}

/** A sandbox-mode secret kept in DATA_DIR, so sessions survive a restart without configuration. */
function localSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** Validates the environment; a wrong or missing value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  const live = e.PARTNER_API_BASE_URL !== undefined;
  if (live) {
    const missing = [
      !e.PARTNER_API_TOKEN && 'PARTNER_API_TOKEN (the partner bearer token)',
      !e.PARTNER_WEBHOOK_SECRET && 'PARTNER_WEBHOOK_SECRET (the webhook signing secret, whsec_...)',
      !e.SESSION_SECRET && 'SESSION_SECRET (at least 32 random characters)',
      !e.USERS_FILE && 'USERS_FILE (create it with `npm run user:add`)',
      !e.PUBLIC_ORIGIN && 'PUBLIC_ORIGIN (the address users open, e.g. https://dashboard.example.fr: the CSRF and Host checks use it)',
    ].filter(Boolean);
    if (missing.length) throw new ConfigError(`Live mode (PARTNER_API_BASE_URL is set) needs: ${missing.join(', ')}.`);
    if (e.USERS_FILE && !existsSync(e.USERS_FILE))
      throw new ConfigError(`USERS_FILE ${e.USERS_FILE} does not exist: create users with \`npm run user:add\`.`);
  }
  const sso = parseSso(e);
  const tls = parseTls(e);
  if (e.LOCAL_PASSWORDS === 'off' && !sso)
    throw new ConfigError(
      'LOCAL_PASSWORDS=off needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET): nobody could sign in.',
    );
  return {
    mode: live ? 'live' : 'sandbox',
    port: e.PORT,
    host: e.HOST,
    tls,
    upstreamUrl: (e.PARTNER_API_BASE_URL ?? `http://127.0.0.1:${e.SANDBOX_PORT}`).replace(/\/+$/, ''),
    partnerToken: e.PARTNER_API_TOKEN ?? SANDBOX_DEFAULT_TOKEN,
    webhookSecret: e.PARTNER_WEBHOOK_SECRET ?? SANDBOX_DEFAULT_WEBHOOK_SECRET,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? null,
    sessionSecret: e.SESSION_SECRET ?? localSecret(e.DATA_DIR),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    usersFile: e.USERS_FILE ?? null,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : null,
    allowedHosts: [
      ...LOOPBACK_HOSTS,
      ...(e.PUBLIC_ORIGIN ? [new URL(e.PUBLIC_ORIGIN).hostname] : []),
      ...(e.ALLOWED_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ],
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR,
    declarationDay: e.DECLARATION_DAY,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    metricsToken: e.METRICS_TOKEN ?? null,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    syncCallsPerMinute: e.SYNC_CALLS_PER_MINUTE,
    syncPeriodMs: e.SYNC_PERIOD_MINUTES * 60_000,
    syncLeaseMs: e.SYNC_LEASE_SECONDS * 1000,
    sso,
    localPasswords: e.LOCAL_PASSWORDS === 'on',
  };
}
