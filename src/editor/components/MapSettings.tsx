/**
 * The map's own settings when nothing is selected: SPEC §2 "resolution" (RESOLUTIONS or a custom size),
 * "background" (a colour, and a picture uploaded with react-dropzone; SPEC §5/§8 upload rules and messages),
 * the grid size and how the map is shown (issue 18: host-only colours, pinned labels, wall details).
 */
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { RESOLUTIONS, WALL_DETAILS } from '../../shared/maps'
import { runEdit } from '../actions'
import { setBackground, setGridSize, setResolution, setViewOptions } from '../actions/document'
import type { Editor } from '../model/editor'
import { usePictureDrop } from './use-picture-drop'

export function MapSettings({ editor, hostgroupId, disabled }: { editor: Editor; hostgroupId: number; disabled: boolean }) {
  const { t } = useTranslation()
  const doc = useStore(editor.store, (s) => s.doc)
  const current = `${doc.resolution.width}x${doc.resolution.height}`
  const known = RESOLUTIONS.some(([w, h]) => `${w}x${h}` === current)
  const { dropzone, error, uploading } = usePictureDrop({
    hostgroupId,
    purpose: 'background',
    disabled,
    onUploaded: (image) => runEdit(editor, setBackground, { image_id: image.id }),
  })
  const size = (key: 'width' | 'height', value: number) => {
    const next = { ...doc.resolution, [key]: Math.trunc(value) }
    if (next.width >= 320 && next.width <= 16384 && next.height >= 240 && next.height <= 16384) runEdit(editor, setResolution, next)
  }

  return (
    <fieldset disabled={disabled}>
      <legend className="h6">{t('editor.map.title')}</legend>
      <label className="form-label small mb-0" htmlFor="map-resolution">
        {t('editor.map.resolution')}
      </label>
      <select
        id="map-resolution"
        className="form-select form-select-sm mb-1"
        value={known ? current : 'custom'}
        onChange={(e) => {
          const [w, h] = e.target.value.split('x').map(Number)
          if (w && h) runEdit(editor, setResolution, { width: w, height: h })
        }}
      >
        {RESOLUTIONS.map(([w, h]) => (
          <option key={`${w}x${h}`} value={`${w}x${h}`}>
            {w} × {h}
          </option>
        ))}
        <option value="custom">{t('editor.map.custom')}</option>
      </select>
      <div className="d-flex gap-1 mb-2">
        <input
          aria-label={t('editor.inspector.w')}
          type="number"
          className="form-control form-control-sm"
          min={320}
          max={16384}
          key={`w${doc.resolution.width}`}
          defaultValue={doc.resolution.width}
          onBlur={(e) => size('width', Number(e.target.value))}
        />
        <input
          aria-label={t('editor.inspector.h')}
          type="number"
          className="form-control form-control-sm"
          min={240}
          max={16384}
          key={`h${doc.resolution.height}`}
          defaultValue={doc.resolution.height}
          onBlur={(e) => size('height', Number(e.target.value))}
        />
      </div>
      <label className="form-label small mb-0" htmlFor="map-background">
        {t('editor.map.background')}
      </label>
      <input
        id="map-background"
        type="color"
        className="form-control form-control-sm form-control-color mb-2"
        value={/^#[0-9a-f]{6}$/i.test(doc.background.colour) ? doc.background.colour : '#ffffff'}
        onChange={(e) => runEdit(editor, setBackground, { colour: e.target.value })}
      />
      <div className="form-label small mb-0">{t('editor.map.picture')}</div>
      <div
        {...dropzone.getRootProps({
          className: `border border-2 rounded p-2 small text-body-secondary mb-1${dropzone.isDragActive ? ' border-primary' : ' border-dashed'}`,
        })}
      >
        <input {...dropzone.getInputProps({ 'aria-label': t('editor.map.picture') })} />
        {uploading ? t('editor.map.uploading') : t('editor.map.drop')}
      </div>
      {error && (
        <div role="alert" className="text-danger small mb-1">
          {t(`errors.${error}`)}
        </div>
      )}
      {doc.background.image_id && (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary mb-2"
          onClick={() => runEdit(editor, setBackground, { image_id: null })}
        >
          {t('editor.map.removePicture')}
        </button>
      )}
      <label className="form-label small mb-0 d-block" htmlFor="map-grid">
        {t('editor.map.gridSize')}
      </label>
      <input
        id="map-grid"
        type="number"
        className="form-control form-control-sm"
        min={4}
        max={200}
        key={doc.grid.size}
        defaultValue={doc.grid.size}
        onBlur={(e) => {
          const v = Math.trunc(Number(e.target.value))
          if (v >= 4 && v <= 200 && v !== doc.grid.size) runEdit(editor, setGridSize, v)
        }}
      />
      <div className="form-check mt-2">
        <input
          id="map-host-only"
          type="checkbox"
          className="form-check-input"
          checked={doc.view?.host_only ?? false}
          onChange={(e) => runEdit(editor, setViewOptions, { host_only: e.target.checked })}
        />
        <label className="form-check-label small" htmlFor="map-host-only">
          {t('editor.map.hostOnly')}
        </label>
      </div>
      <div className="form-check">
        <input
          id="map-pin-labels"
          type="checkbox"
          className="form-check-input"
          checked={doc.view?.labels === 'always'}
          onChange={(e) => runEdit(editor, setViewOptions, { labels: e.target.checked ? 'always' : 'auto' })}
        />
        <label className="form-check-label small" htmlFor="map-pin-labels">
          {t('editor.map.pinLabels')}
        </label>
      </div>
      <fieldset className="mt-1">
        <legend className="form-label small mb-0">{t('editor.map.wallDetails')}</legend>
        {WALL_DETAILS.map((d) => {
          const shown = doc.view?.wall_details ?? WALL_DETAILS
          return (
            <div key={d} className="form-check form-check-inline">
              <input
                id={`map-wall-${d}`}
                type="checkbox"
                className="form-check-input"
                checked={shown.includes(d)}
                onChange={(e) =>
                  runEdit(editor, setViewOptions, {
                    wall_details: WALL_DETAILS.filter((x) => (x === d ? e.target.checked : shown.includes(x))),
                  })
                }
              />
              <label className="form-check-label small" htmlFor={`map-wall-${d}`}>
                {t(`editor.map.wall.${d}`)}
              </label>
            </div>
          )
        })}
      </fieldset>
    </fieldset>
  )
}
