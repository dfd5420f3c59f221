import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DASHBOARD_WIDGETS_MAX, type DashboardWidget } from '../../shared/api/dashboard'
import { ADDABLE_KINDS, addWidget, isFull, type AddableKind } from '../layout'

export interface AddWidgetProps {
  widgets: DashboardWidget[]
  onChange(widgets: DashboardWidget[]): void
}

/** Picks a widget kind and adds it at the end of the dashboard (graphs are pinned from a resource's graphs tab). */
export function AddWidget({ widgets, onChange }: AddWidgetProps) {
  const { t } = useTranslation()
  const id = useId()
  const [kind, setKind] = useState<AddableKind>('problems')
  const full = isFull(widgets)
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor={id} className="visually-hidden">
        {t('dashboard.page.addLabel')}
      </label>
      <select id={id} className="form-select form-select-sm w-auto" value={kind} onChange={(e) => setKind(e.target.value as AddableKind)}>
        {ADDABLE_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`dashboard.widget.kinds.${k}`)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={full}
        title={full ? t('dashboard.page.full', { max: DASHBOARD_WIDGETS_MAX }) : undefined}
        onClick={() => onChange(addWidget(widgets, kind))}
      >
        {t('dashboard.page.add')}
      </button>
    </div>
  )
}
