/**
 * Chromium's performance trace of a page (what the developer tools' Performance panel records) and where the
 * renderer's main thread spent its long tasks: script (by function), style, layout, paint, garbage collection.
 * Also the whole browser's trace kept in a ring buffer, dumped after a stall, and what each thread ran in it.
 */
import fs from 'node:fs'
import type { Browser, CDPSession } from 'playwright-core'

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
  args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number; type?: string; message?: string } }
}

export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES } })
}

/** Every process and thread, with the compositor's, raster's and display compositor's work (issue 18's stalls). */
const RING_CATEGORIES = ['toplevel', 'cc', 'viz', 'gpu', 'benchmark', 'devtools.timeline', 'v8']

/**
 * Traces the whole browser into a ring buffer that keeps only the last seconds (300 MB of events), so that it can
 * run for half an hour and be ended (stopTrace) just after something worth seeing. Ending it writes the buffer,
 * hundreds of megabytes, which itself stalls the page: only what happened before the first end counts.
 */
export async function startRingTrace(browser: Browser): Promise<CDPSession> {
  const session = await browser.newBrowserCDPSession()
  await session.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { recordMode: 'recordContinuously', traceBufferSizeInKb: 300_000, includedCategories: RING_CATEGORIES },
  })
  return session
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

/** A thread's key: its process and thread ids. */
const threadKey = (e: { pid: number; tid: number }) => `${e.pid}:${e.tid}`

/** Microseconds (trace time) as milliseconds. */
const ms = (us: number) => (us / 1000).toFixed(1)

const eventsOf = (file: string) => {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  return Array.isArray(parsed) ? parsed : parsed.traceEvents
}

/**
 * Adds each event's self time (its duration less its direct children's) to `self` by label, and returns the
 * outermost events. `events`: one thread's, by start, the longer first (events nest on one thread).
 */
function addSelfTimes(events: TraceEvent[], self: Map<string, number>): TraceEvent[] {
  const outer: TraceEvent[] = []
  const stack: { e: TraceEvent; child: number }[] = []
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1].e.ts + stack[stack.length - 1].e.dur! <= until) {
      const { e, child } = stack.pop()!
      self.set(label(e), (self.get(label(e)) ?? 0) + e.dur! - child)
      if (stack.length) stack[stack.length - 1].child += e.dur!
      else outer.push(e)
    }
  }
  for (const e of events) {
    close(e.ts)
    stack.push({ e, child: 0 })
  }
  close(Infinity)
  return outer
}

/** Long tasks (≥ `longMs`) of the busiest renderer main thread, and their self time by event (ms). */
export function summariseTrace(file: string, longMs = 16, top = 30): string[] {
  const events = eventsOf(file)
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const count = new Map<string, number>()
  for (const e of events) if (e.name === 'FunctionCall') count.set(threadKey(e), (count.get(threadKey(e)) ?? 0) + 1)
  const main = mains.map(threadKey).sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0))[0]
  const onMain = events
    .filter((e) => threadKey(e) === main && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
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
    addSelfTimes(
      onMain.filter((e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!),
      self,
    )
  }
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

/**
 * What each thread ran during the first stall the page marked in the trace (`console.timeStamp('STALL <ms>')` at
 * the frame that ended it): per thread, the wall and CPU time of its outermost events there and the events with the
 * most self time, the busiest threads first. Wall time far over CPU time is a thread waiting for a core.
 */
export function summariseStall(file: string, top = 4): string[] {
  const events = eventsOf(file)
  const mark = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message?.startsWith('STALL '))
  if (!mark) return ['stall trace: no stall marked in the trace']
  const end = mark.ts
  const start = end - Number(mark.args!.data!.message!.slice(6)) * 1000
  const names = new Map<string, string>()
  for (const e of events)
    if (e.ph === 'M' && (e.name === 'thread_name' || e.name === 'process_name'))
      names.set(e.name === 'thread_name' ? threadKey(e) : `${e.pid}`, e.args?.name ?? '?')
  const byThread = new Map<string, TraceEvent[]>()
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined || e.ts + e.dur < start || e.ts > end) continue
    const key = threadKey(e)
    const list = byThread.get(key)
    if (list) list.push(e)
    else byThread.set(key, [e])
  }
  const lines = [`stall trace: a frame of ${ms(end - start)} ms; what each thread ran in it (wall / CPU ms, then self time by event):`]
  const threads = [...byThread].map(([key, list]) => {
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
    const self = new Map<string, number>()
    const outer = addSelfTimes(list, self)
    const wall = outer.reduce((n, e) => n + e.dur!, 0)
    const cpu = outer.reduce((n, e) => n + (e.tdur ?? 0), 0)
    return { key, wall, cpu, self }
  })
  for (const { key, wall, cpu, self } of threads.sort((a, b) => b.wall - a.wall).slice(0, 8)) {
    const most = [...self].sort((a, b) => b[1] - a[1]).slice(0, top)
    lines.push(
      `  ${names.get(key.split(':')[0]) ?? '?'} / ${names.get(key) ?? key}: ${ms(wall)} / ${ms(cpu)}; ${most.map(([name, us]) => `${name} ${ms(us)}`).join(', ')}`,
    )
  }
  return lines
}
