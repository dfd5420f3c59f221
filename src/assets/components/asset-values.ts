/** How the collected asset sections' values read on screen: sizes in bytes, speeds, uptimes, times, the rest as text. */
import type { TFunction } from 'i18next'
import { formatBytes } from '../../shared/format'
import type { AssetValue } from '../../shared/asset-sections'
import { ageText, formatDateTime } from '../../ui'

export function assetText(column: string, value: AssetValue, t: TFunction, lng: string): string {
  if (value === null) return ''
  if (typeof value !== 'number') return value
  if (column.endsWith('_bytes')) return formatBytes(value, lng)
  if (column === 'speed_mbps') return t('assets.host.speed', { n: value })
  if (column === 'load_percent') return t('assets.host.percent', { n: value })
  if (column.endsWith('_at')) return formatDateTime(new Date(value * 1000))
  if (column === 'uptime_s') return ageText(value, (key, options) => t(key, options))
  return String(value)
}

/** Numbers by value, text in natural order; empty values last. */
export function compareValues(a: AssetValue, b: AssetValue): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return String(a).localeCompare(String(b), undefined, { numeric: true })
}
