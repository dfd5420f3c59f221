/**
 * One map drawn live (issue 7): its published version with states patched from the feed, the freshness
 * indicator, the item popover and the canvas' text alternative. Used by the viewer pages and the slideshow
 * pages (`<MapView mapId={…} fullscreen />`).
 */
import { useCallback, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { usePreferences } from '../app/preferences'
import type { MapDocument, Connector } from '../shared/maps'
import { bandwidthReading } from '../shared/maps/bandwidth'
import { useLiveDocument, useMapInfo, useMapStates } from './api'
import { MapCanvas } from './canvas/MapCanvas'
import { buildIndex, toScreen, type Camera } from '../shared/maps/view'
import { Freshness } from './Freshness'
import { ItemPopover, type PopoverTarget } from './ItemPopover'
import { ItemTooltip, type HoverTarget } from './ItemTooltip'
import type { LiveStates } from './live/live-states'
import { useLiveMap } from './live/use-live-map'
import { mapPath } from './links'
import { MapSummary } from './MapSummary'
import { WallDetails } from './WallDetails'
import { mapTheme } from '../shared/maps/draw'
import { FULL_SIZE } from './layout'
import { useMapImages } from './use-map-images'

export interface MapViewProps {
  mapId: number
  /** Kiosk: no controls, always fit to the screen (NOC walls at any resolution), wall details in a corner. */
  fullscreen?: boolean
  /** Labels at any zoom (a wall's `?labels=on`; the map's own `view.labels` pins them too). */
  pinLabels?: boolean
}

/** The name an item is known by: its object's name, else its label, else its id. */
function labelOf(doc: MapDocument, live: LiveStates, itemId: string): string {
  const o = live.objectOfItem(itemId)
  if (o) return o.kind === 'host' ? o.object.name : `${o.object.host_name}: ${o.object.name}`
  const item = doc.items[itemId]
  return item?.label ?? (item && 'name' in item ? item.name : itemId)
}

export function MapView({ mapId, fullscreen = false, pinLabels = false }: MapViewProps) {
  const { t } = useTranslation()
  const info = useMapInfo(mapId)
  const doc = useLiveDocument(mapId, info.data?.version)
  // States and document load side by side: the states need only the map to be published.
  const [states] = useMapStates([mapId], info.data?.version != null)
  const document = doc.data?.document
  const live = useLiveMap(mapId, document, info.data?.use_hard_state ?? false, states.data)
  const index = useMemo(() => (document ? buildIndex(document) : null), [document])
  const images = useMapImages(document)
  const [preferences] = usePreferences()
  const theme = mapTheme(preferences?.theme)
  const camera = useRef<Camera>({ x: 0, y: 0, scale: 1 })
  const navigate = useNavigate()
  const [popover, setPopover] = useState<PopoverTarget | null>(null)
  const [hovered, setHovered] = useState<HoverTarget | null>(null)
  const onItemHover = useCallback(
    (itemId: string | null, at: { x: number; y: number }) => setHovered(itemId ? { itemId, ...at } : null),
    [],
  )

  const reading = useCallback(
    (c: Connector) =>
      c.bandwidth && live ? bandwidthReading(c.bandwidth, live.bandwidth[c.bandwidth.resource_id], Date.now() / 1000) : undefined,
    [live],
  )
  const onItemClick = useCallback(
    (itemId: string | null, at: { x: number; y: number }) => {
      const nested = itemId && live?.nestedOf(itemId)
      // A nested map item opens that map (issue 7); other bound items show their popover.
      if (nested && !live?.objectOfItem(itemId))
        void navigate(mapPath(nested.hostgroup_name, nested.name, fullscreen ? 'fullscreen' : undefined))
      else setPopover(itemId ? { itemId, ...at } : null)
    },
    [live, navigate, fullscreen],
  )
  const onSelect = useCallback(
    (itemId: string) => {
      const b = index?.boxes.get(itemId)
      if (!b) return
      const p = toScreen(camera.current, b.x + b.w / 2, b.y + b.h / 2)
      setPopover({ itemId, x: p.x, y: p.y })
    },
    [index],
  )

  if (info.data && info.data.version === null) return <p className="p-3 text-body-secondary">{t('maps.viewer.notPublished')}</p>
  // The map is drawn as soon as its document is here (its layers and canvases made while the states are on
  // their way); its bound items, their popover and the text alternative come with the states.
  if (!document || !index) return null
  return (
    <div className="vigil-map-view" style={FULL_SIZE} data-map-id={mapId}>
      <div role="img" aria-label={t('maps.viewer.canvas', { alias: info.data?.alias ?? '' })} style={FULL_SIZE}>
        <MapCanvas
          doc={document}
          index={index}
          live={live}
          theme={theme}
          images={images}
          fit={fullscreen ? 'always' : 'initial'}
          reading={reading}
          onItemClick={onItemClick}
          onItemHover={onItemHover}
          camera={camera}
          pinLabels={pinLabels || document.view?.labels === 'always'}
        />
      </div>
      {live && (
        <>
          <div className="position-absolute top-0 end-0 m-2" style={{ zIndex: 5 }}>
            <Freshness confirmedAt={states.dataUpdatedAt || null} />
          </div>
          {hovered && hovered.itemId !== popover?.itemId && (
            <ItemTooltip target={hovered} live={live} label={labelOf(document, live, hovered.itemId)} />
          )}
          {popover && (
            <ItemPopover target={popover} live={live} label={labelOf(document, live, popover.itemId)} onClose={() => setPopover(null)} />
          )}
          {fullscreen && <WallDetails alias={info.data?.alias ?? ''} live={live} view={document.view} />}
          <MapSummary live={live} hidden labelOf={(id) => labelOf(document, live, id)} onSelect={onSelect} />
        </>
      )}
    </div>
  )
}
