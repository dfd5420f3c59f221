/**
 * What a click on a bound item shows (issue 7): its state, output and age, a host's resources that are not OK
 * and their counts (issue 18), links to its status, resources,
 * timeline, graphs and assets, acknowledge and maintenance (issue 18), and a jump into the host or resource; a
 * nested map item opens that map.
 * Plain DOM over the canvas: plugin output is text, never HTML.
 */
import { Suspense, useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AgeText, ObjectActionsContext, StateBadge, decorationsOf } from '../ui'
import type { LiveStates } from './live/live-states'
import { hostLinks, mapPath, resourceLinks } from './links'
import { HostResources } from './HostResources'

export interface PopoverTarget {
  itemId: string
  x: number
  y: number
}

export function ItemPopover({ target, live, label, onClose }: { target: PopoverTarget; live: LiveStates; label: string; onClose(): void }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.focus()
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose, target.itemId])

  // Issue 18: acknowledge and maintenance from the wall, for users with those rights (given by the app).
  const ObjectActions = useContext(ObjectActionsContext)
  const bound = live.objectOfItem(target.itemId)
  const nested = live.nestedOf(target.itemId)
  // Live while open: an acknowledgement or a new state shows at once (issue 18).
  const state = useSyncExternalStore(
    useCallback((changed: () => void) => live.subscribeItem(target.itemId, changed), [live, target.itemId]),
    () => live.stateOf(target.itemId),
  )
  const links = bound
    ? bound.kind === 'host'
      ? hostLinks(bound.object.name)
      : resourceLinks(bound.object.host_name, bound.object.name)
    : []
  const open = bound ? links[0].to : nested ? mapPath(nested.hostgroup_name, nested.name) : null
  const o = bound?.object

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="dialog"
      aria-label={label}
      className="card shadow position-absolute small"
      data-testid="map-popover"
      style={{ left: Math.max(8, target.x + 12), top: Math.max(8, target.y + 12), width: 320, zIndex: 10, maxWidth: 'calc(100% - 16px)' }}
      onPointerDown={(e) => e.stopPropagation()}
      onPointerUp={(e) => e.stopPropagation()}
    >
      <div className="card-header d-flex align-items-center gap-2">
        <strong className="text-truncate">{label}</strong>
        <button type="button" className="btn-close ms-auto" aria-label={t('maps.viewer.popover.close')} onClick={onClose} />
      </div>
      <div className="card-body">
        <dl className="row mb-2">
          <dt className="col-4">{t('maps.viewer.popover.state')}</dt>
          <dd className="col-8">
            {o ? <StateBadge kind={bound.kind} state={o.state} /> : state && t(`maps.viewer.state.${state.map_state}`)}
            {state?.recursion && <span className="ms-1 text-body-secondary">({t('maps.viewer.recursion')})</span>}
            {o &&
              decorationsOf({ ...o, max_scheduled_downtime_depth: o.scheduled_downtime_depth }).map((d) => (
                <span key={d} className="badge text-bg-light ms-1">
                  {t(`maps.viewer.decorations.${d === 'acknowledgement' ? 'acknowledged' : d}`)}
                </span>
              ))}
          </dd>
          {o && (
            <>
              <dt className="col-4">{t('maps.viewer.popover.age')}</dt>
              <dd className="col-8">{o.last_state_change ? <AgeText since={o.last_state_change} now={Date.now()} /> : '–'}</dd>
              <dt className="col-4">{t('maps.viewer.popover.output')}</dt>
              <dd className="col-8 text-break" style={{ whiteSpace: 'pre-wrap', maxHeight: '8em', overflow: 'auto' }}>
                {o.plugin_output}
              </dd>
            </>
          )}
        </dl>
        {live.objectMissing(target.itemId) && (
          <p className="text-body-secondary" role="status">
            {t('maps.viewer.popover.missing')}
          </p>
        )}
        <HostResources resources={live.resourcesOfItem(target.itemId)} />
        {bound && ObjectActions && (
          <Suspense fallback={null}>
            <ObjectActions
              host={bound.kind === 'host' ? bound.object.name : bound.object.host_name}
              {...(bound.kind === 'resource' && { resource: bound.object.name })}
            />
          </Suspense>
        )}
        {links.length > 0 && (
          <nav className="d-flex flex-wrap gap-1 mb-2" aria-label={label}>
            {links.map((l) => (
              <Link key={l.target} className="btn btn-sm btn-outline-secondary" to={l.to}>
                {t(`maps.viewer.popover.links.${l.target}`)}
              </Link>
            ))}
          </nav>
        )}
        {open && (
          <Link className="btn btn-sm btn-primary" to={open}>
            {nested ? t('maps.viewer.popover.openMap') : t('maps.viewer.popover.open')}
          </Link>
        )}
      </div>
    </div>
  )
}
