/**
 * The freshness indicator (issue 7): "Live" while the feed is open, else when the data was last confirmed —
 * a NOC wall must never show old states as if they were current.
 */
import { useTranslation } from 'react-i18next'
import { useFeedState } from '../app/feed'

const clock = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })

export function Freshness({ confirmedAt }: { confirmedAt: number | null }) {
  const { t } = useTranslation()
  const feed = useFeedState()
  const live = feed.status === 'open'
  const last = Math.max(confirmedAt ?? 0, feed.lastMessageAt ?? 0)
  return (
    <span role="status" className={`badge ${live ? 'text-bg-success' : 'text-bg-warning'}`} data-feed={feed.status}>
      {live ? t('maps.viewer.live') : last ? t('maps.viewer.lastConfirmed', { time: clock(last) }) : t('maps.viewer.reconnecting')}
    </span>
  )
}
