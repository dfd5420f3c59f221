/**
 * Issue 13: the app runs under `script-src 'self'` (no eval). zod 4 probes `new Function` when it builds an
 * object schema; the failure is caught, but Chromium still reports a CSP violation. jitless skips the probe.
 * main.tsx imports this first, before any module defines a schema, and reads the result so that the bundler
 * keeps the module (package.json lists the modules with side effects).
 */
import { config } from 'zod'

export const zodConfig = config({ jitless: true })
