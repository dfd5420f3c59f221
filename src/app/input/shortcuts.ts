/**
 * SPEC §2 "Help panel" keyboard shortcuts: the one registry the help modal lists and the key handler
 * matches, plus a matcher for single keys and two-key sequences, each shortcut throttled to one per
 * second (SPEC §9 shortcut throttle).
 */
import { SHORTCUT_THROTTLE_MS } from '../../shared/constants'

export type ShortcutId =
  | 'search'
  | 'toggleMenu'
  | 'environment'
  | 'clearEnvironment'
  | 'autoRefresh'
  | 'goProblems'
  | 'goTimeline'
  | 'goHosts'
  | 'goResources'
  | 'goAssetHosts'
  | 'goSoftware'
  | 'reloadTable'
  | 'previousPage'
  | 'nextPage'
  | 'firstPage'
  | 'lastPage'
  | 'help'
  | 'closeMessages'
  | 'devTools'

export interface ShortcutDef {
  id: ShortcutId
  /** Alternatives; each is a sequence of key names as `keyName` spells them. */
  keys: readonly (readonly string[])[]
}

export const SHORTCUTS: readonly ShortcutDef[] = [
  { id: 'search', keys: [['f'], ['s']] },
  { id: 'toggleMenu', keys: [['m']] },
  { id: 'environment', keys: [['e']] },
  { id: 'clearEnvironment', keys: [['c', 'e']] },
  { id: 'autoRefresh', keys: [['p']] },
  { id: 'goProblems', keys: [['g', 'm']] },
  { id: 'goTimeline', keys: [['g', 't']] },
  { id: 'goHosts', keys: [['g', 'h']] },
  { id: 'goResources', keys: [['g', 'r']] },
  { id: 'goAssetHosts', keys: [['g', 'a']] },
  { id: 'goSoftware', keys: [['g', 's']] },
  { id: 'reloadTable', keys: [['r']] },
  { id: 'previousPage', keys: [['<']] },
  { id: 'nextPage', keys: [['>']] },
  { id: 'firstPage', keys: [['[']] },
  { id: 'lastPage', keys: [[']']] },
  { id: 'help', keys: [['?']] },
  { id: 'closeMessages', keys: [['escape']] },
  { id: 'devTools', keys: [['ctrl+alt+d']] },
]

/** Where the navigation shortcuts go (SPEC §2 help panel: g then m, t, h, r, a, s; ctrl+alt+d). */
export const SHORTCUT_ROUTES: Partial<Record<ShortcutId, string>> = {
  goProblems: '/monitoring/problems',
  goTimeline: '/monitoring/timeline',
  goHosts: '/monitoring/hosts',
  goResources: '/monitoring/resources',
  goAssetHosts: '/assets/hosts',
  goSoftware: '/assets/software',
  devTools: '/dev/tools',
}

/** The second key of a sequence must follow the first within this time. */
export const SEQUENCE_TIMEOUT_MS = 1500

export interface KeyLike {
  key: string
  code?: string
  ctrlKey?: boolean
  altKey?: boolean
  metaKey?: boolean
}

/** 'escape', 'ctrl+alt+d', or the typed character ('m', '?', '<'); letters lowercased. */
export function keyName(event: KeyLike): string {
  if (event.key === 'Escape') return 'escape'
  if (event.ctrlKey || event.altKey || event.metaKey) {
    // With alt held, `key` may be a special character (macOS), so the physical key decides.
    const letter = event.code?.startsWith('Key') ? event.code.slice(3).toLowerCase() : event.key.toLowerCase()
    return [event.ctrlKey && 'ctrl', event.altKey && 'alt', event.metaKey && 'meta', letter].filter(Boolean).join('+')
  }
  return event.key.length === 1 ? event.key.toLowerCase() : event.key
}

export type ShortcutMatcher = (key: string, now: number) => ShortcutId | null

export function createShortcutMatcher(defs: readonly ShortcutDef[] = SHORTCUTS, throttleMs = SHORTCUT_THROTTLE_MS): ShortcutMatcher {
  const single = new Map<string, ShortcutId>()
  const double = new Map<string, ShortcutId>()
  const prefixes = new Set<string>()
  for (const def of defs) {
    for (const seq of def.keys) {
      if (seq.length === 1) single.set(seq[0], def.id)
      else {
        double.set(seq.join(' '), def.id)
        prefixes.add(seq[0])
      }
    }
  }
  const lastFired = new Map<ShortcutId, number>()
  let pending: { key: string; at: number } | null = null

  const fire = (id: ShortcutId, now: number): ShortcutId | null => {
    const last = lastFired.get(id)
    if (last !== undefined && now - last < throttleMs) return null
    lastFired.set(id, now)
    return id
  }

  return (key, now) => {
    if (pending !== null && now - pending.at <= SEQUENCE_TIMEOUT_MS) {
      const id = double.get(`${pending.key} ${key}`)
      pending = null
      if (id) return fire(id, now)
    }
    pending = null
    if (prefixes.has(key)) {
      pending = { key, at: now }
      return null
    }
    const id = single.get(key)
    return id ? fire(id, now) : null
  }
}

/** Typing in a field must not trigger shortcuts (escape still closes messages). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el || typeof el.tagName !== 'string') return false
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)
}
