import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLeaveGuard } from '../../ui'
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

/** One name field with save (and cancel): adds or renames an environment or an environment list. */
export function NameForm({ label, initial = '', isPending, error, onSave, onCancel, children }: Props) {
  const { t } = useTranslation()
  const [name, setName] = useState(initial)
  useLeaveGuard(name !== initial && !isPending, t('admin.common.unsaved'))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSave(name.trim(), () => setName(initial))
  }
  return (
    <form className="d-flex flex-wrap gap-2 align-items-start mb-2" onSubmit={submit} aria-label={label}>
      <input
        className="form-control w-auto"
        aria-label={label}
        placeholder={label}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {children}
      <button type="submit" className="btn btn-primary" disabled={isPending || !name.trim()}>
        {t('admin.common.save')}
      </button>
      {onCancel && (
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('admin.common.cancel')}
        </button>
      )}
      <div className="w-100">
        <FormError error={error} />
      </div>
    </form>
  )
}
