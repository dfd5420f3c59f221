import { useTranslation } from 'react-i18next'
import { useCurrentUser } from '../../app/api'
import { useLayout, useSaveLayout } from '../api'
import { isFull, isPinned, pinGraph } from '../layout'

export interface PinGraphButtonProps {
  resourceId: number
}

/**
 * "Pin to dashboard" on a resource's graphs tab (SPEC §2): its graphs become a widget of the user's own dashboard.
 * Not offered to a user without the dashboard module (SPEC §6 module access).
 */
export function PinGraphButton({ resourceId }: PinGraphButtonProps) {
  const user = useCurrentUser()
  return user?.allowed_modules.includes('dashboard') ? <PinButton resourceId={resourceId} /> : null
}

function PinButton({ resourceId }: PinGraphButtonProps) {
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
