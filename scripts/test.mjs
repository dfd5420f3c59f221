// `npm test`: type-check, lint and format check side by side, build the UI, then every vitest project (unit, api, engine, e2e).
// Ends with one plain line `N passed, N failed` summed over all suites, and exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const run = (label, cmd, args) => {
  console.log(`\n== ${label}: ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  return r.status === 0
}

/** Runs a step beside others (each is one thread: tsc, eslint, prettier); its output is printed when it ends. */
const runBeside = (label, cmd, args) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { env: process.env })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('close', (code) => {
      console.log(`\n== ${label}: ${cmd} ${args.join(' ')}\n${output}`)
      resolve(code === 0 ? null : label)
    })
  })

const failures = (
  await Promise.all([
    runBeside('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']),
    runBeside('lint', 'npx', [
      'eslint',
      '--max-warnings',
      '0',
      '--no-error-on-unmatched-pattern',
      'src',
      'tests',
      'e2e',
      'bench',
      'scripts',
    ]),
    runBeside('format', 'npm', ['run', '--silent', 'format:check']),
  ])
).filter((label) => label !== null)
if (!run('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) failures.push('build')

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-vitest-')), 'report.json')
const testsOk = run('tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`])
let passed = 0
let failed = 0
try {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'))
  passed = json.numPassedTests
  // Failed tests, plus files that failed before any test ran (import errors).
  failed = json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0)
} catch {
  failed += 1
}
if (!testsOk) failures.push('tests')
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`)
console.log(`${passed} passed, ${failed + failures.filter((f) => f !== 'tests').length} failed`)
process.exit(failures.length ? 1 : 0)
