import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NameInput, nameProblem, useLeaveGuard } from '../../ui'
import { FormError } from './FormError'

interface Props {
  label: string
  initial?: string
  isPending: boolean
  error: Error | null
  /** `clear` empties the field (call it once the name is saved) */
  onSave(name: string, clear: () => void): void
  onCancel?(): void
  children?: ReactNode
}

/** One SPEC §5 name field with save (and cancel): adds or renames an environment or an environment list. */
export function NameForm({ label, initial = '', isPending, error, onSave, onCancel, children }: Props) {
  const { t } = useTranslation()
  const [name, setName] = useState(initial)
  const [submitted, setSubmitted] = useState(false)
  const problem = nameProblem(name)
  useLeaveGuard(name !== initial && !isPending, t('admin.common.unsaved'))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (problem) return
    onSave(name.trim(), () => {
      setName(initial)
      setSubmitted(false)
    })
  }
  return (
    <form className="d-flex flex-wrap gap-2 align-items-start" noValidate onSubmit={submit} aria-label={label}>
      <NameInput label={label} value={name} onChange={setName} problem={submitted ? problem : null} />
      {/* Level with the field, below its label (NameInput's label line is 2rem high). */}
      <div className="d-flex flex-wrap gap-2 align-items-center" style={{ marginTop: '2rem' }}>
        {children}
        <button type="submit" className="btn btn-primary" disabled={isPending || !name.trim()}>
          {t('admin.common.save')}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('admin.common.cancel')}
          </button>
        )}
      </div>
      <div className="w-100">
        <FormError error={error} />
      </div>
    </form>
  )
}
