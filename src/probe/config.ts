/** Issue 20: the probe's configuration, from its environment (README "Probes"). */
export interface ProbeConfig {
  /** the central server's URL, e.g. https://vigil.example.com (VIGIL_PROBE_SERVER) */
  serverUrl: string
  /** the probe token shown once when a server admin created the probe (VIGIL_PROBE_TOKEN) */
  token: string
  /** the SQLite file that keeps results while the link is down (VIGIL_PROBE_BUFFER) */
  bufferFile: string
  /** how often the probe fetches its checks and reports itself, ms (VIGIL_PROBE_SYNC_MS) */
  syncMs: number
  /** how often buffered results are sent, ms (VIGIL_PROBE_SEND_MS) */
  sendMs: number
  /** the longest wait between attempts while the link is down, ms (VIGIL_PROBE_MAX_BACKOFF_MS) */
  maxBackOffMs: number
  /** check worker threads; 0 runs checks in the main thread (VIGIL_PROBE_WORKERS) */
  workers: number
  logLevel: string
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number) {
  const v = env[name] ? Number(env[name]) : fallback
  if (!(v >= 0) || !Number.isFinite(v)) throw new Error(`${name} must be a number, got ${env[name]}`)
  return v
}

export function loadProbeConfig(env: NodeJS.ProcessEnv): ProbeConfig {
  const serverUrl = env.VIGIL_PROBE_SERVER ?? ''
  if (!/^https?:\/\/[^/]+/.test(serverUrl)) throw new Error('VIGIL_PROBE_SERVER must be the central server’s http(s) URL')
  if (!env.VIGIL_PROBE_TOKEN) throw new Error('VIGIL_PROBE_TOKEN must be the probe token shown when the probe was created')
  return {
    serverUrl,
    token: env.VIGIL_PROBE_TOKEN,
    bufferFile: env.VIGIL_PROBE_BUFFER || 'probe-buffer.db',
    syncMs: positive(env, 'VIGIL_PROBE_SYNC_MS', 15_000),
    sendMs: positive(env, 'VIGIL_PROBE_SEND_MS', 2_000),
    maxBackOffMs: positive(env, 'VIGIL_PROBE_MAX_BACKOFF_MS', 60_000),
    workers: positive(env, 'VIGIL_PROBE_WORKERS', 1),
    logLevel: env.LOG_LEVEL ?? 'info',
  }
}
