/**
 * Chromium's performance trace of a page (what the developer tools' Performance panel records) and where the
 * renderer's main thread spent its long tasks: script (by function), style, layout, paint, garbage collection.
 */
import fs from 'node:fs'
import type { CDPSession } from 'playwright-core'

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'blink', 'v8']

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  /** thread (CPU) time, which other processes on the machine do not stretch */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number; type?: string } }
}

export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES } })
}

/** Ends the trace and writes it to `file` (opens in the Performance panel). */
export async function stopTrace(cdp: CDPSession, file: string): Promise<void> {
  const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream!)))
  await cdp.send('Tracing.end')
  const handle = await done
  const chunks: string[] = []
  for (;;) {
    const r = await cdp.send('IO.read', { handle })
    chunks.push(r.base64Encoded ? Buffer.from(r.data, 'base64').toString() : r.data)
    if (r.eof) break
  }
  await cdp.send('IO.close', { handle })
  fs.writeFileSync(file, chunks.join(''))
}

const label = (e: TraceEvent) => {
  const d = e.args?.data
  if (e.name === 'FunctionCall' && d?.functionName) return `FunctionCall ${d.functionName} ${(d.url ?? '').replace(/.*\//, '')}`
  if (e.name === 'TimerFire' || e.name === 'EventDispatch') return `${e.name} ${d?.type ?? ''}`.trim()
  return e.name
}

/** Long tasks (≥ `longMs`) of the busiest renderer main thread, and their self time by event (ms). */
export function summariseTrace(file: string, longMs = 16, top = 30): string[] {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const key = (e: { pid: number; tid: number }) => `${e.pid}:${e.tid}`
  const count = new Map<string, number>()
  for (const e of events) if (e.name === 'FunctionCall') count.set(key(e), (count.get(key(e)) ?? 0) + 1)
  const main = mains.map(key).sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0))[0]
  const onMain = events.filter((e) => key(e) === main && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  // Outermost tasks only (a RunTask runs inside ThreadControllerImpl::RunTask).
  let end = -1
  const tasks = onMain.filter((e) => {
    if ((e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask') || e.ts < end) return false
    end = e.ts + e.dur!
    return true
  })
  const long = tasks.filter((t) => t.dur! >= longMs * 1000)
  const busy = tasks.reduce((n, t) => n + t.dur!, 0)
  const cpu = tasks.reduce((n, t) => n + (t.tdur ?? 0), 0)
  const self = new Map<string, number>()
  for (const task of long) {
    const inside = onMain.filter((e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!)
    // Self time: an event's duration less its direct children's (events nest on one thread).
    const stack: { e: TraceEvent; child: number }[] = []
    const close = (until: number) => {
      while (stack.length && stack[stack.length - 1].e.ts + stack[stack.length - 1].e.dur! <= until) {
        const { e, child } = stack.pop()!
        self.set(label(e), (self.get(label(e)) ?? 0) + e.dur! - child)
        if (stack.length) stack[stack.length - 1].child += e.dur!
      }
    }
    for (const e of inside) {
      close(e.ts)
      stack.push({ e, child: 0 })
    }
    close(Infinity)
  }
  const ms = (us: number) => (us / 1000).toFixed(1)
  // A task's CPU time is what it would take on an idle machine; over a frame (16.7 ms) it drops one anyway.
  const cpuLong = tasks.filter((t) => (t.tdur ?? 0) >= 16_700).map((t) => t.tdur!)
  return [
    `trace: ${cpuLong.length} tasks over 16.7 ms of CPU (${cpuLong
      .sort((a, b) => b - a)
      .slice(0, 10)
      .map(ms)
      .join(', ')})`,
    `trace: main thread busy ${ms(busy)} ms (${ms(cpu)} ms of CPU) in ${tasks.length} tasks; ${long.length} tasks ≥ ${longMs} ms (longest ${ms(Math.max(0, ...long.map((t) => t.dur!)))} ms, ${ms(long.reduce((n, t) => n + t.dur!, 0))} ms in all)`,
    'self time inside the long tasks, by event:',
    ...[...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `  ${ms(us).padStart(8)} ms  ${k}`),
  ]
}
