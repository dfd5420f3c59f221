/**
 * The freshness indicator (issue 7): "Live" while the feed is open, else when the data was last confirmed —
 * a NOC wall must never show old states as if they were current.
 */
import { useTranslation } from 'react-i18next'
import { useFeedState } from '../app/feed'
import { clockTime } from './clock'

export function Freshness({ confirmedAt }: { confirmedAt: number | null }) {
  const { t } = useTranslation()
  const status = useFeedState((s) => s.status)
  // Read only while it is shown: open, the feed moves it at every message, and a busy wall would re-render
  // this badge 20 times a second for the same "Live" (issue 18 wall-soak: React tasks between its frames).
  const lastMessageAt = useFeedState((s) => (s.status === 'open' ? null : s.lastMessageAt))
  const live = status === 'open'
  const last = Math.max(confirmedAt ?? 0, lastMessageAt ?? 0)
  return (
    <span role="status" className={`badge ${live ? 'text-bg-success' : 'text-bg-warning'}`} data-feed={status}>
      {live ? t('maps.viewer.live') : last ? t('maps.viewer.lastConfirmed', { time: clockTime(last) }) : t('maps.viewer.reconnecting')}
    </span>
  )
}
