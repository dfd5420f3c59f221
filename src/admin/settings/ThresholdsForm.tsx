/**
 * SPEC §2 settings/thresholds (SPEC §5 Thresholds): the organization's default warning and critical per check kind,
 * each with its direction and the message of the rule it breaks; memory as percent used or MB free.
 */
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  MEMORY_UNITS,
  RESPONSE_TIME_KINDS,
  memoryDirection,
  thresholdPairs,
  thresholdRule,
  type Direction,
  type MemoryUnit,
  type OrganizationThresholds,
  type ThresholdPair,
} from '../../shared/api/thresholds'
import { useSaveThresholds, useThresholds } from './api'
import { FormFooter } from './FormFooter'
import type { SettingsOrganization } from './organization'
import { saveSettings } from './save'

interface PairRowProps {
  id: string
  label: string
  direction: Direction
  pair: ThresholdPair | null
  /** what a pair starts as when it is switched on */
  initial: ThresholdPair
  disabled: boolean
  onChange: (pair: ThresholdPair | null) => void
}

function PairRow({ id, label, direction, pair, initial, disabled, onChange }: PairRowProps) {
  const { t } = useTranslation()
  const rule = pair && thresholdRule(pair, direction)
  const number = (field: keyof ThresholdPair) => (
    <input
      type="number"
      min={0}
      step="any"
      className={`form-control form-control-sm${rule && field === 'critical' ? ' is-invalid' : ''}`}
      aria-label={`${label} ${t(`admin.settings.thresholds.${field}`)}`}
      data-testid={`${id}-${field}`}
      disabled={disabled || !pair}
      value={pair ? pair[field] : ''}
      onChange={(e) => pair && onChange({ ...pair, [field]: e.target.value === '' ? 0 : Number(e.target.value) })}
    />
  )
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          className="form-check-input"
          aria-label={`${label} ${t('admin.settings.thresholds.enabled')}`}
          checked={pair !== null}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked ? initial : null)}
        />
      </td>
      <td>
        {label}{' '}
        <small className="text-body-secondary">
          ({t(direction === 'higher_is_worse' ? 'admin.settings.thresholds.higherIsWorse' : 'admin.settings.thresholds.lowerIsWorse')})
        </small>
      </td>
      <td>{number('warning')}</td>
      <td>
        {number('critical')}
        {rule && <div className="invalid-feedback d-block">{t(`admin.settings.thresholds.rules.${rule}`)}</div>}
      </td>
    </tr>
  )
}

/** The pairs of one metric each, higher is worse: what they start as when switched on. */
const SINGLE_PAIRS = [
  { id: 'ping-rta', field: 'ping_rta_ms', label: 'pingRta', initial: { warning: 3000, critical: 5000 } },
  { id: 'ping-loss', field: 'ping_loss_pct', label: 'pingLoss', initial: { warning: 80, critical: 100 } },
  // Checkmk sets no CPU utilisation levels; these are the ones its rule offers.
  { id: 'cpu-util', field: 'cpu_util_pct', label: 'cpuUtil', initial: { warning: 90, critical: 95 } },
] as const

function Editor({ organization, saved }: { organization: SettingsOrganization; saved: OrganizationThresholds }) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(saved)
  const save = useSaveThresholds(organization.id)
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved)
  const blocked = thresholdPairs(draft).some(({ pair, direction }) => thresholdRule(pair, direction) !== null)
  const disabled = !organization.canWrite
  const memory = draft.memory
  const memoryUnit: MemoryUnit = memory?.unit ?? 'percent_used'

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!blocked) saveSettings(save, draft, t('admin.settings.saved'))
  }

  return (
    <form noValidate onSubmit={submit}>
      <p>{t('admin.settings.thresholds.intro')}</p>
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th>{t('admin.settings.thresholds.enabled')}</th>
            <th>{t('admin.settings.thresholds.metric')}</th>
            <th>{t('admin.settings.thresholds.warning')}</th>
            <th>{t('admin.settings.thresholds.critical')}</th>
          </tr>
        </thead>
        <tbody>
          {RESPONSE_TIME_KINDS.map((kind) => (
            <PairRow
              key={kind}
              id={`response-${kind}`}
              label={t('admin.settings.thresholds.responseTime', { kind })}
              direction="higher_is_worse"
              pair={draft.response_time_s[kind] ?? null}
              initial={{ warning: 1, critical: 5 }}
              disabled={disabled}
              onChange={(pair) => {
                const { [kind]: _old, ...rest } = draft.response_time_s
                setDraft({ ...draft, response_time_s: pair ? { ...rest, [kind]: pair } : rest })
              }}
            />
          ))}
          {SINGLE_PAIRS.map(({ id, field, label, initial }) => (
            <PairRow
              key={id}
              id={id}
              label={t(`admin.settings.thresholds.${label}`)}
              direction="higher_is_worse"
              pair={draft[field]}
              initial={initial}
              disabled={disabled}
              onChange={(pair) => setDraft({ ...draft, [field]: pair })}
            />
          ))}
          <PairRow
            id="memory"
            label={`${t('admin.settings.thresholds.memory')} (${t(`admin.settings.thresholds.units.${memoryUnit}`)})`}
            direction={memoryDirection(memoryUnit)}
            pair={memory}
            initial={memoryUnit === 'mb_free' ? { warning: 512, critical: 128 } : { warning: 80, critical: 90 }}
            disabled={disabled}
            onChange={(pair) => setDraft({ ...draft, memory: pair && { unit: memoryUnit, ...pair } })}
          />
        </tbody>
      </table>
      <label className="form-label" htmlFor="memory-unit">
        {t('admin.settings.thresholds.memoryUnit')}
      </label>
      <select
        id="memory-unit"
        className="form-select form-select-sm w-auto"
        disabled={disabled || !memory}
        value={memoryUnit}
        onChange={(e) => memory && setDraft({ ...draft, memory: { ...memory, unit: e.target.value as MemoryUnit } })}
      >
        {MEMORY_UNITS.map((u) => (
          <option key={u} value={u}>
            {t(`admin.settings.thresholds.units.${u}`)}
          </option>
        ))}
      </select>
      <FormFooter
        dirty={dirty}
        canWrite={organization.canWrite}
        isPending={save.isPending}
        error={save.error}
        blocked={blocked}
        onDiscard={() => setDraft(saved)}
      />
    </form>
  )
}

export function ThresholdsForm({ organization }: { organization: SettingsOrganization }) {
  const query = useThresholds(organization.id)
  // Keyed by what the server holds: a save (or another user's) starts the draft afresh from it.
  return query.data ? <Editor key={JSON.stringify(query.data)} organization={organization} saved={query.data} /> : null
}
