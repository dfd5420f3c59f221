/**
 * Picks a host by name, searched as the palette searches (SPEC §7 list call, 2 characters or more). Hosts
 * already on the map are offered disabled (SPEC §5 "An object can be on a map only once").
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { paletteQuery, useMapEnvironments } from '../api'

export interface HostPickerProps {
  /** What the search is for, read by screen readers: "Host of slot 2". */
  label: string
  /** The map's environment: hosts are searched in its organization. */
  hostgroupId: number
  /** Host ids that cannot be picked (already on the map). */
  taken: ReadonlySet<number>
  onPick(host: { id: number; name: string } | null): void
}

export function HostPicker({ label, hostgroupId, taken, onPick }: HostPickerProps) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const found = useQuery(paletteQuery('host', search.trim(), useMapEnvironments(hostgroupId)))
  return (
    <div className="border rounded p-1 mb-2">
      <input
        type="search"
        className="form-control form-control-sm mb-1"
        aria-label={label}
        placeholder={t('editor.palette.search')}
        autoFocus
        value={search}
        maxLength={254}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className="list-group mb-1">
        {search.trim().length < 2 ? (
          <div className="small text-body-secondary">{t('editor.palette.hint')}</div>
        ) : found.data?.length === 0 ? (
          <div className="small text-body-secondary">{t('editor.palette.none')}</div>
        ) : (
          found.data?.map((h) => (
            <button
              key={h.id}
              type="button"
              className="list-group-item list-group-item-action small py-1"
              disabled={taken.has(h.id)}
              aria-label={taken.has(h.id) ? t('editor.palette.onMap', { name: h.name }) : t('editor.inspector.rack.pick', { name: h.name })}
              onClick={() => onPick({ id: h.id, name: h.name })}
            >
              <span className="fw-semibold">{h.name}</span> <span className="text-body-secondary">{h.detail}</span>
            </button>
          ))
        )}
      </div>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onPick(null)}>
        {t('editor.inspector.rack.noHost')}
      </button>
    </div>
  )
}
