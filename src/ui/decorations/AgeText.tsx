import { useTexts } from '../use-texts'
import { formatDateTime, fromUnix } from '../date/date-time'
import { ageText, ageSeconds, isRecent } from './age'

export interface AgeTextProps {
  /** Unix seconds of the last state change (SPEC §3 last_state_change). */
  since: number
  /** Milliseconds; the screen passes its refresh clock so ages move with the data. */
  now: number
}

/** Abbreviated age (SPEC §9), bold under 600 s (SPEC §2, §4); the exact time is the tooltip. */
export function AgeText({ since, now }: AgeTextProps) {
  const t = useTexts()
  const seconds = ageSeconds(since, now)
  const text = ageText(seconds, t)
  return (
    <time
      dateTime={fromUnix(since).toISOString()}
      title={formatDateTime(fromUnix(since))}
      className={isRecent(seconds) ? 'fw-bold' : undefined}
    >
      {text}
    </time>
  )
}
