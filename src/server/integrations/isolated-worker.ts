/**
 * The import worker thread (isolated.ts): reads one file, a map to convert or a scan report, and sends
 * back what it made of it, or the SPEC §8 error it refused it with. Only plain data crosses.
 */
import { parentPort } from 'node:worker_threads'
import { ApiError } from '../../shared/errors'
import { converters } from './import/converters'
import { importLookup } from './import/lookup'
import { parseScan } from './risk-scans/index'
import type { FromParseWorker, ParseJob } from './isolated'

const port = parentPort
port?.on('message', (job: ParseJob) => {
  let answer: FromParseWorker
  try {
    answer = { ok: job.kind === 'map' ? converters[job.format](job.text, importLookup(job.rows)) : parseScan(job.text) }
  } catch (err) {
    answer =
      err instanceof ApiError
        ? { error: { key: err.key, extra: err.extra } }
        : { crash: { message: String((err as Error)?.message ?? err), stack: (err as Error)?.stack } }
  }
  port.postMessage(answer)
})
