import { useMutation } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActionTarget } from './target'

export interface CommentFieldProps {
  value: string
  onChange(value: string): void
  /** i18n key of the error (SPEC §5 "comment required" for a missing comment). */
  error?: string
  disabled?: boolean
}

/** The comment textarea of the action panels. */
export function CommentField({ value, onChange, error, disabled }: CommentFieldProps) {
  const { t } = useTranslation()
  const id = useId()
  const label = t('ui.actions.comment')
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <textarea
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={3}
        value={value}
        disabled={disabled}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {t(error, { field: label })}
        </div>
      )}
    </div>
  )
}

export interface CheckFieldProps {
  label: string
  checked: boolean
  onChange(checked: boolean): void
}

/** One labelled checkbox of an action panel. */
export function CheckField({ label, checked, onChange }: CheckFieldProps) {
  const id = useId()
  return (
    <div className="form-check mb-3">
      <input id={id} type="checkbox" className="form-check-input" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
    </div>
  )
}

/** "host" or "host – resource". */
export function targetName(target: ActionTarget): string {
  return target.resource_name ? `${target.host_name} – ${target.resource_name}` : target.host_name
}

/** SPEC §2 "list of hosts" the action applies to. */
export function TargetList({ names }: { names: readonly string[] }) {
  const { t } = useTranslation()
  return (
    <ul className="list-inline mb-3" aria-label={t('ui.actions.targets')}>
      {names.map((name, i) => (
        <li key={`${i}-${name}`} className="list-inline-item badge text-bg-light border">
          {name}
        </li>
      ))}
    </ul>
  )
}

/**
 * Runs `onSubmit` as a mutation (issue 14: writes as mutations), busy while it is pending. Failures are the
 * API client's to show (SPEC §8), so the mutation swallows them after they are shown.
 */
export function useSubmit<P>(onSubmit: (payloads: P[]) => Promise<unknown> | void): [boolean, (payloads: P[]) => void] {
  const mutation = useMutation({ mutationFn: async (payloads: P[]) => onSubmit(payloads) })
  return [mutation.isPending, (payloads) => mutation.mutate(payloads)]
}

export interface FormButtonsProps {
  submitLabel: string
  busy: boolean
  onCancel(): void
}

export function FormButtons({ submitLabel, busy, onCancel }: FormButtonsProps) {
  const { t } = useTranslation()
  return (
    <div className="d-flex justify-content-end gap-2">
      <button type="button" className="btn btn-secondary" onClick={onCancel}>
        {t('ui.actions.cancel')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {submitLabel}
      </button>
    </div>
  )
}
