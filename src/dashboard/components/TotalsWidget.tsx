import { useTranslation } from 'react-i18next'
import { HOST_STATES, RESOURCE_STATES } from '../../shared/enums'
import { StateBadge } from '../../ui'
import { useTotals, type Entity, type Environments } from '../api'
import { WidgetBody } from './WidgetBody'

const STATES: Record<Entity, readonly string[]> = { hosts: HOST_STATES, resources: RESOURCE_STATES }

/** Hosts and resources per state in the environments on screen (SPEC §2 state-count totals). */
export function TotalsWidget({ environments }: { environments: Environments }) {
  return (
    <div className="row g-3">
      <EntityTotals entity="hosts" environments={environments} />
      <EntityTotals entity="resources" environments={environments} />
    </div>
  )
}

function EntityTotals({ entity, environments }: { entity: Entity; environments: Environments }) {
  const { t } = useTranslation()
  const totals = useTotals(entity, environments)
  const heading = t(`dashboard.totals.${entity}`)
  return (
    <div className="col-12 col-sm-6">
      <h3 className="h6">{heading}</h3>
      <WidgetBody query={totals}>
        {(counts) => (
          <>
            <ul className="list-unstyled mb-1" aria-label={heading}>
              {STATES[entity]
                // Offline hosts are rare: listed only when there are some.
                .filter((state) => state !== 'offline' || (counts[state] ?? 0) > 0)
                .map((state) => (
                  <li key={state} className="d-flex align-items-center gap-2 mb-1">
                    <StateBadge kind={entity === 'hosts' ? 'host' : 'resource'} state={state} />
                    <span className="fw-semibold">{counts[state] ?? 0}</span>
                  </li>
                ))}
            </ul>
            <p className="small text-body-secondary mb-0">
              {t('dashboard.totals.total', { count: Object.values(counts).reduce((a, b) => a + b, 0) })}
            </p>
          </>
        )}
      </WidgetBody>
    </div>
  )
}
