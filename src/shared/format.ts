/**
 * Number, byte, duration and value formatting of SPEC §9 "Display": "1k for 10,000 and above; M for
 * 1,000,000 and above. Bytes base 1024." Isomorphic: graphs, tables and reports format the same way on
 * both sides, in the reader's language: a decimal comma in Dutch ("1,5 KB", "12,3k"). (Abbreviated relative
 * time is src/ui/decorations/age.ts, its units in the catalogue.)
 */
import type { Language } from './enums'

/** The decimal separator per catalogue language; the k, M and byte units read the same in both. */
const DECIMAL_SEPARATOR = { en: '.', nl: ',' } satisfies Record<Language, string>

/** A language code as i18next reports it ('nl', 'nl-BE') → one we format for; anything else is English. */
const separator = (lng: string): string => (DECIMAL_SEPARATOR as Record<string, string | undefined>)[lng.slice(0, 2)] ?? '.'

/** Up to `decimals` decimals, trailing zeros dropped ("1.50" → "1.5", "2.00" → "2"). */
function trim(n: number, decimals: number): string {
  const text = n.toFixed(decimals)
  return decimals > 0 ? text.replace(/\.?0+$/, '') : text
}

/** Fewer decimals as a number grows: 0.123, 1.23, 12.3, 123 (0,123 … in Dutch). */
function significant(n: number, lng: string): string {
  const a = Math.abs(n)
  return trim(n, a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3).replace('.', separator(lng))
}

/**
 * SPEC §9 number format: below 10,000 as is (9999, 12.5), then thousands as k (10k, 12.3k), and from
 * 1,000,000 on millions as M (1.5M, 2500M: SPEC names no larger unit).
 */
export function formatNumber(n: number, lng = 'en'): string {
  if (!Number.isFinite(n)) return String(n)
  const a = Math.abs(n)
  if (a >= 1_000_000) return `${significant(n / 1_000_000, lng)}M`
  if (a >= 10_000) return `${significant(n / 1_000, lng)}k`
  return significant(n, lng)
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB']

/** SPEC §9 "Bytes base 1024": 1536 → "1.5 KB", 3 * 1024³ → "3 GB" (KB = 1024 B, as monitoring plugins count). */
export function formatBytes(n: number, lng = 'en'): string {
  if (!Number.isFinite(n)) return String(n)
  let e = 0
  while (e < BYTE_UNITS.length - 1 && Math.abs(n) >= 1024 ** (e + 1)) e++
  return `${significant(n / 1024 ** e, lng)} ${BYTE_UNITS[e]}`
}

/** Seconds of a measurement (response times): 0.0042 → "4.2 ms", 2.5 → "2.5 s". */
export function formatSeconds(n: number, lng = 'en'): string {
  if (!Number.isFinite(n)) return String(n)
  const a = Math.abs(n)
  if (a !== 0 && a < 1e-3) return `${significant(n * 1e6, lng)} µs`
  if (a !== 0 && a < 1) return `${significant(n * 1e3, lng)} ms`
  return `${formatNumber(n, lng)} s`
}

/**
 * A performance-data value in its normalised unit (src/shared/perfdata.ts): bytes in base 1024,
 * seconds scaled, percent and plain numbers in the SPEC §9 number format, other units appended; `lng` is the
 * catalogue language (i18n.language).
 */
export function formatValue(n: number, unit: string, lng = 'en'): string {
  switch (unit) {
    case 'B':
      return formatBytes(n, lng)
    case 's':
      return formatSeconds(n, lng)
    case '%':
      return `${formatNumber(n, lng)}%`
    case '':
    case 'c':
      return formatNumber(n, lng)
    default:
      return `${formatNumber(n, lng)} ${unit}`
  }
}
