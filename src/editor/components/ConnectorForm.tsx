/**
 * A selected connection (SPEC §2 "connect items", "bandwidth connections"): label, colour, width, dash, routing
 * (issue 18: straight, orthogonal, curved; reset drops its waypoints and attach points), and for
 * a bandwidth connection the interface resource, its incoming and outgoing perfdata labels and the capacity.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CONNECTOR_ROUTES, type Connector, type ConnectorRoute } from '../../shared/maps'
import { paletteQuery, perfdataKeysQuery, useMapEnvironments } from '../api'
import { runEdit } from '../actions'
import { setConnector } from '../actions/document'
import type { Editor } from '../model/editor'

export function ConnectorForm({
  editor,
  hostgroupId,
  connector,
  disabled,
}: {
  editor: Editor
  hostgroupId: number
  connector: Connector
  disabled: boolean
}) {
  const { t } = useTranslation()
  const [kind, setKind] = useState(connector.kind)
  const [search, setSearch] = useState('')
  const [resource, setResource] = useState<{ id: number; name: string } | null>(
    connector.bandwidth ? { id: connector.bandwidth.resource_id, name: `#${connector.bandwidth.resource_id}` } : null,
  )
  const [inKey, setInKey] = useState(connector.bandwidth?.in_key ?? '')
  const [outKey, setOutKey] = useState(connector.bandwidth?.out_key ?? '')
  const [mbps, setMbps] = useState(connector.bandwidth ? connector.bandwidth.capacity_bps / 1e6 : 1000)
  const [missing, setMissing] = useState(false)
  const resources = useQuery(paletteQuery('resource', search.trim(), useMapEnvironments(hostgroupId)))
  const keys = useQuery(perfdataKeysQuery(resource?.id ?? null))
  const set = (fields: Partial<Omit<Connector, 'id' | 'from' | 'to'>>) => runEdit(editor, setConnector, { id: connector.id, fields })
  const c = (k: string) => t(`editor.inspector.connector.${k}`)

  function applyKind() {
    if (kind === 'plain') return set({ kind: 'plain' })
    if (!resource || !inKey || !outKey || !(mbps > 0)) return setMissing(true)
    setMissing(false)
    set({ kind: 'bandwidth', bandwidth: { resource_id: resource.id, in_key: inKey, out_key: outKey, capacity_bps: mbps * 1e6 } })
  }

  return (
    <fieldset disabled={disabled}>
      <legend className="h6">{c('title')}</legend>
      <label className="form-label small mb-0" htmlFor="conn-label">
        {c('label')}
      </label>
      <input
        id="conn-label"
        key={connector.label}
        className="form-control form-control-sm mb-2"
        maxLength={200}
        defaultValue={connector.label ?? ''}
        onBlur={(e) => {
          if (e.target.value !== (connector.label ?? '')) set({ label: e.target.value || undefined })
        }}
      />
      <label className="form-label small mb-0" htmlFor="conn-colour">
        {c('colour')}
      </label>
      <input
        id="conn-colour"
        type="color"
        className="form-control form-control-sm form-control-color mb-2"
        value={connector.colour ?? '#343a40'}
        onChange={(e) => set({ colour: e.target.value })}
      />
      <label className="form-label small mb-0" htmlFor="conn-width">
        {c('width')}
      </label>
      <input
        id="conn-width"
        key={connector.width}
        type="number"
        min={0.5}
        max={40}
        className="form-control form-control-sm mb-2"
        defaultValue={connector.width}
        onBlur={(e) => {
          const w = Number(e.target.value)
          if (w >= 0.5 && w <= 40 && w !== connector.width) set({ width: w })
        }}
      />
      <div className="form-check mb-2">
        <input
          id="conn-dash"
          type="checkbox"
          className="form-check-input"
          checked={connector.dash}
          onChange={(e) => set({ dash: e.target.checked })}
        />
        <label htmlFor="conn-dash" className="form-check-label small">
          {c('dash')}
        </label>
      </div>
      <label className="form-label small mb-0" htmlFor="conn-route">
        {c('route')}
      </label>
      <div className="d-flex gap-1 mb-2">
        <select
          id="conn-route"
          className="form-select form-select-sm"
          value={connector.route ?? 'straight'}
          onChange={(e) => set({ route: e.target.value as ConnectorRoute })}
        >
          {CONNECTOR_ROUTES.map((r) => (
            <option key={r} value={r}>
              {c(`routes.${r}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary text-nowrap"
          disabled={!connector.waypoints && !connector.from_anchor && !connector.to_anchor}
          onClick={() => set({ waypoints: undefined, from_anchor: undefined, to_anchor: undefined })}
        >
          {c('resetRoute')}
        </button>
      </div>
      <label className="form-label small mb-0" htmlFor="conn-kind">
        {c('kind')}
      </label>
      <select
        id="conn-kind"
        className="form-select form-select-sm mb-2"
        value={kind}
        onChange={(e) => setKind(e.target.value as Connector['kind'])}
      >
        <option value="plain">{c('plain')}</option>
        <option value="bandwidth">{c('bandwidth')}</option>
      </select>
      {kind === 'bandwidth' && (
        <>
          <label className="form-label small mb-0" htmlFor="conn-resource">
            {c('resourceSearch')}
          </label>
          <input
            id="conn-resource"
            type="search"
            className="form-control form-control-sm"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <div className="list-group my-1">
            {resources.data?.map((r) => (
              <button
                key={r.id}
                type="button"
                className={`list-group-item list-group-item-action small py-1${resource?.id === r.id ? ' active' : ''}`}
                onClick={() => setResource({ id: r.id, name: `${r.detail} / ${r.name}` })}
              >
                {r.detail} / {r.name}
              </button>
            ))}
          </div>
          {resource && (
            <div className="small mb-1">
              {c('resource')}: {resource.name}
            </div>
          )}
          {(['inKey', 'outKey'] as const).map((k) => (
            <div key={k}>
              <label className="form-label small mb-0" htmlFor={`conn-${k}`}>
                {c(k)}
              </label>
              <select
                id={`conn-${k}`}
                className="form-select form-select-sm mb-2"
                value={k === 'inKey' ? inKey : outKey}
                onChange={(e) => (k === 'inKey' ? setInKey : setOutKey)(e.target.value)}
              >
                <option value="" />
                {[...new Set([...(keys.data ?? []), k === 'inKey' ? inKey : outKey].filter(Boolean))].map((key) => (
                  <option key={key} value={key}>
                    {key}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <label className="form-label small mb-0" htmlFor="conn-capacity">
            {c('capacity')}
          </label>
          <input
            id="conn-capacity"
            type="number"
            min={0.001}
            className="form-control form-control-sm mb-2"
            value={mbps}
            onChange={(e) => setMbps(Number(e.target.value))}
          />
          {missing && <div className="text-danger small mb-1">{c('needResource')}</div>}
        </>
      )}
      <button type="button" className="btn btn-sm btn-primary" onClick={applyKind}>
        {c('apply')}
      </button>
    </fieldset>
  )
}
