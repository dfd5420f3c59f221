/** CPU accounting for the benchmarks: the whole machine's busy share from /proc/stat (Linux), and CPU profiles. */
import fs from 'node:fs'

export interface MachineCpu {
  busy: number
  total: number
}

/** Jiffies of all cores since boot (zeros where /proc/stat does not exist). */
export function machineCpu(): MachineCpu {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
    const total = fields.reduce((a, b) => a + b, 0)
    const idle = fields[3] + (fields[4] ?? 0)
    return { busy: total - idle, total }
  } catch {
    return { busy: 0, total: 0 }
  }
}

/** Busy share of the machine between two readings, 0..1 (NaN without /proc/stat). */
export function busyShare(a: MachineCpu, b: MachineCpu): number {
  return (b.busy - a.busy) / (b.total - a.total)
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

/** Where a frame's code lives, in a few words. */
function area(url: string, fn: string): string {
  if (fn.startsWith('(')) return fn
  if (url.includes('/node_modules/')) return url.replace(/.*\/node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
  if (url.includes('/src/server/engine/checks/')) return 'engine checks'
  if (url.includes('/src/server/engine/')) return 'engine (scheduler, ingest, state)'
  if (url.includes('/src/')) return 'vigil other'
  if (url.startsWith('node:')) return 'node internals (net, timers, streams)'
  if (url === '') return 'native (V8 builtins, addons)'
  return url.replace(/.*\//, '')
}

const shortUrl = (url: string) => url.replace(/^file:\/\//, '').replace(/.*\/(node_modules|src)\//, '$1/')

/**
 * Summary of a .cpuprofile: self time by area and by function (top `top`), and time by the innermost Vigil
 * source file on the stack (what a library, Node or native call was doing it for), as % of busy samples.
 */
export function summariseProfile(file: string, top = 15): string[] {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
  const byId = new Map(p.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const selfUs = new Map<number, number>()
  for (let i = 0; i < p.samples.length; i++) selfUs.set(p.samples[i], (selfUs.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0))
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0)
  const idle = [...selfUs].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((a, [, us]) => a + us, 0)
  const busy = total - idle
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1)}%`

  const areas = new Map<string, number>()
  const fns = new Map<string, number>()
  const owners = new Map<string, number>()
  const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us)
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    if (functionName === '(idle)') continue
    add(areas, area(url, functionName), us)
    add(fns, `${functionName || '(anonymous)'} ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`, us)
    let owner = functionName.startsWith('(') ? functionName : 'no Vigil frame (event loop, socket and timer callbacks of Node)'
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const u = byId.get(at)!.callFrame.url
      if (u.includes('/src/')) {
        owner = shortUrl(u)
        break
      }
    }
    add(owners, owner, us)
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1])
  return [
    `profile: ${(busy / 1000).toFixed(0)} ms busy of ${(total / 1000).toFixed(0)} ms sampled`,
    'self time by area:',
    ...sorted(areas)
      .filter(([, us]) => us / busy >= 0.005)
      .map(([k, us]) => `  ${pct(us).padStart(6)}  ${k}`),
    'time by the innermost Vigil file on the stack (libraries, Node and native work counted for their caller):',
    ...sorted(owners)
      .filter(([, us]) => us / busy >= 0.005)
      .map(([k, us]) => `  ${pct(us).padStart(6)}  ${k}`),
    `self time, top ${top} functions:`,
    ...sorted(fns)
      .slice(0, top)
      .map(([k, us]) => `  ${pct(us).padStart(6)}  ${k}`),
  ]
}
