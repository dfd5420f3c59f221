import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCurrentUser } from '../../app/api'
import { savePreferences } from '../../app/preferences'
import type { CurrentUser } from '../../shared/api/users'
import { EnvironmentFilterFeedback, Modal } from '../../ui'
import { monitoringUi, useMonitoringUi } from '../state'

/** An environment id, or `group-{id}` for an environment list (SPEC §3). */
type Entry = number | string

/** The names of the environment filter's entries (SPEC §3: environment ids and `group-{id}` lists). */
export function environmentLabels(user: CurrentUser | undefined): string[] {
  return (user?.preferences.environmentFilter ?? []).flatMap((entry) => {
    const label =
      typeof entry === 'number'
        ? user?.allowed_environments.find((e) => e.id === entry)?.alias
        : user?.allowed_environment_lists.find((l) => `group-${l.id}` === entry)?.name
    return label ? [label] : []
  })
}

/**
 * SPEC §2 shortcut e "open the environment selector" and SPEC §3 preferences.environmentFilter: which of the
 * allowed environments and environment lists (SPEC §6 limits what is selectable) the lists show.
 */
export function EnvironmentSelector() {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const open = useMonitoringUi((s) => s.environmentSelectorOpen)
  const labels = environmentLabels(user)
  return (
    <>
      {labels.length > 0 ? (
        <EnvironmentFilterFeedback labels={labels} onEdit={() => monitoringUi.setEnvironmentSelector(true)} />
      ) : (
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => monitoringUi.setEnvironmentSelector(true)}>
          {t('monitoring.environments.open')}
        </button>
      )}
      {open && user && <SelectorDialog user={user} onClose={() => monitoringUi.setEnvironmentSelector(false)} />}
    </>
  )
}

function SelectorDialog({ user, onClose }: { user: CurrentUser; onClose(): void }) {
  const { t } = useTranslation()
  const id = useId()
  const [chosen, setChosen] = useState<Entry[]>(() => user.preferences.environmentFilter)
  const toggle = (entry: Entry) => setChosen((c) => (c.includes(entry) ? c.filter((e) => e !== entry) : [...c, entry]))
  const apply = (filter: Entry[]) => {
    savePreferences({ environmentFilter: filter })
    onClose()
  }
  const options: { entry: Entry; label: string }[] = [
    ...user.allowed_environment_lists.map((l) => ({ entry: `group-${l.id}`, label: l.name })),
    ...user.allowed_environments.map((e) => ({ entry: e.id, label: e.alias })),
  ]
  return (
    <Modal title={t('monitoring.environments.title')} onClose={onClose}>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('monitoring.environments.legend')}</legend>
        {options.map(({ entry, label }) => (
          <div key={String(entry)} className="form-check">
            <input
              id={`${id}-${entry}`}
              type="checkbox"
              className="form-check-input"
              checked={chosen.includes(entry)}
              onChange={() => toggle(entry)}
            />
            <label htmlFor={`${id}-${entry}`} className="form-check-label">
              {label}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="d-flex justify-content-end gap-2">
        <button type="button" className="btn btn-outline-secondary me-auto" onClick={() => apply([])}>
          {t('monitoring.environments.clear')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('ui.actions.cancel')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => apply(chosen)}>
          {t('monitoring.environments.apply')}
        </button>
      </div>
    </Modal>
  )
}
