/**
 * Number, byte, duration and value formatting of SPEC §9 "Display": "1k for 10,000 and above; M for
 * 1,000,000 and above. Bytes base 1024." Isomorphic: graphs, tables and reports format the same way on
 * both sides. (Abbreviated relative time is src/ui/decorations/age.ts.)
 */

/** Up to `decimals` decimals, trailing zeros dropped ("1.50" → "1.5", "2.00" → "2"). */
function trim(n: number, decimals: number): string {
  const text = n.toFixed(decimals)
  return decimals > 0 ? text.replace(/\.?0+$/, '') : text
}

/** Fewer decimals as a number grows: 0.123, 1.23, 12.3, 123. */
function significant(n: number): string {
  const a = Math.abs(n)
  return trim(n, a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3)
}

/**
 * SPEC §9 number format: below 10,000 as is (9999, 12.5), then thousands as k (10k, 12.3k), and from
 * 1,000,000 on millions as M (1.5M, 2500M: SPEC names no larger unit).
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  const a = Math.abs(n)
  if (a >= 1_000_000) return `${significant(n / 1_000_000)}M`
  if (a >= 10_000) return `${significant(n / 1_000)}k`
  return significant(n)
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB']

/** SPEC §9 "Bytes base 1024": 1536 → "1.5 KB", 3 * 1024³ → "3 GB" (KB = 1024 B, as monitoring plugins count). */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  let e = 0
  while (e < BYTE_UNITS.length - 1 && Math.abs(n) >= 1024 ** (e + 1)) e++
  return `${significant(n / 1024 ** e)} ${BYTE_UNITS[e]}`
}

/** Seconds of a measurement (response times): 0.0042 → "4.2 ms", 2.5 → "2.5 s". */
export function formatSeconds(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  const a = Math.abs(n)
  if (a !== 0 && a < 1e-3) return `${significant(n * 1e6)} µs`
  if (a !== 0 && a < 1) return `${significant(n * 1e3)} ms`
  return `${formatNumber(n)} s`
}

/**
 * A performance-data value in its normalised unit (src/shared/perfdata.ts): bytes in base 1024,
 * seconds scaled, percent and plain numbers in the SPEC §9 number format, other units appended.
 */
export function formatValue(n: number, unit: string): string {
  switch (unit) {
    case 'B':
      return formatBytes(n)
    case 's':
      return formatSeconds(n)
    case '%':
      return `${formatNumber(n)}%`
    case '':
    case 'c':
      return formatNumber(n)
    default:
      return `${formatNumber(n)} ${unit}`
  }
}
