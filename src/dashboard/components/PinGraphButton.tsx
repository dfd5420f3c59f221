import { useTranslation } from 'react-i18next'
import { useLayout, useSaveLayout } from '../api'
import { isFull, isPinned, pinGraph } from '../layout'

export interface PinGraphButtonProps {
  resourceId: number
}

/** "Pin to dashboard" on a resource's graphs tab (SPEC §2): its graphs become a widget of the user's own dashboard. */
export function PinGraphButton({ resourceId }: PinGraphButtonProps) {
  const { t } = useTranslation()
  const layout = useLayout()
  const save = useSaveLayout()
  const widgets = layout.data?.widgets ?? []
  const pinned = isPinned(widgets, resourceId)
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-primary"
      aria-pressed={pinned}
      disabled={!layout.data || pinned || save.isPending || isFull(widgets)}
      onClick={() => save.mutate({ widgets: pinGraph(widgets, resourceId) })}
    >
      {t(pinned ? 'dashboard.pin.pinned' : 'dashboard.pin.pin')}
    </button>
  )
}
