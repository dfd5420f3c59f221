/**
 * SPEC §2 "Empty messages: no problems detected (with an active-filter variant), no risks found, or no
 * records (with a filter variant)". The i18n key of the message an empty table shows.
 */
export type EmptyKind = 'problems' | 'risks' | 'records'

export function emptyMessageKey(kind: EmptyKind, filterActive: boolean): string {
  if (kind === 'risks') return 'ui.table.empty.risks'
  return `ui.table.empty.${kind}${filterActive ? 'Filtered' : ''}`
}
