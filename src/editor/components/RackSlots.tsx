/**
 * SPEC §2 "slots/rack visualization": a rack's height and its slots (unit, size, host, label). A slot's host
 * is picked by name; hosts already on the map are refused (SPEC §5 "An object can be on a map only once").
 */
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { bindingsOf, itemKinds, type RackItem, type RackSlot } from '../../shared/maps'
import { runEdit } from '../actions'
import { setRackSlots, type PlaceResult } from '../actions/document'
import type { Editor } from '../model/editor'
import { HostPicker } from './HostPicker'

export function RackSlots({
  editor,
  hostgroupId,
  rack,
  disabled,
}: {
  editor: Editor
  hostgroupId: number
  rack: RackItem
  disabled: boolean
}) {
  const { t } = useTranslation()
  const items = useStore(editor.store, (s) => s.doc.items)
  const [units, setUnits] = useState(rack.units)
  const [slots, setSlots] = useState<RackSlot[]>(rack.slots)
  const [names, setNames] = useState<Record<number, string>>({})
  const [picking, setPicking] = useState<number | null>(null)
  const [problem, setProblem] = useState<'invalid' | 'once' | null>(null)
  // Hosts elsewhere on the map, and in the other slots of this rack.
  const elsewhere = useMemo(
    () =>
      Object.values(items)
        .filter((i) => i.id !== rack.id)
        .flatMap(bindingsOf),
    [items, rack.id],
  )
  const taken = (except: number) =>
    new Set([
      ...elsewhere.flatMap((b) => (b.startsWith('host:') ? [Number(b.slice(5))] : [])),
      ...slots.flatMap((s, j) => (j !== except && s.host_id ? [s.host_id] : [])),
    ])
  const change = (i: number, patch: Partial<RackSlot>) => setSlots(slots.map((s, j) => (j === i ? { ...s, ...patch } : s)))
  function apply() {
    // The rack schema checks that slots lie inside the rack and do not overlap; the action checks SPEC §5.
    if (!itemKinds.rack.schema.safeParse({ ...rack, units, slots }).success) return setProblem('invalid')
    const result: PlaceResult = { refused: null }
    runEdit(editor, setRackSlots, { id: rack.id, slots, units, result })
    setProblem(result.refused ? 'once' : null)
  }
  const num = (v: string) => (v === '' ? 0 : Math.trunc(Number(v)))
  const hostName = (s: RackSlot) => (s.host_id === null ? '—' : (names[s.host_id] ?? `#${s.host_id}`))
  return (
    <fieldset className="mb-2" disabled={disabled}>
      <legend className="small fw-semibold">{t('editor.inspector.rack.slots')}</legend>
      <label className="form-label small mb-0" htmlFor={`units-${rack.id}`}>
        {t('editor.inspector.rack.units')}
      </label>
      <input
        id={`units-${rack.id}`}
        type="number"
        className="form-control form-control-sm mb-1"
        min={1}
        max={60}
        value={units}
        onChange={(e) => setUnits(num(e.target.value))}
      />
      <table className="table table-sm small mb-1">
        <thead>
          <tr>
            <th>{t('editor.inspector.rack.unit')}</th>
            <th>{t('editor.inspector.rack.size')}</th>
            <th>{t('editor.inspector.rack.host')}</th>
            <th>{t('editor.inspector.rack.slotLabel')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {slots.map((s, i) => (
            <tr key={i}>
              <td>
                <input
                  aria-label={`${t('editor.inspector.rack.unit')} ${i + 1}`}
                  type="number"
                  className="form-control form-control-sm"
                  min={1}
                  max={60}
                  value={s.u}
                  onChange={(e) => change(i, { u: num(e.target.value) })}
                />
              </td>
              <td>
                <input
                  aria-label={`${t('editor.inspector.rack.size')} ${i + 1}`}
                  type="number"
                  className="form-control form-control-sm"
                  min={1}
                  max={60}
                  value={s.size}
                  onChange={(e) => change(i, { size: num(e.target.value) })}
                />
              </td>
              <td>
                <button
                  type="button"
                  className={`btn btn-sm btn-link p-0 text-start${picking === i ? ' fw-bold' : ''}`}
                  aria-expanded={picking === i}
                  aria-label={t('editor.inspector.rack.chooseHost', { n: i + 1, name: hostName(s) })}
                  onClick={() => setPicking(picking === i ? null : i)}
                >
                  {hostName(s)}
                </button>
              </td>
              <td>
                <input
                  aria-label={`${t('editor.inspector.rack.slotLabel')} ${i + 1}`}
                  className="form-control form-control-sm"
                  maxLength={100}
                  value={s.label}
                  onChange={(e) => change(i, { label: e.target.value })}
                />
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('editor.inspector.rack.remove', { n: i + 1 })}
                  onClick={() => {
                    setPicking(null)
                    setSlots(slots.filter((_, j) => j !== i))
                  }}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {picking !== null && slots[picking] && (
        <HostPicker
          key={picking}
          hostgroupId={hostgroupId}
          label={t('editor.inspector.rack.hostSearch', { n: picking + 1 })}
          taken={taken(picking)}
          onPick={(host) => {
            if (host) setNames({ ...names, [host.id]: host.name })
            // An empty label takes the host's name, so the slot still reads by name when the inspector reopens.
            change(picking, { host_id: host?.id ?? null, ...(host && !slots[picking].label ? { label: host.name.slice(0, 100) } : {}) })
            setPicking(null)
          }}
        />
      )}
      {problem && (
        <div role="alert" className="text-danger small mb-1">
          {problem === 'once' ? t('editor.page.refused.once') : t('editor.inspector.rack.invalid')}
        </div>
      )}
      <div className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => setSlots([...slots, { u: Math.max(1, ...slots.map((s) => s.u + s.size)), size: 1, host_id: null, label: '' }])}
        >
          {t('editor.inspector.rack.add')}
        </button>
        <button type="button" className="btn btn-sm btn-primary" onClick={apply}>
          {t('editor.inspector.connector.apply')}
        </button>
      </div>
    </fieldset>
  )
}
