import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useMutation } from '@tanstack/react-query'
import { Modal } from '../Modal'
import { filterNameError, type SaveFilterInput } from './saved'
import type { PanelNode } from './rules'

export interface SaveFilterDialogProps {
  rules: PanelNode[]
  /** SPEC §6: only users allowed to manage users (`user_read`) see the organization-wide option. */
  canSaveOrganizationWide: boolean
  /** Resolves when saved (the dialog closes); rejects to keep it open, e.g. on filter_already_exists. */
  onSave(input: SaveFilterInput): Promise<unknown> | void
  onClose(): void
}

/** SPEC §2 "Saved filters, personal or organization-wide": the save dialog. */
export function SaveFilterDialog({ rules, canSaveOrganizationWide, onSave, onClose }: SaveFilterDialogProps) {
  const { t } = useTranslation()
  const id = useId()
  const [name, setName] = useState('')
  const [organizationWide, setOrganizationWide] = useState(false)
  const [touched, setTouched] = useState(false)
  // A refusal is shown by the API client (SPEC §8); the dialog stays for another name.
  const save = useMutation({ mutationFn: async (input: SaveFilterInput) => await onSave(input), onSuccess: onClose })
  const error = touched ? filterNameError(name) : null

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (filterNameError(name) !== null) return
    save.mutate({ name, organization_wide: canSaveOrganizationWide && organizationWide, rules })
  }

  return (
    <Modal title={t('ui.filter.saved.saveTitle')} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <div className="mb-3">
          <label htmlFor={`${id}-name`} className="form-label">
            {t('ui.filter.saved.name')}
          </label>
          <input
            id={`${id}-name`}
            className={`form-control${error ? ' is-invalid' : ''}`}
            value={name}
            maxLength={50}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
          />
          {error && (
            <div id={`${id}-error`} className="invalid-feedback">
              {t(`ui.filter.saved.nameErrors.${error}`)}
            </div>
          )}
        </div>
        {canSaveOrganizationWide && (
          <div className="form-check mb-3">
            <input
              id={`${id}-org`}
              type="checkbox"
              className="form-check-input"
              checked={organizationWide}
              onChange={(e) => setOrganizationWide(e.target.checked)}
            />
            <label htmlFor={`${id}-org`} className="form-check-label">
              {t('ui.filter.saved.organizationWide')}
            </label>
          </div>
        )}
        <div className="d-flex justify-content-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('ui.actions.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t('ui.filter.saved.save')}
          </button>
        </div>
      </form>
    </Modal>
  )
}
