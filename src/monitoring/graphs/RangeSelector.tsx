import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DateRangePicker, PAST_PRESETS, fromUnix, toUnix } from '../../ui'
import { rangeBounds, type GraphRange } from './range'

export interface RangeSelectorProps {
  range: GraphRange
  onPreset(preset: string): void
  /** A range picked in the start and end fields (unix seconds): fixed, like a brushed zoom. */
  onRange(bounds: { start: number; end: number }): void
  onResetZoom(): void
  /** Milliseconds now, for the dates a preset stands for; injectable for tests. */
  now?(): number
}

type Draft = { start: Date | null; end: Date | null }

/**
 * SPEC §2 graphs tabs: the date-range picker with the SPEC §9 past presets, which move on with the clock,
 * or a fixed range typed or picked in its fields (applied with a button, so that the graphs are not
 * redrawn at each edit); a fixed range, picked or brushed, has a way back to its preset.
 */
export function RangeSelector({ range, onPreset, onRange, onResetZoom, now = Date.now }: RangeSelectorProps) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<Draft | null>(null)
  // A new range from outside (a brushed zoom, a link) replaces what was being edited.
  const rangeKey = JSON.stringify(range)
  const [draftFor, setDraftFor] = useState(rangeKey)
  if (draftFor !== rangeKey) {
    setDraftFor(rangeKey)
    setDraft(null)
  }
  const bounds = rangeBounds(range, now())
  const value = draft ?? { start: fromUnix(bounds.start), end: fromUnix(bounds.end) }
  const backwards = value.start !== null && value.end !== null && value.start >= value.end
  const ready = draft?.start && draft.end && !backwards ? { start: toUnix(draft.start), end: toUnix(draft.end) } : null
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!ready) return
    setDraft(null)
    onRange(ready)
  }
  const presetLabel = t(PAST_PRESETS.find((p) => p.id === range.preset)?.labelKey ?? range.preset)
  return (
    <form className="mb-3" aria-label={t('monitoring.graphs.range')} onSubmit={submit}>
      <DateRangePicker
        presets={PAST_PRESETS}
        activePreset={range.kind === 'preset' ? range.preset : null}
        onPreset={(p) => {
          setDraft(null)
          onPreset(p.id)
        }}
        value={value}
        onChange={setDraft}
        errors={backwards ? { end: t('monitoring.graphs.endBeforeStart') } : undefined}
      />
      <div className="d-flex flex-wrap align-items-center gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={!ready}>
          {t('monitoring.graphs.apply')}
        </button>
        {range.kind === 'zoom' && (
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onResetZoom}>
            {t('monitoring.graphs.resetZoom', { preset: presetLabel })}
          </button>
        )}
        <span className="small text-body-secondary">{t('monitoring.graphs.brushHint')}</span>
      </div>
    </form>
  )
}
