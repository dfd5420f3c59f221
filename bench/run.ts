/**
 * `npm run bench` runs every benchmark below in sequence; `npm run bench -- NAME [args…]` runs one.
 * Each runs in its own tsx child process so that one benchmark's heap, timers or open handles cannot
 * skew the next. Output is forwarded as is; every benchmark ends with one line `NAME: key=value …`.
 * Figures are never pass/fail: the exit code is non-zero only when a benchmark crashed.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Every benchmark, in the order `npm run bench` runs them (bench/<name>.ts). Add new ones here. */
const BENCHMARKS = ['bundle', 'api-lists', 'engine', 'feed', 'timeline', 'alerts-page', 'map-editor', 'map-viewer', 'map-latency', 'load']

/** Run by name only (`npm run bench -- wall-soak`): half an hour by default, too long for the sequence. */
const ON_DEMAND = ['wall-soak']

const here = path.dirname(fileURLToPath(import.meta.url))
const [only, ...args] = process.argv.slice(2)
if (only !== undefined && !fs.existsSync(path.join(here, `${only}.ts`))) {
  console.error(`no benchmark bench/${only}.ts (known: ${[...BENCHMARKS, ...ON_DEMAND].join(', ')})`)
  process.exit(2)
}

const failed: string[] = []
for (const name of only !== undefined ? [only] : BENCHMARKS) {
  const started = Date.now()
  console.log(`\n== bench ${name}`)
  // The tsx binary of this package, so that `npm run bench` works without a global tsx.
  const r = spawnSync(
    process.execPath,
    [path.join(here, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(here, `${name}.ts`), ...args],
    {
      stdio: 'inherit',
      cwd: path.join(here, '..'),
    },
  )
  const secs = ((Date.now() - started) / 1000).toFixed(1)
  if (r.status !== 0) {
    failed.push(name)
    console.error(
      `== bench ${name} crashed (${r.error?.message ?? (r.signal ? `signal ${r.signal}` : `exit ${r.status}`)}) after ${secs} s`,
    )
  } else {
    console.log(`== bench ${name} done in ${secs} s`)
  }
}
if (failed.length) {
  console.error(`\nbenchmarks that crashed: ${failed.join(', ')}`)
  process.exit(1)
}
