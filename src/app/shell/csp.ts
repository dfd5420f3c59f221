/**
 * Issue 13: the app runs under `script-src 'self'` (no eval). zod 4 probes `new Function` when it builds an
 * object schema; the failure is caught, but Chromium still reports a CSP violation. jitless skips the probe.
 * zod reads its configuration from `globalThis.__zod_globalConfig` (zod/v4/core `globalConfig`), so the shell
 * sets it there without loading zod itself, which comes later with the first schema (issue 2 shell budget).
 * main.tsx imports this first and reads the result so that the bundler keeps the module.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } }

export const zodConfig = (zodGlobal.__zod_globalConfig ??= {})
zodConfig.jitless = true
