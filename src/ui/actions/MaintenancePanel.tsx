import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DateRangePicker } from '../date/DateRangePicker'
import { MAINTENANCE_PRESETS } from '../date/presets'
import { ActionFrame } from './ActionFrame'
import { CommentField, FormButtons, TargetList, targetName, useSubmit } from './fields'
import {
  defaultMaintenanceDraft,
  MAINTENANCE_MODES,
  showsSetToHost,
  validateMaintenance,
  type MaintenanceDraft,
  type MaintenanceField,
  type MaintenancePayload,
} from './maintenance-form'
import type { ActionTarget, FieldErrors } from './target'

export interface MaintenancePanelProps {
  /** Hosts or resources, one per selected row (SPEC §2 "Multi-select for several hosts"). */
  targets: readonly ActionTarget[]
  /** SPEC §3 Maintenance payloads; `set_to_host_checkbox` tells the screen to POST on the host (SPEC §7). */
  onSubmit(payloads: MaintenancePayload[]): Promise<unknown> | void
  onClose(): void
  /** The clock; injectable for tests. */
  now?(): Date
}

/** SPEC §2 "Maintenance form" with the rules of maintenance-form.ts. */
export function MaintenancePanel({ targets, onSubmit, onClose, now = () => new Date() }: MaintenancePanelProps) {
  const { t } = useTranslation()
  const id = useId()
  const [draft, setDraft] = useState<MaintenanceDraft>(() => defaultMaintenanceDraft(now()))
  // Until the person picks a range, the default "now → +2 h" follows the clock, so it is never in the past.
  const [rangeTouched, setRangeTouched] = useState(false)
  const [errors, setErrors] = useState<FieldErrors<MaintenanceField>>({})
  const [busy, submit] = useSubmit(onSubmit)
  const change = (partial: Partial<MaintenanceDraft>) => setDraft((d) => ({ ...d, ...partial }))
  const setToHostShown = showsSetToHost(targets)

  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault()
    const at = now()
    const current = rangeTouched ? draft : { ...draft, start: defaultMaintenanceDraft(at).start, end: defaultMaintenanceDraft(at).end }
    const outcome = validateMaintenance(current, targets, at)
    setErrors(outcome.ok ? {} : outcome.errors)
    if (outcome.ok) submit(outcome.payloads)
  }
  const message = (key: string | undefined) => (key ? t(key) : undefined)

  return (
    <ActionFrame title={t('ui.maintenance.title')} onClose={onClose}>
      <form noValidate onSubmit={onFormSubmit}>
        <TargetList names={targets.map(targetName)} />
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('ui.maintenance.range')}</legend>
          {MAINTENANCE_MODES.map((mode) => (
            <div key={mode} className="form-check form-check-inline">
              <input
                id={`${id}-mode-${mode}`}
                type="radio"
                name={`${id}-mode`}
                className="form-check-input"
                checked={draft.mode === mode}
                onChange={() => change({ mode })}
              />
              <label htmlFor={`${id}-mode-${mode}`} className="form-check-label">
                {t(`ui.maintenance.modes.${mode}`)}
              </label>
            </div>
          ))}
        </fieldset>
        {draft.mode === 'next' ? (
          <div className="mb-3">
            <label htmlFor={`${id}-next`} className="form-label">
              {t('ui.maintenance.nextMinutes')}
            </label>
            <input
              id={`${id}-next`}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              className={`form-control${errors.next ? ' is-invalid' : ''}`}
              value={draft.next}
              aria-invalid={errors.next ? true : undefined}
              aria-describedby={errors.next ? `${id}-next-error` : undefined}
              onChange={(e) => change({ next: e.target.value })}
            />
            {errors.next && (
              <div id={`${id}-next-error`} className="invalid-feedback">
                {t(errors.next)}
              </div>
            )}
          </div>
        ) : (
          <div className="mb-3">
            <DateRangePicker
              presets={MAINTENANCE_PRESETS}
              now={now}
              value={{ start: draft.start, end: draft.end }}
              errors={{ start: message(errors.start), end: message(errors.end) }}
              onChange={(range) => {
                setRangeTouched(true)
                change(range)
              }}
            />
          </div>
        )}
        <div className="mb-3">
          <label htmlFor={`${id}-duration`} className="form-label">
            {t('ui.maintenance.duration')}
          </label>
          <input
            id={`${id}-duration`}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            className={`form-control${errors.duration ? ' is-invalid' : ''}`}
            value={draft.duration}
            disabled={draft.mode !== 'flexible'}
            aria-invalid={errors.duration ? true : undefined}
            aria-describedby={errors.duration ? `${id}-duration-error` : undefined}
            onChange={(e) => change({ duration: e.target.value })}
          />
          {errors.duration && (
            <div id={`${id}-duration-error`} className="invalid-feedback">
              {t(errors.duration)}
            </div>
          )}
        </div>
        <CommentField value={draft.comment} onChange={(comment) => change({ comment })} error={errors.comment} />
        {setToHostShown && (
          <div className="form-check mb-3">
            <input
              id={`${id}-host`}
              type="checkbox"
              className="form-check-input"
              checked={draft.setToHost}
              onChange={(e) => change({ setToHost: e.target.checked })}
            />
            <label htmlFor={`${id}-host`} className="form-check-label">
              {t('ui.maintenance.setToHost')}
            </label>
          </div>
        )}
        <FormButtons submitLabel={t('ui.maintenance.submit')} busy={busy} onCancel={onClose} />
      </form>
    </ActionFrame>
  )
}
