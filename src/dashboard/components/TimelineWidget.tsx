import { useTranslation } from 'react-i18next'
import { TimelinePanel } from '../../ui'
import { TIMELINE_WINDOW_S, useLastHourEvents, type Environments } from '../api'

/** The environments' events of the last hour (SPEC §2 timeline view's past panel). */
export function TimelineWidget({ environments }: { environments: Environments }) {
  const { t } = useTranslation()
  const events = useLastHourEvents(environments)
  const seconds = Math.floor((events.dataUpdatedAt || Date.now()) / 1000)
  return (
    <TimelinePanel
      title={t('dashboard.timeline.title')}
      events={events.data?.result ?? []}
      now={seconds}
      range={{ from: seconds - TIMELINE_WINDOW_S, to: seconds }}
      isLoading={events.isLoading}
      isError={events.isError}
    />
  )
}
