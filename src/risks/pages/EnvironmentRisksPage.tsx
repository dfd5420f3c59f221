import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useCurrentUser } from '../../app/api'
import { usePagedRoute } from '../../app/filters'
import { useTableShortcuts } from '../../app/input'
import { NotFoundPage } from '../../app/shell'
import { RISK_SEVERITIES, type RiskPlugin } from '../../shared/api/risks'
import { LIST_LIMIT_MAX } from '../../shared/constants'
import { isTablePathSegment, TablePanel, type TableColumn } from '../../ui'
import { fetchRiskPlugins, useRiskPlugins } from '../api'
import { RiskDetail } from '../components/RiskDetail'
import { RiskGroupFindings } from '../components/RiskGroupFindings'
import { SeverityBadge } from '../components/SeverityBadge'
import { useOpenRisk } from '../use-open-risk'
import { RisksPage } from './RisksPage'

/**
 * SPEC §2 /risks/{hostgroup_name}: one environment's risks grouped by plugin, each with its counts per SPEC §4
 * severity and the group style (its highest severity with a nonzero count); worst first, as the server orders them.
 * A plugin's row opens to its findings, and a finding to its details.
 */
export function EnvironmentRisksPage() {
  const { hostgroup_name: name = '' } = useParams()
  // /risks/page=2: the overview's page path form (SPEC §2) lands on this route; an environment's name has no "=".
  return isTablePathSegment(name) ? <RisksPage /> : <EnvironmentRisks name={name} />
}

function EnvironmentRisks({ name }: { name: string }) {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const [openRisk, setOpenRisk] = useOpenRisk()
  const environment = user?.allowed_environments.find((e) => e.name === name)
  const paging = usePagedRoute()
  const plugins = useRiskPlugins(environment ? { hostgroup_id: environment.id, ...paging.range } : null)
  useTableShortcuts({ ...paging.table, total: plugins.data?.totalresults, reload: () => void plugins.refetch() })

  const columns = useMemo(
    (): TableColumn<RiskPlugin>[] => [
      {
        id: 'severity',
        header: t('risks.columns.severity'),
        sticky: 'state',
        csv: (p) => t(`risks.severities.${p.severity}`),
        cell: (p) => <SeverityBadge severity={p.severity} />,
      },
      { id: 'plugin_name', header: t('risks.columns.plugin'), sticky: 'name', csv: (p) => p.plugin_name, cell: (p) => p.plugin_name },
      ...[...RISK_SEVERITIES].reverse().map((s): TableColumn<RiskPlugin> => ({
        id: `count_${s}`,
        header: t(`risks.severities.${s}`),
        className: 'text-end',
        csv: (p) => p.counts[s],
        cell: (p) => (p.counts[s] ? <strong>{p.counts[s]}</strong> : <span className="text-body-secondary">0</span>),
      })),
      { id: 'total', header: t('risks.columns.risks'), className: 'text-end', csv: (p) => p.total, cell: (p) => p.total },
    ],
    [t],
  )

  if (paging.notFound) return <NotFoundPage />
  if (user && !environment)
    return (
      <div className="container-fluid py-3">
        <p role="alert">{t('risks.list.unknownEnvironment', { name })}</p>
      </div>
    )
  const title = t('risks.list.environmentTitle', { environment: environment?.alias ?? name })
  return (
    <div className="container-fluid py-3">
      <h1 className="h4">{title}</h1>
      <TablePanel
        title={t('risks.environment.plugins')}
        rows={plugins.data?.result ?? []}
        getRowId={(p) => p.plugin_id}
        columns={columns}
        total={plugins.data?.totalresults ?? 0}
        {...paging.table}
        loading={plugins.isFetching}
        emptyKind="risks"
        fetchAllRows={
          environment && (async () => (await fetchRiskPlugins({ hostgroup_id: environment.id, limit: LIST_LIMIT_MAX, offset: 0 })).result)
        }
        renderExpanded={(p) => <RiskGroupFindings hostgroupId={p.hostgroup_id} plugin={p} onOpen={setOpenRisk} />}
      />
      {openRisk !== null && <RiskDetail id={openRisk} onClose={() => setOpenRisk(null)} />}
    </div>
  )
}
