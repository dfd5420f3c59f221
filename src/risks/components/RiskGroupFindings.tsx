import { useTranslation } from 'react-i18next'
import type { RiskPlugin } from '../../shared/api/risks'
import { useRiskGroup } from '../api'
import { SeverityBadge } from './SeverityBadge'

export interface RiskGroupFindingsProps {
  hostgroupId: number
  plugin: RiskPlugin
  onOpen(riskId: number): void
}

/** A plugin's findings in the environment (SPEC §7 risks/{hostgroup_id}/{plugin_id}), each opening its details. */
export function RiskGroupFindings({ hostgroupId, plugin, onOpen }: RiskGroupFindingsProps) {
  const { t } = useTranslation()
  const group = useRiskGroup(hostgroupId, plugin.plugin_id)
  return (
    <section aria-label={t('risks.environment.hosts', { plugin: plugin.plugin_name })}>
      <ul className="list-unstyled mb-0">
        {group.data?.result.map((r) => (
          <li key={r.id} className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <SeverityBadge severity={r.severity} />
            <button
              type="button"
              className="btn btn-link p-0"
              aria-label={t('risks.open', { plugin: r.plugin_name, host: r.host_name })}
              onClick={() => onOpen(r.id)}
            >
              {r.host_name}
            </button>
            <span className="text-body-secondary">
              {r.port ? t('risks.port', { port: r.port, protocol: r.protocol }) : t('risks.wholeHost')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
