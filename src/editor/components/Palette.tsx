/**
 * The palette (issue 6): hosts, resources, environments and maps searched by name, shapes with a valid icon
 * (SPEC §5, SHAPE_ICONS), text, rack, line, and a picture (uploaded, then placed as an image item). An object already on the map cannot be placed again (SPEC §5
 * "An object can be on a map only once"). Entries are placed by click (at the view's centre) or dragged in.
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { bindingsOf, SHAPE_ICONS, type ItemKind } from '../../shared/maps'
import { paletteQuery, useMapEnvironments, type PaletteEntry, type PaletteKind } from '../api'
import { PALETTE_MIME } from '../canvas/EditorCanvas'
import { imageInit } from '../items/image'
import type { Editor } from '../model/editor'
import { usePictureDrop } from './use-picture-drop'

export interface PlaceRequest {
  kind: ItemKind
  init: Record<string, unknown>
}

export interface PaletteProps {
  editor: Editor
  /** The map's environment: uploaded pictures belong to it (POST map-images), searches to its organization. */
  hostgroupId: number
  /** The legacy editor has no searches for nested maps (SPEC §2 legacy editor). */
  kinds: readonly PaletteKind[]
  onPlace(request: PlaceRequest): void
}

interface PlaceButtonProps {
  request: PlaceRequest
  label: string
  disabled?: boolean
  onPlace(request: PlaceRequest): void
  children: ReactNode
}

function PlaceButton({ request, label, disabled, onPlace, children }: PlaceButtonProps) {
  return (
    <button
      type="button"
      className="list-group-item list-group-item-action small py-1"
      aria-label={label}
      disabled={disabled}
      draggable={!disabled}
      onDragStart={(e) => e.dataTransfer.setData(PALETTE_MIME, JSON.stringify(request))}
      onClick={() => onPlace(request)}
    >
      {children}
    </button>
  )
}

/** Picks or takes a dropped picture, uploads it, and places an image item showing it. */
function ImageDrop({ hostgroupId, onPlace }: { hostgroupId: number; onPlace(request: PlaceRequest): void }) {
  const { t } = useTranslation()
  const { dropzone, error, uploading } = usePictureDrop({
    hostgroupId,
    purpose: 'image',
    onUploaded: (picture) => onPlace({ kind: 'image', init: imageInit(picture) }),
  })
  return (
    <>
      <div
        {...dropzone.getRootProps({
          className: `list-group-item list-group-item-action small py-1${dropzone.isDragActive ? ' active' : ''}`,
          role: 'button',
        })}
      >
        <input {...dropzone.getInputProps({ 'aria-label': t('editor.palette.addImage') })} />
        {uploading ? t('editor.map.uploading') : t('editor.palette.addImage')}
      </div>
      {error && (
        <div role="alert" className="list-group-item text-danger small py-1">
          {t(`errors.${error}`)}
        </div>
      )}
    </>
  )
}

export function Palette({ editor, hostgroupId, kinds, onPlace }: PaletteProps) {
  const { t } = useTranslation()
  const [kind, setKind] = useState<PaletteKind>(kinds[0])
  const [search, setSearch] = useState('')
  const items = useStore(editor.store, (s) => s.doc.items)
  const onMap = useMemo(() => new Set(Object.values(items).flatMap(bindingsOf)), [items])
  const found = useQuery(paletteQuery(kind, search.trim(), useMapEnvironments(hostgroupId)))
  const entryButton = (entry: PaletteEntry) => {
    const taken = onMap.has(`${entry.kind}:${entry.id}`)
    return (
      <PlaceButton
        key={entry.id}
        onPlace={onPlace}
        request={{ kind: entry.kind, init: entry.init }}
        disabled={taken}
        label={taken ? t('editor.palette.onMap', { name: entry.name }) : t('editor.palette.place', { name: entry.name })}
      >
        <span className="fw-semibold">{entry.name}</span> <span className="text-body-secondary">{entry.detail}</span>
      </PlaceButton>
    )
  }

  return (
    <aside className="border-end p-2 overflow-auto flex-shrink-0" style={{ width: 240 }} aria-label={t('editor.palette.title')}>
      <h2 className="h6">{t('editor.palette.title')}</h2>
      <div className="btn-group btn-group-sm flex-wrap mb-2" role="group">
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            className={`btn btn-outline-secondary${k === kind ? ' active' : ''}`}
            aria-pressed={k === kind}
            onClick={() => setKind(k)}
          >
            {t(`editor.palette.kinds.${k}`)}
          </button>
        ))}
      </div>
      <input
        type="search"
        className="form-control form-control-sm mb-2"
        aria-label={t('editor.palette.search')}
        placeholder={t('editor.palette.search')}
        value={search}
        maxLength={254}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className="list-group mb-3">
        {search.trim().length < 2 ? (
          <div className="small text-body-secondary">{t('editor.palette.hint')}</div>
        ) : found.data?.length === 0 ? (
          <div className="small text-body-secondary">{t('editor.palette.none')}</div>
        ) : (
          found.data?.map(entryButton)
        )}
      </div>
      <h3 className="h6">{t('editor.palette.kinds.shape')}</h3>
      <div className="list-group mb-3">
        {SHAPE_ICONS.map((icon) => (
          <PlaceButton
            key={icon}
            onPlace={onPlace}
            request={{ kind: 'shape', init: { icon } }}
            label={t('editor.palette.place', { name: t(`editor.inspector.shapes.${icon}`) })}
          >
            {t(`editor.inspector.shapes.${icon}`)}
          </PlaceButton>
        ))}
      </div>
      <div className="list-group">
        <PlaceButton
          onPlace={onPlace}
          request={{ kind: 'text', init: { text: t('editor.palette.newText') } }}
          label={t('editor.palette.addText')}
        >
          {t('editor.palette.addText')}
        </PlaceButton>
        <PlaceButton onPlace={onPlace} request={{ kind: 'rack', init: {} }} label={t('editor.palette.addRack')}>
          {t('editor.palette.addRack')}
        </PlaceButton>
        <PlaceButton onPlace={onPlace} request={{ kind: 'line', init: {} }} label={t('editor.palette.addLine')}>
          {t('editor.palette.addLine')}
        </PlaceButton>
        <ImageDrop hostgroupId={hostgroupId} onPlace={onPlace} />
      </div>
    </aside>
  )
}
