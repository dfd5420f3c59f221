import { useTranslation } from 'react-i18next'
import { DateTimeField } from './DateTimeField'
import type { DatePreset, DateRange } from './presets'

export interface DateRangePickerProps {
  value: { start: Date | null; end: Date | null }
  onChange(value: { start: Date | null; end: Date | null }): void
  /** SPEC §9 presets: MAINTENANCE_PRESETS, PAST_PRESETS, or a screen's own. */
  presets: readonly DatePreset[]
  /** The clock presets count from; injectable for tests. */
  now?(): Date
  errors?: { start?: string; end?: string }
  disabled?: boolean
  /**
   * Takes a preset as itself instead of its dates now, for a range that moves on with the clock (the
   * graphs' auto-refresh); the preset `activePreset` names is shown pressed.
   */
  onPreset?(preset: DatePreset): void
  activePreset?: string | null
}

/** SPEC §2 "Date-range picker: presets as in point 9, 24-hour time, 5-minute step, DD-MM-YYYY HH:mm:ss, week starts Monday". */
export function DateRangePicker({
  value,
  onChange,
  presets,
  now = () => new Date(),
  errors,
  disabled,
  onPreset,
  activePreset,
}: DateRangePickerProps) {
  const { t } = useTranslation()
  const pick = (range: DateRange) => onChange(range)
  return (
    <fieldset disabled={disabled}>
      <legend className="visually-hidden">{t('ui.dateRange.label')}</legend>
      {presets.length > 0 && (
        <div role="group" aria-label={t('ui.dateRange.presetsLabel')} className="d-flex flex-wrap gap-1 mb-2">
          {presets.map((preset) => (
            <button
              key={preset.id}
              type="button"
              className={`btn btn-sm btn-outline-secondary${preset.id === activePreset ? ' active' : ''}`}
              aria-pressed={onPreset ? preset.id === activePreset : undefined}
              onClick={() => (onPreset ? onPreset(preset) : pick(preset.range(now())))}
            >
              {t(preset.labelKey)}
            </button>
          ))}
        </div>
      )}
      <div className="row g-2">
        <div className="col-sm-6">
          <DateTimeField
            label={t('ui.dateRange.start')}
            value={value.start}
            error={errors?.start}
            onChange={(start) => onChange({ ...value, start })}
          />
        </div>
        <div className="col-sm-6">
          <DateTimeField
            label={t('ui.dateRange.end')}
            value={value.end}
            error={errors?.end}
            onChange={(end) => onChange({ ...value, end })}
          />
        </div>
      </div>
    </fieldset>
  )
}
