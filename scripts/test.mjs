// `npm test`: type-check, lint, format check and the UI's build side by side (with the native modules' build when
// missing), then every vitest project (unit, api, engine, e2e).
// Ends with one plain line `N passed, N failed` summed over all suites, and exits non-zero on any failure.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Seconds since `started`, for the steps' lines: which step a slow CI spent its time in. */
const since = (started) => `${Math.round((Date.now() - started) / 1000)} s`

/** Runs a step beside the others (mostly one thread each: tsc, eslint, prettier); its output is printed when it ends. */
const runBeside = (label, cmd, args) =>
  new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(cmd, args, { env: process.env })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('close', (code) => {
      console.log(`\n== ${label} (${since(started)}): ${cmd} ${args.join(' ')}\n${output}`)
      resolve(code === 0 ? null : label)
    })
  })

/**
 * `.ci/run` installs with `--ignore-scripts`, which leaves better-sqlite3 unbuilt: its SQLite compiles from source
 * there (no prebuilt binary is reachable), about a minute of one core. The checks need none of it, so it compiles
 * beside them instead of before them. After a plain `npm install` it is built already, and this step is skipped.
 */
const nativeBuilt = fs.existsSync('node_modules/better-sqlite3/build/Release/better_sqlite3.node')
const failures = (
  await Promise.all([
    ...(nativeBuilt ? [] : [runBeside('native modules', 'npm', ['rebuild', 'better-sqlite3', 'esbuild'])]),
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
    runBeside('build', 'npx', ['vite', 'build', '--logLevel', 'warn']),
  ])
).filter((label) => label !== null)

/**
 * Runs vitest with its output passed through and kept: CI shows only the end of a run's output, so errors
 * outside any test (vitest's "Unhandled Errors" block, printed before its summary) are printed again last.
 */
const runTests = (args) =>
  new Promise((resolve) => {
    console.log(`\n== tests: npx ${args.join(' ')}`)
    const started = Date.now()
    const child = spawn('npx', args, { env: process.env, stdio: ['inherit', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.on('data', (d) => {
      process.stdout.write(d)
      output += d
    })
    child.on('close', (code) => {
      console.log(`== tests took ${since(started)}`)
      resolve({ ok: code === 0, output })
    })
  })

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-vitest-')), 'report.json')
const tests = await runTests(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`])
const testsOk = tests.ok
// eslint-disable-next-line no-control-regex
const plain = tests.output.replace(/\x1b\[[0-9;]*m/g, '')
const unhandled = plain.indexOf('Unhandled Error')
const outside =
  unhandled < 0
    ? []
    : plain
        .slice(unhandled)
        .split('\n')
        .filter((line) => line.trim() && !/^[\s⎯]+$/.test(line))
        .slice(0, 40)
let passed = 0
let failed = 0
try {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'))
  passed = json.numPassedTests
  // Failed tests, plus files that failed with no test failing: an import error or a failed beforeAll, whose
  // tests are then reported as skipped.
  const failedOutsideTests = json.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length
  failed = json.numFailedTests + failedOutsideTests
} catch {
  failed += 1
}
if (!testsOk) failures.push('tests')
if (outside.length) console.log(`\n== errors outside tests (again, from above):\n${outside.join('\n')}`)
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`)
console.log(`${passed} passed, ${failed + failures.filter((f) => f !== 'tests').length} failed`)
process.exit(failures.length ? 1 : 0)
