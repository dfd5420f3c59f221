/**
 * Age of a state (SPEC §2 host table "Age is bold when the last state change is under 600 seconds ago",
 * SPEC §9 "Relative time wording is abbreviated"): the two largest units, e.g. `3d 4h`, `12m 5s`.
 */
import { AGE_HIGHLIGHT_S } from '../../shared/constants'

export const AGE_UNITS = [
  ['y', 365 * 86400],
  ['d', 86400],
  ['h', 3600],
  ['m', 60],
  ['s', 1],
] as const
export type AgeUnit = (typeof AGE_UNITS)[number][0]

export function ageSeconds(since: number, nowMs: number): number {
  return Math.max(0, Math.floor(nowMs / 1000) - since)
}

export function isRecent(seconds: number): boolean {
  return seconds < AGE_HIGHLIGHT_S
}

/** Up to two units, the largest first; a second unit of 0 is left out (`2h`, not `2h 0m`). */
export function ageParts(seconds: number): { unit: AgeUnit; n: number }[] {
  const whole = Math.max(0, Math.floor(seconds))
  const first = AGE_UNITS.findIndex(([, size]) => whole >= size)
  if (first < 0) return [{ unit: 's', n: 0 }]
  const [unit, size] = AGE_UNITS[first]
  const parts = [{ unit: unit as AgeUnit, n: Math.floor(whole / size) }]
  const next = AGE_UNITS[first + 1]
  if (next) {
    const n = Math.floor((whole % size) / next[1])
    if (n > 0) parts.push({ unit: next[0], n })
  }
  return parts
}

/** `3d 4h`: the age in the catalogue's abbreviated units (`ui.age.*`). */
export function ageText(seconds: number, t: (key: string, options: { n: number }) => string): string {
  return ageParts(seconds)
    .map(({ unit, n }) => t(`ui.age.${unit}`, { n }))
    .join(' ')
}
