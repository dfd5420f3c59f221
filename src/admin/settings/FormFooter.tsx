/** Save and discard of a settings form, with the server's refusal in words (SPEC §8); reports unsaved changes (SPEC §5). */
import { useTranslation } from 'react-i18next'
import { isApiFailure } from '../../app/api'
import { translatedErrorText } from '../../app/api'
import { useUnsavedChanges } from './unsaved'

export interface FormFooterProps {
  dirty: boolean
  canWrite: boolean
  /** the save mutation's state */
  isPending: boolean
  error: unknown
  /** a rule the form itself breaks: saving waits for it */
  blocked?: boolean
  onDiscard: () => void
}

export function FormFooter({ dirty, canWrite, isPending, error, blocked, onDiscard }: FormFooterProps) {
  const { t, i18n } = useTranslation()
  useUnsavedChanges(dirty)
  const refusal = isApiFailure(error) ? translatedErrorText(error, i18n) : null
  return (
    <div className="d-flex gap-2 align-items-center mt-3">
      <button type="submit" className="btn btn-primary" disabled={!canWrite || !dirty || blocked || isPending}>
        {isPending ? t('admin.settings.saving') : t('admin.settings.save')}
      </button>
      <button type="button" className="btn btn-outline-secondary" disabled={!dirty || isPending} onClick={onDiscard}>
        {t('admin.settings.reset')}
      </button>
      {refusal && (
        <span className="text-danger" role="alert">
          {refusal}
        </span>
      )}
    </div>
  )
}
