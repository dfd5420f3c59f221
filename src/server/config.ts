/** Runtime configuration from the environment (README "Configuration"). */
import path from 'node:path'
import { DELAYED_NOTIFICATION_S } from '../shared/constants'
import { SCRYPT_PARAMS, type ScryptParams } from './security/password'

export interface Config {
  port: number
  host: string
  /** DATABASE_URL parsed once: everything that opens, names or sits beside the database reads this. */
  database: DatabaseConfig
  /** Username of the first administrator (issue 13: not always the guessable `admin`). */
  adminUser: string
  /** Password of the first administrator; generated and printed once when unset. */
  adminPassword: string | undefined
  /** Where the built UI lives (vite build output). */
  distDir: string
  /** VIGIL_SECRET_KEY (32 bytes); unset: a key file beside the SQLite database (security/secrets.ts). */
  secretKey: Buffer | undefined
  /** VIGIL_SECRET_KEY_PREVIOUS: opens values sealed before a key rotation. */
  previousSecretKey: Buffer | undefined
  maintenance: boolean
  maintenanceMessage: string
  /** Whether the engine runs active checks (tests may start a server without them). */
  engine: boolean
  /**
   * Issue 20 (VIGIL_ROLE): `all` serves the API and feed and checks hosts; `api` only serves (passive results
   * included); `engine` only checks and listens on no port. Several processes need PostgreSQL.
   */
  role: Role
  /** Issue 20 (VIGIL_LEASE_S): how long an engine process's hosts stay its own without renewal, seconds. */
  leaseS: number
  /** How passwords are hashed: OWASP's cost, or a lower N for tests (VIGIL_SCRYPT_N with NODE_ENV=test). */
  scrypt: ScryptParams
  /** Whether the first start adds the local hosts (localhost, Vigil itself, DNS). */
  localHosts: boolean
  logLevel: string
  /** Where notifications are POSTed (VIGIL_NOTIFY_WEBHOOK); none: no notifications are sent. */
  notifyWebhook: string | undefined
  /** Seconds a delayed-notifications/standby host's notification waits (SPEC §9: 10 minutes). */
  notifyDelayS: number
  /** Issue 20: a probe silent this many seconds is dead (VIGIL_PROBE_DEAD_S, default 90) */
  probeDeadS: number
  /** Issue 20: how often silent probes are looked for, in ms (VIGIL_PROBE_SWEEP_MS, default 15000) */
  probeSweepMs: number
  /** Issue 13: where `command` checks find their plugins (VIGIL_PLUGIN_DIRS, colon-separated absolute paths). */
  pluginDirs: string[]
  /** Issue 13: the OS user plugins run as when the server runs as root (VIGIL_PLUGIN_USER). */
  pluginUser: string
  /** Issue 16: where links in mails and the cloud login's redirect point (VIGIL_PUBLIC_URL); unset: the listen address. */
  publicUrl: string | undefined
  /** Issue 16: outgoing mail (VIGIL_SMTP_*); undefined: messages go to the server log (integrations/mail.ts). */
  smtp: SmtpConfig | undefined
  /** Sender of every mail (VIGIL_MAIL_FROM). */
  mailFrom: string
  /** Issue 16: the cloud directory login (OpenID Connect, VIGIL_OIDC_*); undefined: not offered (`feature_disabled`). */
  oidc: OidcConfig | undefined
  /**
   * Issue 16 (SPEC §3 User): VIGIL_AVATAR_URL, an http(s) address with `{hash}` (the SHA-256 of the lowercased
   * username), e.g. https://gravatar.com/avatar/{hash}?d=404. Unset (the default, for closed networks): initials.
   */
  avatarUrl: string | undefined
  /** Issue 16 hardware keys: the relying party id (VIGIL_WEBAUTHN_RP_ID, a host name); unset: the origin's host. */
  webauthnRpId: string | undefined
  /** VIGIL_WEBAUTHN_ORIGIN, the address keys sign for; unset: VIGIL_PUBLIC_URL, else the address the browser used. */
  webauthnOrigin: string | undefined
  /** SPEC §1 "Support contact for login problems is {email}" (VIGIL_SUPPORT_CONTACT); unset: "your administrator". */
  supportContact: string | undefined
  /** Issue 20: where perfdata also goes by Prometheus remote write (VIGIL_REMOTE_WRITE_*); undefined: nowhere. */
  remoteWrite: RemoteWriteConfig | undefined
}

/** A Prometheus remote-write receiver (Prometheus, Mimir, Thanos Receive, VictoriaMetrics) and how to authenticate. */
export interface RemoteWriteConfig {
  url: string
  /** HTTP basic authentication or a bearer token, as the receiver wants (or neither) */
  auth: { kind: 'basic'; username: string; password: string } | { kind: 'bearer'; token: string } | undefined
}

/** An SMTP server: a URL (`smtp://user:password@host:587`, `smtps://…`) or its parts; TLS options beside either. */
export interface SmtpConfig {
  url: string | undefined
  host: string | undefined
  port: number
  /** implicit TLS from the first byte (port 465); otherwise STARTTLS when the server offers it */
  secure: boolean
  user: string | undefined
  password: string | undefined
  /** false accepts a server certificate that does not verify (a self-signed relay on the LAN) */
  tlsRejectUnauthorized: boolean
}

export interface OidcConfig {
  issuer: string
  clientId: string
  clientSecret: string
}

export const ROLES = ['all', 'api', 'engine'] as const
export type Role = (typeof ROLES)[number]

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string }

/**
 * `postgres://…`/`postgresql://…`, or SQLite: `sqlite:<file>`, `sqlite://<file>` or a plain path (made
 * absolute, so the key file lands beside it whatever the working directory); `:memory:` stays as it is.
 */
function parseDatabaseUrl(url: string): DatabaseConfig {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url }
  const file = url.replace(/^sqlite:(\/\/)?/, '')
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file) || !file) throw new Error(`DATABASE_URL must be a SQLite file or postgres://…, got ${url}`)
  return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) }
}

/** A 32-byte key written in base64 (`openssl rand -base64 32`); anything else stops the start. */
function parseSecretKey(name: string, value: string | undefined): Buffer | undefined {
  if (!value) return undefined
  // 32 bytes are 43 base64 characters and one '=' of padding.
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(value.trim())) {
    throw new Error(`${name} must be 32 bytes in base64 (e.g. the output of \`openssl rand -base64 32\`)`)
  }
  return Buffer.from(value.trim(), 'base64')
}

function parseSmtp(env: NodeJS.ProcessEnv): SmtpConfig | undefined {
  const url = env.VIGIL_SMTP_URL || undefined
  const host = env.VIGIL_SMTP_HOST || undefined
  if (!url && !host) return undefined
  if (url && !/^smtps?:\/\//.test(url)) throw new Error('VIGIL_SMTP_URL must be smtp://… or smtps://…')
  const secure = env.VIGIL_SMTP_SECURE === '1'
  const port = Number(env.VIGIL_SMTP_PORT || (secure ? 465 : 587))
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`VIGIL_SMTP_PORT must be a port number, got ${env.VIGIL_SMTP_PORT}`)
  return {
    url,
    host,
    port,
    secure,
    user: env.VIGIL_SMTP_USER || undefined,
    password: env.VIGIL_SMTP_PASSWORD || undefined,
    tlsRejectUnauthorized: env.VIGIL_SMTP_TLS_REJECT_UNAUTHORIZED !== '0',
  }
}

/** All three of issuer, client id and secret, or none: half a configuration stops the start instead of failing at login. */
function parseOidc(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const { VIGIL_OIDC_ISSUER: issuer, VIGIL_OIDC_CLIENT_ID: clientId, VIGIL_OIDC_CLIENT_SECRET: clientSecret } = env
  if (!issuer && !clientId && !clientSecret) return undefined
  if (!issuer || !clientId || !clientSecret)
    throw new Error('VIGIL_OIDC_ISSUER, VIGIL_OIDC_CLIENT_ID and VIGIL_OIDC_CLIENT_SECRET are set together or not at all')
  if (!/^https?:\/\//.test(issuer)) throw new Error('VIGIL_OIDC_ISSUER must be an http(s) URL')
  return { issuer, clientId, clientSecret }
}

/** An http(s) URL, with basic authentication (user and password) or a bearer token, never both. */
function parseRemoteWrite(env: NodeJS.ProcessEnv): RemoteWriteConfig | undefined {
  const {
    VIGIL_REMOTE_WRITE_URL: url,
    VIGIL_REMOTE_WRITE_USERNAME: username,
    VIGIL_REMOTE_WRITE_PASSWORD: password,
    VIGIL_REMOTE_WRITE_BEARER_TOKEN: token,
  } = env
  if (!url) {
    if (username || password || token)
      throw new Error('VIGIL_REMOTE_WRITE_USERNAME, _PASSWORD and _BEARER_TOKEN need VIGIL_REMOTE_WRITE_URL')
    return undefined
  }
  if (!/^https?:\/\/[^/]+/.test(url)) throw new Error('VIGIL_REMOTE_WRITE_URL must be an http(s) URL')
  if (token && (username || password))
    throw new Error('VIGIL_REMOTE_WRITE_BEARER_TOKEN and VIGIL_REMOTE_WRITE_USERNAME/_PASSWORD exclude each other')
  if (!username !== !password) throw new Error('VIGIL_REMOTE_WRITE_USERNAME and VIGIL_REMOTE_WRITE_PASSWORD are set together')
  const auth = token
    ? { kind: 'bearer' as const, token }
    : username && password
      ? { kind: 'basic' as const, username, password }
      : undefined
  return { url, auth }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`)
  if (env.VIGIL_NOTIFY_WEBHOOK && !/^https?:\/\//.test(env.VIGIL_NOTIFY_WEBHOOK))
    throw new Error('VIGIL_NOTIFY_WEBHOOK must be an http(s) URL')
  if (env.VIGIL_NOTIFY_DELAY_S && !(Number(env.VIGIL_NOTIFY_DELAY_S) >= 0))
    throw new Error(`VIGIL_NOTIFY_DELAY_S must be seconds, got ${env.VIGIL_NOTIFY_DELAY_S}`)
  for (const name of ['VIGIL_PROBE_DEAD_S', 'VIGIL_PROBE_SWEEP_MS'])
    if (env[name] && !(Number(env[name]) > 0)) throw new Error(`${name} must be a positive number, got ${env[name]}`)
  const pluginDirs = (env.VIGIL_PLUGIN_DIRS || '/usr/lib/nagios/plugins').split(':').filter(Boolean)
  if (!pluginDirs.every((d) => path.isAbsolute(d)))
    throw new Error(`VIGIL_PLUGIN_DIRS must be absolute paths separated by ":", got ${env.VIGIL_PLUGIN_DIRS}`)
  if (env.VIGIL_PUBLIC_URL && !/^https?:\/\/[^/]+/.test(env.VIGIL_PUBLIC_URL)) throw new Error('VIGIL_PUBLIC_URL must be an http(s) URL')
  if (env.VIGIL_WEBAUTHN_ORIGIN && !/^https?:\/\/[^/]+$/.test(env.VIGIL_WEBAUTHN_ORIGIN.replace(/\/+$/, '')))
    throw new Error('VIGIL_WEBAUTHN_ORIGIN must be an http(s) origin, e.g. https://vigil.example.com')
  const adminUser = (env.VIGIL_ADMIN_USER || 'admin').trim()
  if (!adminUser || adminUser.length > 254) throw new Error('VIGIL_ADMIN_USER must be a username of 1 to 254 characters')
  const database = parseDatabaseUrl(env.DATABASE_URL ?? path.join('data', 'vigil.db'))
  const secretKey = parseSecretKey('VIGIL_SECRET_KEY', env.VIGIL_SECRET_KEY)
  // Processes sharing one PostgreSQL database must seal with one key; a key file per machine would differ.
  if (database.kind === 'postgres' && !secretKey)
    throw new Error('VIGIL_SECRET_KEY is required with PostgreSQL (every process must use the same key)')
  const role = (env.VIGIL_ROLE || 'all') as Role
  if (!ROLES.includes(role)) throw new Error(`VIGIL_ROLE must be one of ${ROLES.join(', ')}, got ${env.VIGIL_ROLE}`)
  // One process on SQLite: an API without checks or checks without an API would be half a Vigil.
  if (database.kind === 'sqlite' && role !== 'all') throw new Error('VIGIL_ROLE=api and VIGIL_ROLE=engine need PostgreSQL')
  const leaseS = Number(env.VIGIL_LEASE_S || 30)
  if (!Number.isInteger(leaseS) || leaseS < 1 || leaseS > 600)
    throw new Error(`VIGIL_LEASE_S must be 1 to 600 seconds, got ${env.VIGIL_LEASE_S}`)
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    scrypt: parseScrypt(env),
    database,
    adminUser,
    adminPassword: env.VIGIL_ADMIN_PASSWORD || undefined,
    distDir: path.resolve(env.VIGIL_DIST_DIR ?? 'dist'),
    secretKey,
    previousSecretKey: parseSecretKey('VIGIL_SECRET_KEY_PREVIOUS', env.VIGIL_SECRET_KEY_PREVIOUS),
    maintenance: env.VIGIL_MAINTENANCE === '1',
    maintenanceMessage: env.VIGIL_MAINTENANCE_MESSAGE ?? '',
    engine: env.VIGIL_ENGINE !== '0',
    role,
    leaseS,
    localHosts: env.VIGIL_LOCAL_HOSTS !== '0',
    logLevel: env.LOG_LEVEL ?? 'warn',
    notifyWebhook: env.VIGIL_NOTIFY_WEBHOOK || undefined,
    notifyDelayS: env.VIGIL_NOTIFY_DELAY_S ? Number(env.VIGIL_NOTIFY_DELAY_S) : DELAYED_NOTIFICATION_S,
    probeDeadS: Number(env.VIGIL_PROBE_DEAD_S || 90),
    probeSweepMs: Number(env.VIGIL_PROBE_SWEEP_MS || 15_000),
    pluginDirs,
    pluginUser: env.VIGIL_PLUGIN_USER || 'nobody',
    publicUrl: env.VIGIL_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    smtp: parseSmtp(env),
    mailFrom: env.VIGIL_MAIL_FROM || 'Vigil <vigil@localhost>',
    oidc: parseOidc(env),
    avatarUrl: parseAvatarUrl(env.VIGIL_AVATAR_URL),
    webauthnRpId: env.VIGIL_WEBAUTHN_RP_ID || undefined,
    webauthnOrigin: env.VIGIL_WEBAUTHN_ORIGIN?.replace(/\/+$/, '') || undefined,
    supportContact: env.VIGIL_SUPPORT_CONTACT?.trim().slice(0, 200) || undefined,
    remoteWrite: parseRemoteWrite(env),
  }
}

/**
 * VIGIL_SCRYPT_N: scrypt's N for password hashes. Below OWASP's cost only under NODE_ENV=test, where every
 * server start, user and login would otherwise spend half a second of CPU hashing. A hash made at a lower cost
 * is rehashed at the user's next login by any process at OWASP's cost (password.ts needsRehash).
 */
function parseScrypt(env: NodeJS.ProcessEnv): ScryptParams {
  if (!env.VIGIL_SCRYPT_N) return SCRYPT_PARAMS
  const N = Number(env.VIGIL_SCRYPT_N)
  const powerOfTwo = Number.isInteger(N) && N >= 1024 && N <= SCRYPT_PARAMS.N && (N & (N - 1)) === 0
  if (!powerOfTwo) throw new Error(`VIGIL_SCRYPT_N must be a power of two from 1024 to ${SCRYPT_PARAMS.N}, got ${env.VIGIL_SCRYPT_N}`)
  if (N < SCRYPT_PARAMS.N && env.NODE_ENV !== 'test')
    throw new Error(`VIGIL_SCRYPT_N below ${SCRYPT_PARAMS.N} is for tests only (NODE_ENV=test)`)
  return { ...SCRYPT_PARAMS, N }
}

function parseAvatarUrl(value: string | undefined): string | undefined {
  if (!value) return undefined
  if (!/^https?:\/\/[^/?#]+/.test(value) || !value.includes('{hash}'))
    throw new Error(`VIGIL_AVATAR_URL must be an http(s) URL containing {hash}, got ${value}`)
  return value
}
