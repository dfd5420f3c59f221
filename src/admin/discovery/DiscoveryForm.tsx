import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DISCOVERY_DEFAULT_PORTS, type DiscoveryJob } from '../../shared/api/discovery'
import { failureOf } from '../hosts/api'
import { useStartDiscovery } from './api'
import { EnvironmentSelect } from './EnvironmentSelect'

export interface DiscoveryFormProps {
  environments: { id: number; alias: string }[]
  onStarted(job: DiscoveryJob): void
}

/** Ports typed as `22, 80,443`; null when one is no port number. */
function parsePorts(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  const ports = parts.map(Number)
  return ports.every((p) => Number.isInteger(p) && p >= 1 && p <= 65535) ? ports : null
}

/** Issue 15 "Discover a network": the environment, range, ports and optional SNMP community of a sweep. */
export function DiscoveryForm({ environments, onStarted }: DiscoveryFormProps) {
  const { t } = useTranslation()
  const start = useStartDiscovery()
  const [environment, setEnvironment] = useState(environments[0]?.id ?? 0)
  const [cidr, setCidr] = useState('')
  const [ports, setPorts] = useState(DISCOVERY_DEFAULT_PORTS.join(', '))
  const [community, setCommunity] = useState('')
  const parsedPorts = parsePorts(ports)
  const failure = failureOf(start.error)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!parsedPorts) return
    start.mutate(
      { hostgroup_id: environment, cidr: cidr.trim(), ports: parsedPorts, ...(community ? { snmp_community: community } : {}) },
      { onSuccess: onStarted },
    )
  }

  return (
    <form onSubmit={submit} aria-label={t('admin.discovery.form.title')} className="border rounded p-3 mb-3">
      <h2 className="h5">{t('admin.discovery.form.title')}</h2>
      <div className="row g-2">
        <div className="col-md-3">
          <EnvironmentSelect
            id="discovery-environment"
            label={t('admin.discovery.form.environment')}
            environments={environments}
            value={environment}
            onChange={setEnvironment}
          />
        </div>
        <div className="col-md-3">
          <label htmlFor="discovery-cidr" className="form-label">
            {t('admin.discovery.form.cidr')}
          </label>
          <input
            id="discovery-cidr"
            className="form-control"
            required
            placeholder={t('admin.discovery.form.cidrHint')}
            value={cidr}
            onChange={(e) => setCidr(e.target.value)}
          />
        </div>
        <div className="col-md-3">
          <label htmlFor="discovery-ports" className="form-label">
            {t('admin.discovery.form.ports')}
          </label>
          <input
            id="discovery-ports"
            className={`form-control${parsedPorts ? '' : ' is-invalid'}`}
            value={ports}
            aria-describedby="discovery-ports-error"
            onChange={(e) => setPorts(e.target.value)}
          />
          {!parsedPorts && (
            <div id="discovery-ports-error" className="invalid-feedback">
              {t('admin.discovery.form.badPorts')}
            </div>
          )}
        </div>
        <div className="col-md-3">
          <label htmlFor="discovery-community" className="form-label">
            {t('admin.discovery.form.community')}
          </label>
          <input
            id="discovery-community"
            type="password"
            autoComplete="off"
            className="form-control"
            value={community}
            onChange={(e) => setCommunity(e.target.value)}
          />
        </div>
      </div>
      <div className="mt-2">
        {failure && (
          <div role="alert" className="alert alert-danger py-1">
            {t(`errors.${failure.key}`, failure.extra)}
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={start.isPending || !parsedPorts || !environments.length}>
          {t('admin.discovery.form.start')}
        </button>
      </div>
    </form>
  )
}
