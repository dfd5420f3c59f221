import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CheckmkServiceList } from '../../shared/api/checkmk-services'
import { FormError } from '../components/FormError'
import { useAddResources, useDiscoverAgentServices, useRemoveResources } from './api'

export interface AgentServicesProps {
  hostId: number
  hostName: string
}

/**
 * Checkmk service discovery for a host reached by its Checkmk agent: reads the agent now and offers a resource per
 * part, filesystem and local check it reports, each acknowledged, scheduled for maintenance and graphed on its own,
 * and the removal of the resources of things it no longer reports (an unmounted filesystem, a removed local check).
 */
export function AgentServices({ hostId, hostName }: AgentServicesProps) {
  const { t } = useTranslation()
  const discover = useDiscoverAgentServices()
  const add = useAddResources()
  const remove = useRemoveResources()
  const [found, setFound] = useState<CheckmkServiceList | null>(null)
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const title = t('admin.hosts.agentServices.title', { name: hostName })
  const fresh = found?.result.filter((s) => !s.exists) ?? []
  /** New services start chosen; read again after adding, the ones the user left out stay left out. */
  const run = (again = false) =>
    discover.mutate(hostId, {
      onSuccess: (list) => {
        setFound(list)
        const fresh = list.result.filter((s) => !s.exists).map((s) => s.name)
        setChosen((prev) => new Set(again ? fresh.filter((n) => prev.has(n)) : fresh))
      },
    })
  const toggle = (name: string) =>
    setChosen((prev) => {
      const next = new Set(prev)
      if (!next.delete(name)) next.add(name)
      return next
    })
  return (
    <section aria-label={title} className="mb-3">
      <h2 className="h6">{title}</h2>
      <p className="small text-body-secondary">{t('admin.hosts.agentServices.hint')}</p>
      <button type="button" className="btn btn-outline-primary btn-sm mb-2" disabled={discover.isPending} onClick={() => run()}>
        {discover.isPending ? t('admin.hosts.agentServices.reading') : t('admin.hosts.agentServices.discover')}
      </button>
      <FormError error={discover.error ?? add.error ?? remove.error} />
      {found && found.result.length === 0 && <p role="status">{t('admin.hosts.agentServices.none', { output: found.output })}</p>}
      {found && found.vanished.length > 0 && (
        <div className="alert alert-warning py-2" role="group" aria-label={t('admin.hosts.agentServices.vanished')}>
          <p className="mb-1">{t('admin.hosts.agentServices.vanished')}</p>
          <ul className="mb-2">
            {found.vanished.map((r) => (
              <li key={r.id}>{r.name}</li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(
                found.vanished.map((r) => r.id),
                { onSuccess: () => run(true) },
              )
            }
          >
            {t('admin.hosts.agentServices.remove', { count: found.vanished.length })}
          </button>
        </div>
      )}
      {found && found.result.length > 0 && (
        <>
          <ul className="list-unstyled">
            {found.result.map((s) => (
              <li key={s.name} className="form-check">
                <input
                  id={`agent-service-${s.name}`}
                  type="checkbox"
                  className="form-check-input"
                  disabled={s.exists}
                  checked={s.exists || chosen.has(s.name)}
                  onChange={() => toggle(s.name)}
                />
                <label htmlFor={`agent-service-${s.name}`} className="form-check-label">
                  {s.name}
                  {s.exists && <span className="small text-body-secondary"> {t('admin.hosts.agentServices.exists')}</span>}
                </label>
              </li>
            ))}
          </ul>
          {fresh.length > 0 && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={add.isPending || chosen.size === 0}
              onClick={() =>
                add.mutate(
                  fresh.filter((s) => chosen.has(s.name)).map((s) => ({ host_id: hostId, name: s.name, check: s.check })),
                  { onSuccess: () => run(true) },
                )
              }
            >
              {t('admin.hosts.agentServices.add', { count: fresh.filter((s) => chosen.has(s.name)).length })}
            </button>
          )}
        </>
      )}
    </section>
  )
}
