import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { DEFAULT_SELECTOR_LIMIT } from '../../../shared/constants'
import type { Slideshow } from '../../../shared/api/maps'
import { fetchMaps, mapKeys } from '../../api'
import { EnvironmentSelect, type WritableEnvironment, NameInput, nameProblem } from '../../../ui'
import { slideshowWrites, useSlideshowWrite } from './api'

export interface SlideshowFormProps {
  /** The slideshow edited; absent when adding one. */
  slideshow?: Slideshow
  /** Where a new slideshow may go (maps_write). */
  environments: readonly WritableEnvironment[]
  onSaved(saved: Slideshow): void
  onCancel(): void
}

type Entry = { id: number; alias: string }
const SELECTOR_PARAMS = { limit: DEFAULT_SELECTOR_LIMIT, offset: 0, order: 'alias' }

/**
 * SPEC §2 slideshow /edit form: alias, name, delay in seconds and the ordered maps (add, remove, move up and
 * down), plus issue 7's follow alarms. SPEC §5 name rules; at least one map.
 */
export function SlideshowForm({ slideshow, environments, onSaved, onCancel }: SlideshowFormProps) {
  const { t } = useTranslation()
  const ids = { delay: useId(), follow: useId(), pick: useId() }
  const [alias, setAlias] = useState(slideshow?.alias ?? '')
  const [name, setName] = useState(slideshow?.name ?? '')
  const [environmentId, setEnvironmentId] = useState<number | null>(
    slideshow?.hostgroup_id ?? (environments.length === 1 ? environments[0].id : null),
  )
  const [delay, setDelay] = useState(String(slideshow?.delay ?? 30))
  const [followAlarms, setFollowAlarms] = useState(slideshow?.follow_alarms ?? false)
  const [entries, setEntries] = useState<Entry[]>(slideshow?.maps.map((m) => ({ id: m.id, alias: m.alias })) ?? [])
  const [pick, setPick] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const save = useSlideshowWrite(slideshowWrites.save)
  const maps = useQuery({ queryKey: mapKeys.list(SELECTOR_PARAMS), queryFn: ({ signal }) => fetchMaps(SELECTOR_PARAMS, signal) })
  const choices = (maps.data?.result ?? []).filter((m) => !entries.some((e) => e.id === m.id))

  const delayValue = Number(delay)
  const problems = {
    alias: nameProblem(alias),
    name: name.trim() === '' ? null : nameProblem(name),
    environment: environmentId === null,
    delay: !Number.isInteger(delayValue) || delayValue < 5 || delayValue > 3600,
    maps: entries.length === 0,
  }
  const invalid = Object.values(problems).some(Boolean)

  const move = (index: number, by: -1 | 1) =>
    setEntries((list) => {
      const next = [...list]
      ;[next[index], next[index + by]] = [next[index + by], next[index]]
      return next
    })

  function submit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    if (invalid || save.isPending) return
    const common = {
      alias: alias.trim(),
      ...(name.trim() ? { name: name.trim() } : {}),
      delay: delayValue,
      follow_alarms: followAlarms,
      map_ids: entries.map((m) => m.id),
    }
    // A refusal (e.g. slideshow_already_exists) is shown by the API client (SPEC §8); the form stays.
    save.mutate(
      { id: slideshow?.id ?? null, body: slideshow ? common : { ...common, hostgroup_id: environmentId! } },
      { onSuccess: onSaved },
    )
  }

  return (
    <form noValidate onSubmit={submit}>
      {submitted && invalid && (
        <div className="alert alert-danger py-2" role="alert">
          {problems.maps ? t('maps.slideshows.form.noMaps') : t('maps.add.missing')}
        </div>
      )}
      <NameInput
        label={t('maps.slideshows.form.alias')}
        value={alias}
        onChange={setAlias}
        problem={submitted ? problems.alias : null}
        autoFocus
      />
      <NameInput label={t('maps.slideshows.form.name')} value={name} onChange={setName} problem={submitted ? problems.name : null} />
      {!slideshow && (
        <EnvironmentSelect
          environments={environments}
          value={environmentId}
          onChange={setEnvironmentId}
          error={submitted && problems.environment ? t('maps.add.required') : null}
        />
      )}
      <div className="mb-3">
        <label className="form-label" htmlFor={ids.delay}>
          {t('maps.slideshows.form.delay')}
        </label>
        <input
          id={ids.delay}
          type="number"
          min={5}
          max={3600}
          step={1}
          className={`form-control${submitted && problems.delay ? ' is-invalid' : ''}`}
          value={delay}
          onChange={(e) => setDelay(e.target.value)}
        />
      </div>
      <div className="form-check mb-3">
        <input
          id={ids.follow}
          type="checkbox"
          className="form-check-input"
          checked={followAlarms}
          onChange={(e) => setFollowAlarms(e.target.checked)}
        />
        <label className="form-check-label" htmlFor={ids.follow}>
          {t('maps.slideshows.form.followAlarms')}
        </label>
      </div>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('maps.slideshows.form.maps')}</legend>
        <ol className="list-group list-group-numbered mb-2" aria-label={t('maps.slideshows.form.maps')}>
          {entries.map((m, i) => (
            <li key={m.id} className="list-group-item d-flex align-items-center gap-2">
              <span className="me-auto">{m.alias}</span>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-label={t('maps.slideshows.form.up', { alias: m.alias })}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-label={t('maps.slideshows.form.down', { alias: m.alias })}
                disabled={i === entries.length - 1}
                onClick={() => move(i, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={t('maps.slideshows.form.remove', { alias: m.alias })}
                onClick={() => setEntries(entries.filter((x) => x.id !== m.id))}
              >
                ✕
              </button>
            </li>
          ))}
        </ol>
        <div className="input-group">
          <label className="input-group-text" htmlFor={ids.pick}>
            {t('maps.slideshows.form.chooseMap')}
          </label>
          <select id={ids.pick} className="form-select" value={pick} onChange={(e) => setPick(e.target.value)}>
            <option value="" />
            {choices.map((m) => (
              <option key={m.id} value={m.id}>
                {m.alias}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={!pick}
            onClick={() => {
              const m = choices.find((c) => String(c.id) === pick)
              if (m) setEntries([...entries, { id: m.id, alias: m.alias }])
              setPick('')
            }}
          >
            {t('maps.slideshows.form.addMap')}
          </button>
        </div>
      </fieldset>
      <div className="d-flex justify-content-end gap-2">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('maps.slideshows.form.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('maps.slideshows.form.save')}
        </button>
      </div>
    </form>
  )
}
