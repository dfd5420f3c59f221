import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ENVIRONMENT_FILTER_CHIPS_MAX } from '../../shared/constants'

export interface EnvironmentFilterFeedbackProps {
  /** Translated names of the environments (and lists) the environment filter preference keeps. */
  labels: readonly string[]
  /** Opens the environment selector (SPEC §2 shortcut e). */
  onEdit?(): void
}

/** SPEC §2 / §9 "Environment-filter feedback: at most 2 labels shown, then a show-more link". */
export function EnvironmentFilterFeedback({ labels, onEdit }: EnvironmentFilterFeedbackProps) {
  const { t } = useTranslation()
  const [all, setAll] = useState(false)
  if (labels.length === 0) return null
  const shown = all ? labels : labels.slice(0, ENVIRONMENT_FILTER_CHIPS_MAX)
  const hidden = labels.length - shown.length
  return (
    <div role="group" aria-label={t('ui.filter.environments.label')} className="d-flex flex-wrap align-items-center gap-1 small">
      <span>{t('ui.filter.environments.label')}:</span>
      {shown.map((label, i) => (
        <span key={`${i}-${label}`} className="badge text-bg-info">
          {label}
        </span>
      ))}
      {hidden > 0 && (
        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => setAll(true)}>
          {t('ui.filter.environments.more', { n: hidden })}
        </button>
      )}
      {all && labels.length > ENVIRONMENT_FILTER_CHIPS_MAX && (
        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => setAll(false)}>
          {t('ui.filter.environments.less')}
        </button>
      )}
      {onEdit && (
        <button type="button" className="btn btn-link btn-sm p-0" onClick={onEdit}>
          {t('ui.filter.environments.edit')}
        </button>
      )}
    </div>
  )
}
