/**
 * "Bind to host…" from the context menu (issue 18): the host picker over the canvas binds the item to the host
 * picked (actions/document.ts bindHost); a host already on the map is offered disabled (SPEC §5).
 */
import { useTranslation } from 'react-i18next'
import { boundIds } from '../../shared/maps'
import { runEdit } from '../actions'
import { bindHost, type PlaceResult } from '../actions/document'
import type { Editor } from '../model/editor'
import { HostPicker } from './HostPicker'

export interface BindHostPanelProps {
  editor: Editor
  id: string
  hostgroupId: number
  at: { x: number; y: number }
  notify?(messageKey: string): void
  onClose(): void
}

export function BindHostPanel({ editor, id, hostgroupId, at, notify, onClose }: BindHostPanelProps) {
  const { t } = useTranslation()
  const taken = new Set(boundIds(editor.get().doc).host)
  return (
    <div
      role="dialog"
      aria-label={t('editor.menu.bindHost')}
      className="position-absolute bg-body shadow-sm rounded"
      style={{ left: at.x, top: at.y, zIndex: 3, width: 280 }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose()
      }}
    >
      <HostPicker
        label={t('editor.menu.bindSearch')}
        hostgroupId={hostgroupId}
        taken={taken}
        onPick={(host) => {
          const result: PlaceResult = { refused: null }
          if (host) runEdit(editor, bindHost, { id, host, result })
          if (result.refused) notify?.('editor.page.refused.once')
          onClose()
        }}
      />
    </div>
  )
}
