/**
 * The `eval` source of a worker thread that runs a TypeScript module. Node 20 does not pass the tsx loader
 * of the server (`tsx src/server/main.ts`, `--import tsx`) on to worker threads, so the worker registers
 * tsx's require hook itself before loading the module. Shared by the check pool and the import worker.
 */
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

export function tsWorkerSource(entry: URL): string {
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api')
  return `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(fileURLToPath(entry))})`
}
