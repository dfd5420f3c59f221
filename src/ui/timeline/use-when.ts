/**
 * How the timeline writes times: absolute as SPEC §9 "DD-MM-YYYY HH:mm:ss", relative in the abbreviated
 * wording of SPEC §9 ("5m ago", "in 2d"), and day labels for the separators ("Today, 23-11-2026").
 */
import { useTranslation } from 'react-i18next'
import { formatDateTime, fromUnix } from '../date/date-time'
import { ageText } from '../decorations/age'
import { daysFromToday } from './timeline-model'

const NAMED_DAYS: Record<number, string> = { [-1]: 'yesterday', 0: 'today', 1: 'tomorrow' }

export function useWhen() {
  const { t, i18n } = useTranslation()
  const span = (seconds: number) => ageText(Math.abs(seconds), t)
  return {
    absolute: (time: number) => formatDateTime(fromUnix(time)),
    /** `past`: the time is of something that happened; a clock ahead of ours never makes it "in 6s". */
    relative: (time: number, now: number, past = false) => {
      const delta = past ? Math.min(0, time - now) : time - now
      if (Math.abs(delta) < 1) return t('monitoring.timeline.now')
      return delta < 0 ? t('monitoring.timeline.ago', { span: span(delta) }) : t('monitoring.timeline.in', { span: span(delta) })
    },
    /** `day` is YYYY-MM-DD local (timeline-model localDay). */
    dayLabel: (day: string, now: number) => {
      const [y, m, d] = day.split('-').map(Number)
      const date = formatDateTime(new Date(y, m - 1, d)).slice(0, 10)
      const named = NAMED_DAYS[daysFromToday(day, now)]
      const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'long' }).format(new Date(y, m - 1, d))
      return named ? `${t(`monitoring.timeline.${named}`)}, ${date}` : `${weekday}, ${date}`
    },
  }
}
