/** The month grid of the picker's calendar: SPEC §2 and §5 "week starts Monday". */

/** 0 for Monday … 6 for Sunday. */
export function mondayIndex(d: Date): number {
  return (d.getDay() + 6) % 7
}

/** The weeks (Monday to Sunday) that show `month` of `year`, padded with days of the months around it. */
export function monthGrid(year: number, month: number): Date[][] {
  const first = new Date(year, month, 1)
  const start = new Date(year, month, 1 - mondayIndex(first))
  const daysInMonth = new Date(year, month + 1, 0).getDate()
  const weeks = Math.ceil((mondayIndex(first) + daysInMonth) / 7)
  return Array.from({ length: weeks }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + w * 7 + d)),
  )
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()
}

/** The i18n keys of the weekday column headers, Monday first. */
export const WEEKDAY_KEYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'].map((d) => `ui.dateRange.weekdays.${d}`)
