import { useTranslation } from 'react-i18next'
import type { RiskSeverity } from '../../shared/api/risks'
import { Icon } from '../../ui'
import { SEVERITY_CLASS } from '../severity'

/** A SPEC §4 RISK severity (or a risk group's pending style), colour-coded and named. */
export function SeverityBadge({ severity }: { severity: RiskSeverity | 'pending' }) {
  const { t } = useTranslation()
  return (
    <span className={`badge ${SEVERITY_CLASS[severity]} d-inline-flex align-items-center gap-1`}>
      <Icon name="shieldExclamation" />
      {t(`risks.severities.${severity}`)}
    </span>
  )
}
