/**
 * Issue 20: `npm run probe` — Vigil's engine in a customer's network. It fetches the checks of its
 * environments from the central server, runs them, keeps every result on disk until the server took it, and
 * keeps checking while the link is down (README "Probes").
 */
import pino from 'pino'
import { RELEASE } from '../shared/constants'
import { loadProbeConfig } from './config'
import { openBuffer } from './buffer'
import { backOff, createLink, RefusedError } from './link'
import { createRunner } from './runner'

const WEEK_S = 7 * 86400
const BATCH = 500
/** JSON per batch, well under the server's 12 MB body limit */
const BATCH_BYTES = 4 * 1024 * 1024

const config = loadProbeConfig(process.env)
const log = pino({ level: config.logLevel })
const buffer = openBuffer(config.bufferFile)
const link = createLink(config.serverUrl, config.token, 30_000)
const runner = createRunner({ buffer, workers: config.workers, concurrency: 256, onError: (err) => log.error({ err }, 'check failed') })
let stopped = false

/** Runs `step` every `everyMs`, waiting longer after each failure in a row; a refused token stops the probe. */
async function loop(name: string, everyMs: number, step: () => Promise<void>) {
  let failures = 0
  while (!stopped) {
    try {
      await step()
      if (failures) log.info({ link: name }, 'link to the central server is back')
      failures = 0
    } catch (err) {
      if (err instanceof RefusedError) return stop(err)
      if (!failures) log.warn({ err: String(err), link: name }, 'link to the central server is down; checks go on and results wait on disk')
      failures++
    }
    await new Promise((r) => setTimeout(r, failures ? backOff(failures, everyMs, config.maxBackOffMs) : everyMs))
  }
}

async function sync() {
  const { queued, oldestAt } = buffer.stats()
  const lag = queued && oldestAt ? Math.max(0, Math.floor(Date.now() / 1000) - oldestAt) : 0
  const work = await link.sync({ version: RELEASE, lag_s: lag, load: runner.load })
  runner.assign(work.checks)
  buffer.saveChecks(work.checks)
}

/** Sends the buffer oldest first; a batch is dropped from disk only once the server wrote it. */
async function send() {
  buffer.dropOlderThan(Math.floor(Date.now() / 1000) - WEEK_S + 60)
  for (;;) {
    const { upTo, results } = buffer.peek(BATCH, BATCH_BYTES)
    if (!results.length) return
    await link.send(results)
    buffer.drop(upTo)
  }
}

async function stop(reason?: unknown) {
  if (stopped) return
  stopped = true
  if (reason) log.error({ err: String(reason) }, 'probe stopping')
  await runner.stop()
  buffer.close()
  process.exit(reason ? 2 : 0)
}

process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
// Until the first sync, the checks of the last run: a restart while the link is down keeps checking.
runner.assign(buffer.savedChecks())
runner.start()
log.info({ server: config.serverUrl, buffer: config.bufferFile }, `Vigil probe ${RELEASE} starting`)
void loop('sync', config.syncMs, sync)
void loop('results', config.sendMs, send)
