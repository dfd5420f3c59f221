/**
 * Date helpers of the date-range picker (SPEC §2 and §9 "Date-range": 24-hour time, 5-minute step,
 * format DD-MM-YYYY HH:mm:ss, week starts Monday). Local time, as the person reads the clock.
 */

/** SPEC §9 "Step 5 minutes". */
export const STEP_MINUTES = 5

/** SPEC §9 "Format DD-MM-YYYY HH:mm:ss", shown as the input's placeholder. */
export const DATE_TIME_FORMAT = 'DD-MM-YYYY HH:mm:ss'

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

export function formatDateTime(d: Date): string {
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${pad(d.getFullYear(), 4)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

const PATTERN = /^(\d{1,2})-(\d{1,2})-(\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))?$/

/** Reads what a person typed; seconds may be left out. Null for text that is not a real date (31-02-…). */
export function parseDateTime(text: string): Date | null {
  const m = PATTERN.exec(text.trim())
  if (!m) return null
  const [day, month, year, hours, minutes, seconds] = m.slice(1).map((part) => Number(part ?? 0))
  const d = new Date(year, month - 1, day, hours, minutes, seconds)
  const exact =
    d.getFullYear() === year &&
    d.getMonth() === month - 1 &&
    d.getDate() === day &&
    d.getHours() === hours &&
    d.getMinutes() === minutes &&
    d.getSeconds() === seconds
  return exact ? d : null
}

export function startOfMinute(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes())
}

/** Rounds to the SPEC §9 5-minute step, down or up (a time on the step stays as it is). */
export function roundToStep(d: Date, direction: 'down' | 'up', stepMinutes: number = STEP_MINUTES): Date {
  const minute = startOfMinute(d)
  const onStep = minute.getMinutes() % stepMinutes === 0 && minute.getTime() === d.getTime()
  if (onStep) return minute
  const down = minute.getMinutes() - (minute.getMinutes() % stepMinutes)
  return new Date(
    minute.getFullYear(),
    minute.getMonth(),
    minute.getDate(),
    minute.getHours(),
    direction === 'down' ? down : down + stepMinutes,
  )
}

/** Calendar months: 31-01 + 1 month is the last day of February, not a day in March. */
export function addMonths(d: Date, months: number): Date {
  const target = new Date(d.getFullYear(), d.getMonth() + months, 1, d.getHours(), d.getMinutes(), d.getSeconds())
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate()
  target.setDate(Math.min(d.getDate(), lastDay))
  return target
}

export function addMinutes(d: Date, minutes: number): Date {
  return new Date(d.getTime() + minutes * 60_000)
}

/** Unix seconds, the unit of every time on the wire (SPEC §3). */
export function toUnix(d: Date): number {
  return Math.floor(d.getTime() / 1000)
}

export function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000)
}

/** The same date with another time of day (the picker's hour and minute selects). */
export function withTime(d: Date, hours: number, minutes: number, seconds = 0): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), hours, minutes, seconds)
}

/** The same time of day on another calendar day (a click in the calendar). */
export function withDay(time: Date, day: Date): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), time.getHours(), time.getMinutes(), time.getSeconds())
}
