/**
 * Runs a program for the kinds that must fork (ping: raw sockets; command: any plugin): output capped,
 * killed when the check stops, and one outcome whichever comes first of exit, failure to start or stop.
 */
import { spawn } from 'node:child_process'
import type { CheckContext } from './types'

type ChildOutcome =
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }
  | { kind: 'error'; error: NodeJS.ErrnoException }
  | { kind: 'stopped' }

interface ChildOptions {
  /** own process group, so that stopping also kills what the program started (a plugin's shell) */
  group?: boolean
  /** characters kept of stdout and of stderr */
  maxOutput?: number
  /** run as this OS user (with no supplementary groups) instead of the server's */
  user?: { uid: number; gid: number } | null
}

// Issue 13: a child gets none of the server's environment (its keys, DATABASE_URL) and a working directory
// outside the data folder (`/`, which an unprivileged user cannot write).
const CHILD_ENV = { PATH: '/usr/bin:/bin', LC_ALL: 'C' }
const CHILD_CWD = '/'

export function runChild(path: string, args: string[], ctx: CheckContext, options: ChildOptions = {}): Promise<ChildOutcome> {
  const max = options.maxOutput ?? 64 * 1024
  return new Promise((resolve) => {
    const child = spawn(path, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.group ?? false,
      env: CHILD_ENV,
      cwd: CHILD_CWD,
      ...(options.user ? { uid: options.user.uid, gid: options.user.gid } : {}),
    })
    let stdout = ''
    let stderr = ''
    let settled = false
    const settle = (outcome: ChildOutcome) => {
      if (settled) return
      settled = true
      stop()
      resolve(outcome)
    }
    const stop = ctx.onStop(() => {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        try {
          if (options.group) process.kill(-child.pid, 'SIGKILL')
          else child.kill('SIGKILL')
        } catch {
          // already gone
        }
      }
      settle({ kind: 'stopped' })
    })
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < max) stdout += chunk.slice(0, max - stdout.length)
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < max) stderr += chunk.slice(0, max - stderr.length)
    })
    child.on('error', (error: NodeJS.ErrnoException) => settle({ kind: 'error', error }))
    child.on('close', (code, signal) => settle({ kind: 'exit', code, signal, stdout, stderr }))
  })
}
