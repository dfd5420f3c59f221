/**
 * What a host item says of its resources (issue 18): counts by state, and the resources that are not OK, worst
 * first (SPEC §4 resource severity), with their output. Shown in the popover and the hover tooltip.
 */
import { useTranslation } from 'react-i18next'
import type { MapObjectState } from '../shared/api/maps'
import { StateBadge } from '../ui'

/** Most non-OK resources listed; the rest are counted. */
const LISTED = 8

/** Resource counts by state, in SPEC §4 severity order (worst first), only states that occur. */
export function resourceCounts(resources: readonly MapObjectState[]): [string, number][] {
  const counts = new Map<string, number>()
  for (const r of resources) counts.set(r.state, (counts.get(r.state) ?? 0) + 1)
  return ['critical', 'warning', 'unknown', 'pending', 'ok'].filter((s) => counts.has(s)).map((s) => [s, counts.get(s)!])
}

export function HostResources({ resources, outputs = true }: { resources: readonly MapObjectState[]; outputs?: boolean }) {
  const { t } = useTranslation()
  if (!resources.length) return null
  const problems = resources.filter((r) => r.state !== 'ok')
  return (
    <div data-testid="host-resources">
      <p className="mb-1">
        {t('maps.viewer.resources.counts', {
          count: resources.length,
          states: resourceCounts(resources)
            .map(([state, n]) => t('maps.viewer.resources.count', { n, state: t(`ui.states.${state}`, { defaultValue: state }) }))
            .join(', '),
        })}
      </p>
      {problems.length > 0 && (
        <ul className="list-unstyled mb-1" aria-label={t('maps.viewer.resources.problems')}>
          {problems.slice(0, LISTED).map((r) => (
            <li key={r.id} className="text-truncate">
              <StateBadge kind="resource" state={r.state} /> {r.name}
              {outputs && r.plugin_output && <span className="text-body-secondary"> – {r.plugin_output}</span>}
            </li>
          ))}
          {problems.length > LISTED && <li>{t('maps.viewer.more', { count: problems.length - LISTED })}</li>}
        </ul>
      )}
    </div>
  )
}
