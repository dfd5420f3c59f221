import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HOST_TYPE_NAMES, HOST_TYPES } from '../../shared/host-types'
import type { DiscoveryAdded, DiscoveryJob, DiscoveryProposal } from '../../shared/api/discovery'
import { failureOf } from '../hosts/api'
import { useAddDiscovered } from './api'
import { EnvironmentSelect } from './EnvironmentSelect'

export interface ProposalTableProps {
  job: DiscoveryJob
  environments: { id: number; alias: string }[]
}

interface RowEdit {
  selected: boolean
  name: string
  hosttype: string
  /** the address of the parent proposal, '' for none */
  parent: string
}

/** A proposal as first shown: chosen unless a host has its address already, with the guessed type and parent. */
const proposed = (p: DiscoveryProposal): RowEdit => ({
  selected: p.existing_host === null,
  name: p.name,
  hosttype: p.hosttype,
  parent: p.parent ?? '',
})

type Result = DiscoveryAdded['result'][number]

/** Issue 15 "adds the ones chosen": the proposals with checkboxes, editable name, type and parent, and each row's outcome. */
export function ProposalTable({ job, environments }: ProposalTableProps) {
  const { t } = useTranslation()
  const add = useAddDiscovered()
  const [edits, setEdits] = useState<Record<string, Partial<RowEdit>>>({})
  const [results, setResults] = useState<Record<string, Result>>({})
  const [environment, setEnvironment] = useState(job.hostgroup_id)
  const byAddress = new Map(job.proposals.map((p) => [p.address, p]))
  const rowOf = (p: DiscoveryProposal): RowEdit => ({ ...proposed(p), ...edits[p.address] })
  const isAdded = (address: string) => results[address]?.host_id != null
  const edit = (address: string, change: Partial<RowEdit>) => setEdits((e) => ({ ...e, [address]: { ...e[address], ...change } }))
  const chosen = job.proposals.filter((p) => rowOf(p).selected && !isAdded(p.address))
  const failure = failureOf(add.error)

  /** The parent's host name: a row added with this request or before, or the host that has its address already. */
  const parentName = (address: string): string | undefined => {
    const parent = byAddress.get(address)
    if (!parent) return undefined
    if (isAdded(address)) return results[address].name
    if (rowOf(parent).selected) return rowOf(parent).name
    return parent.existing_host ?? undefined
  }

  const submit = () => {
    const hosts = chosen.map((p) => {
      const row = rowOf(p)
      const parent = row.parent ? parentName(row.parent) : undefined
      return {
        address: p.address,
        name: row.name.trim(),
        hosttype: row.hosttype,
        hostgroup_id: environment,
        ...(parent ? { parent } : {}),
        ...(p.access_method ? { access_method: p.access_method } : {}),
      }
    })
    add.mutate(
      { id: job.id, body: { hosts } },
      { onSuccess: (r) => setResults((before) => ({ ...before, ...Object.fromEntries(r.result.map((x) => [x.address, x])) })) },
    )
  }

  const answered = (p: DiscoveryProposal) =>
    [
      p.ping ? t('admin.discovery.proposals.ping') : null,
      p.open_ports.length ? t('admin.discovery.proposals.ports', { ports: p.open_ports.join(', ') }) : null,
      p.snmp ? `SNMP: ${p.snmp.sys_descr || p.snmp.sys_object_id}` : null,
    ]
      .filter(Boolean)
      .join('; ')

  const outcome = (p: DiscoveryProposal) => {
    const r = results[p.address]
    if (r?.error) return <span className="text-danger">{t(`errors.${r.error.key}`, r.error.extra_info)}</span>
    if (r) return <span className="text-success">{t('admin.discovery.proposals.added')}</span>
    return p.existing_host ? t('admin.discovery.proposals.existing', { name: p.existing_host }) : ''
  }

  if (!job.proposals.length) return job.state === 'running' ? null : <p>{t('admin.discovery.proposals.none')}</p>
  return (
    <section aria-label={t('admin.discovery.proposals.title')}>
      <h2 className="h5">{t('admin.discovery.proposals.title')}</h2>
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th scope="col" />
            {(['address', 'name', 'hosttype', 'parent', 'seen', 'result'] as const).map((c) => (
              <th key={c} scope="col">
                {t(`admin.discovery.proposals.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {job.proposals.map((p) => {
            const row = rowOf(p)
            const done = isAdded(p.address)
            return (
              <tr key={p.address}>
                <td>
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={t('admin.discovery.proposals.select', { address: p.address })}
                    checked={row.selected && !done}
                    disabled={done}
                    onChange={(e) => edit(p.address, { selected: e.target.checked })}
                  />
                </td>
                <td>{p.address}</td>
                <td>
                  <input
                    className="form-control form-control-sm"
                    aria-label={t('admin.discovery.proposals.nameOf', { address: p.address })}
                    value={row.name}
                    disabled={done}
                    onChange={(e) => edit(p.address, { name: e.target.value })}
                  />
                </td>
                <td>
                  <select
                    className="form-select form-select-sm"
                    aria-label={t('admin.discovery.proposals.typeOf', { address: p.address })}
                    value={row.hosttype}
                    disabled={done}
                    onChange={(e) => edit(p.address, { hosttype: e.target.value })}
                  >
                    {HOST_TYPE_NAMES.map((n) => (
                      <option key={n} value={n}>
                        {HOST_TYPES[n].display_name}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <select
                    className="form-select form-select-sm"
                    aria-label={t('admin.discovery.proposals.parentOf', { address: p.address })}
                    value={row.parent}
                    disabled={done}
                    onChange={(e) => edit(p.address, { parent: e.target.value })}
                  >
                    <option value="">{t('admin.discovery.proposals.noParent')}</option>
                    {job.proposals
                      .filter((o) => o.address !== p.address)
                      .map((o) => (
                        <option key={o.address} value={o.address}>
                          {`${rowOf(o).name} (${o.address})`}
                        </option>
                      ))}
                  </select>
                </td>
                <td className="small">
                  {answered(p)}
                  <br />
                  <span className="text-body-secondary">{t(`admin.discovery.proposals.basis.${p.basis}`)}</span>
                </td>
                <td className="small">{outcome(p)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <div className="d-flex gap-2 align-items-end">
        <div>
          <EnvironmentSelect
            id="discovery-add-environment"
            label={t('admin.discovery.proposals.environment')}
            environments={environments}
            value={environment}
            onChange={setEnvironment}
          />
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={job.state === 'running' || !chosen.length || add.isPending}
          onClick={submit}
        >
          {t('admin.discovery.proposals.add')}
        </button>
      </div>
      {failure && (
        <div role="alert" className="alert alert-danger py-1 mt-2">
          {t(`errors.${failure.key}`, failure.extra)}
        </div>
      )}
      {add.data && (
        <p role="status" className="mt-2">
          {t('admin.discovery.proposals.summary', { added: add.data.added, count: add.data.result.length })}
        </p>
      )}
    </section>
  )
}
