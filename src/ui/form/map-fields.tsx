/** Form fields the map forms (add, "New map from…", import, properties) and the slideshow form share. */
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '../../shared/api/users'
import { MAP_LAYOUTS } from '../../shared/api/maps'

export type WritableEnvironment = CurrentUser['allowed_environments'][number]

/** SPEC §6: the environments where the person may add maps (maps_write); the "add map" button needs one. */
export const writableEnvironments = (user: CurrentUser | undefined): WritableEnvironment[] =>
  (user?.allowed_environments ?? []).filter((e) => e.allowed_actions.includes('maps_write'))

interface SelectProps<T> {
  value: T | null
  onChange(value: T | null): void
  error?: string | null
}

export function EnvironmentSelect({
  environments,
  value,
  onChange,
  error,
  label,
}: SelectProps<number> & { environments: readonly WritableEnvironment[]; label?: string }) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label ?? t('maps.add.environment')}
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{t('maps.add.chooseEnvironment')}</option>
        {environments.map((e) => (
          <option key={e.id} value={e.id}>
            {e.alias}
          </option>
        ))}
      </select>
      {error && <div className="invalid-feedback">{error}</div>}
    </div>
  )
}

/** SPEC §3 layouts by their list names, in the order of their numbers. */
export function LayoutSelect({ value, onChange, error }: SelectProps<number>) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t('maps.add.layout')}
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">{t('maps.add.chooseLayout')}</option>
        {Object.values(MAP_LAYOUTS)
          .sort()
          .map((n) => (
            <option key={n} value={n}>
              {t(`maps.list.layouts.${n}`)}
            </option>
          ))}
      </select>
      {error && <div className="invalid-feedback">{error}</div>}
    </div>
  )
}

/** SPEC §3 Map description (optional, at most 1,000 characters). */
export function DescriptionField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t('maps.add.description')}
      </label>
      <textarea id={id} className="form-control" rows={2} maxLength={1000} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  )
}

/** SPEC §3 Map use_hard_state. */
export function HardStateCheckbox({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="form-check mb-3">
      <input id={id} type="checkbox" className="form-check-input" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label className="form-check-label" htmlFor={id}>
        {t('maps.add.useHardState')}
      </label>
    </div>
  )
}

/** Cancel and submit at the end of a form dialog; submit waits while the request runs. */
export function FormButtons({ submitLabel, busy, onCancel }: { submitLabel: string; busy: boolean; onCancel(): void }) {
  const { t } = useTranslation()
  return (
    <div className="d-flex justify-content-end gap-2">
      <button type="button" className="btn btn-secondary" onClick={onCancel}>
        {t('maps.add.cancel')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </div>
  )
}
