import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// Test kinds of STYLE.md "Tests": unit (pure code, jsdom per file where a component needs it),
// api (real server, fresh SQLite and PostgreSQL when PG_URL is set), engine (real sockets on loopback),
// e2e (built app + real server in Debian's Chromium).

/**
 * Unit files that ask for jsdom on their first line. Each gets a fresh DOM, and the modules it imports must see that
 * DOM (a module keeps the `document` it was first evaluated with), so these keep vitest's isolation: their own
 * module graph per file (in a VM context of their own). The other unit files share their worker's modules:
 * re-importing them for each of 117 files took about 110 of the unit project's 195 s of CPU (99 → 41 s alone on the
 * 2-core CI machine).
 */
const UNIT = 'tests/unit'
const DOM_UNIT_FILES = fs
  .readdirSync(UNIT, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join(UNIT, file.split(path.sep).join('/')))
  .filter((file) => fs.readFileSync(file, 'utf8').startsWith('// @vitest-environment jsdom'))
/** What both unit projects run with. */
const UNIT_SETUP = { environment: 'node' as const, setupFiles: [`${UNIT}/setup-i18n.ts`] }

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default (cores − 1) runs one file at a time on a 2-core CI machine, where API and engine files
    // spend much of their time waiting on sockets, timers and PostgreSQL: three at a time there, cores − 1 on
    // bigger machines. Browser files run after them (their project's groupOrder), two at a time: each has its own
    // server, a worker's files share its Chromium (e2e/browser.ts), and two of them keep both cores busy (three: no faster).
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    // API, engine and browser files run without isolation: each imported the whole server again (about 5 s of a
    // loaded machine per file). Their state is per server and database (store/cache.ts), which every file starts.
    projects: [
      {
        extends: true,
        test: { ...UNIT_SETUP, name: 'unit', include: [`${UNIT}/**/*.test.{ts,tsx}`], exclude: DOM_UNIT_FILES, isolate: false },
      },
      {
        extends: true,
        // A fresh VM context per file instead of a fresh process: the same isolation, 40 → 17 s for the 26 files.
        test: { ...UNIT_SETUP, name: 'unit-dom', include: DOM_UNIT_FILES, pool: 'vmForks' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          isolate: false,
        },
      },
      {
        extends: true,
        // Engine files start a real server in beforeAll like API files: the same hook time (CI once took over 10 s).
        test: {
          name: 'engine',
          include: ['tests/engine/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20000,
          hookTimeout: 60000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 120000,
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
