/**
 * Key chords of editor actions: `Mod+Shift+Z` (Mod = Ctrl, or ⌘ on macOS). Letters, digits and punctuation
 * are read from the physical key, so Shift or Alt (which change `event.key` on some layouts) do not matter.
 */
const CODE_KEYS: Record<string, string> = {
  BracketLeft: '[',
  BracketRight: ']',
  Equal: '=',
  Minus: '-',
  NumpadAdd: '+',
  NumpadSubtract: '-',
  Slash: '/',
}

export interface KeyEventLike {
  key: string
  code?: string
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
  shiftKey?: boolean
}

function keyOf(event: KeyEventLike): string {
  const code = event.code ?? ''
  if (/^Key[A-Z]$/.test(code)) return code.slice(3)
  if (/^Digit\d$/.test(code)) return code.slice(5)
  if (CODE_KEYS[code]) return CODE_KEYS[code]
  return event.key.length === 1 ? event.key.toUpperCase() : event.key
}

/** The chord of a key event in canonical order: Mod, Alt, Shift, key. */
export function chordOf(event: KeyEventLike): string {
  return [(event.ctrlKey || event.metaKey) && 'Mod', event.altKey && 'Alt', event.shiftKey && 'Shift', keyOf(event)]
    .filter(Boolean)
    .join('+')
}

/** Puts a written chord (`Shift+Mod+z`) in canonical form (`Mod+Shift+Z`). */
export function normaliseChord(chord: string): string {
  const parts = chord.endsWith('++') ? [...chord.slice(0, -2).split('+').filter(Boolean), '+'] : chord.split('+')
  const key = parts.pop()!
  const mods = new Set(parts.map((p) => p.toLowerCase()))
  return [mods.has('mod') && 'Mod', mods.has('alt') && 'Alt', mods.has('shift') && 'Shift', key.length === 1 ? key.toUpperCase() : key]
    .filter(Boolean)
    .join('+')
}

/** How a chord is shown in menus and the shortcut help. */
export const displayChord = (chord: string, mac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform)) =>
  chord.replace('Mod', mac ? '⌘' : 'Ctrl').replace('Arrow', '')
