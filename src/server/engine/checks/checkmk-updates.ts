/**
 * Pending updates from a Checkmk agent's plugins, for the SPEC §3 asset section `updates` and the agent check's
 * `updates` part: mk_apt's `<<<apt>>>` (the packages `apt-get -s upgrade` would install, `Inst name [old] (new
 * source [arch])`, a security update by its source) and windows_updates.vbs' `<<<windows_updates>>>` (a line
 * `reboot important optional`, then the important and the optional titles, each list joined by `; `).
 */
import type { AgentOutput } from './checkmk-output'

export interface PendingUpdate {
  name: string
  kind: 'security' | 'normal' | 'important' | 'optional'
  version: string | null
}

export interface PendingUpdates {
  system: 'apt' | 'windows'
  updates: PendingUpdate[]
  /** how many of each kind; Windows counts them apart from its title lists */
  counts: Record<PendingUpdate['kind'], number>
  /** Windows: the host waits for a reboot to finish installing */
  rebootRequired: boolean
}

const INST = /^Inst (\S+)(?: \[[^\]]*\])? \((\S+) ([^)]*)\)/

export function pendingUpdatesOf(output: AgentOutput): PendingUpdates | null {
  const apt = output.get('apt')
  if (apt) {
    const updates = apt.lines.flatMap((line) => {
      const m = INST.exec(line.trim())
      return m ? [{ name: m[1], version: m[2], kind: /security/i.test(m[3]) ? ('security' as const) : ('normal' as const) }] : []
    })
    const security = updates.filter((u) => u.kind === 'security').length
    return {
      system: 'apt',
      rebootRequired: false,
      updates,
      counts: { security, normal: updates.length - security, important: 0, optional: 0 },
    }
  }
  const windows = output.get('windows_updates')
  const head = windows?.lines[0]?.trim().split(/\s+/).map(Number)
  if (!windows || !head || head.length < 3 || head.some((n) => !Number.isFinite(n))) return null
  const titles = (line: string | undefined, kind: 'important' | 'optional') =>
    (line ?? '')
      .split(';')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((name) => ({ name, kind, version: null }))
  const [reboot, important, optional] = head
  return {
    system: 'windows',
    rebootRequired: reboot > 0,
    counts: { security: 0, normal: 0, important, optional },
    updates: [
      ...(important ? titles(windows.lines[1], 'important') : []),
      ...(optional ? titles(windows.lines[important ? 2 : 1], 'optional') : []),
    ],
  }
}
