import { useTranslation } from 'react-i18next'
import { PAST_PRESETS } from '../../ui/date/presets'
import { formatDateTime, fromUnix } from '../../ui/date/date-time'
import type { GraphRange } from './range'

export interface RangeSelectorProps {
  range: GraphRange
  onPreset(preset: string): void
  onResetZoom(): void
}

/** SPEC §9 past presets as a select, and the zoomed-in range with a way back to its preset. */
export function RangeSelector({ range, onPreset, onResetZoom }: RangeSelectorProps) {
  const { t } = useTranslation()
  const presetLabel = (id: string) => t(PAST_PRESETS.find((p) => p.id === id)?.labelKey ?? id)
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <label className="form-label mb-0" htmlFor="graph-range">{t('monitoring.graphs.range')}</label>
      <select id="graph-range" className="form-select form-select-sm w-auto" value={range.kind === 'preset' ? range.preset : ''} onChange={(e) => onPreset(e.target.value)}>
        {range.kind === 'zoom' && <option value="" disabled>{t('monitoring.graphs.zoomedOption')}</option>}
        {PAST_PRESETS.map((p) => <option key={p.id} value={p.id}>{t(p.labelKey)}</option>)}
      </select>
      {range.kind === 'zoom' && (
        <>
          <span className="small">{t('monitoring.graphs.zoomed', { from: formatDateTime(fromUnix(range.start)), to: formatDateTime(fromUnix(range.end)) })}</span>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onResetZoom}>{t('monitoring.graphs.resetZoom', { preset: presetLabel(range.preset) })}</button>
        </>
      )}
      <span className="small text-body-secondary">{t('monitoring.graphs.brushHint')}</span>
    </div>
  )
}
