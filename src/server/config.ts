/** Runtime configuration from the environment (README "Configuration"). */
import path from 'node:path'

export interface Config {
  port: number
  host: string
  /** `sqlite:<file>` / a file path, or `postgres://…`. */
  databaseUrl: string
  /** Password of the first user `admin`; generated and printed once when unset. */
  adminPassword: string | undefined
  /** Where the built UI lives (vite build output). */
  distDir: string
  /** Key that encrypts secrets at rest; derived from a file under ./data when unset. */
  secretKey: string | undefined
  maintenance: boolean
  maintenanceMessage: string
  /** Whether the engine runs active checks (tests may start a server without them). */
  engine: boolean
  /** Whether the first start adds the local hosts (localhost, Vigil itself, DNS). */
  localHosts: boolean
  logLevel: string
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`)
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL ?? path.resolve('data', 'vigil.db'),
    adminPassword: env.VIGIL_ADMIN_PASSWORD || undefined,
    distDir: path.resolve(env.VIGIL_DIST_DIR ?? 'dist'),
    secretKey: env.VIGIL_SECRET_KEY || undefined,
    maintenance: env.VIGIL_MAINTENANCE === '1',
    maintenanceMessage: env.VIGIL_MAINTENANCE_MESSAGE ?? '',
    engine: env.VIGIL_ENGINE !== '0',
    localHosts: env.VIGIL_LOCAL_HOSTS !== '0',
    logLevel: env.LOG_LEVEL ?? 'warn',
  }
}
