/**
 * The SPEC §3 Report configuration form, for "Add report" and …/configuration/edit: title (SPEC §5 name rule),
 * environment, period, window, type, the subjects of the type (none ticked: all of the environment), content
 * (SPEC §5: at least one item; items that do not apply to the type are disabled, SPEC §3 "Applies to") and the
 * options. SPEC §8 refusals (report_already_exists, limit_exceeded, …) are shown by the API client.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { api } from '../../app/api'
import {
  contentFits,
  REPORT_CONTENT,
  REPORT_CONTENT_NAMES,
  REPORT_PERIODS,
  REPORT_TYPES,
  REPORT_WINDOWS,
  ReportOptions,
  UNKNOWN_AS,
  type NewReport,
  type Report,
  type ReportContentName,
} from '../../shared/api/report-configurations'
import { HOST_TYPE_NAMES } from '../../shared/host-types'
import { EnvironmentSelect, FormButtons, NameInput, nameProblem, type WritableEnvironment } from '../../ui'

export type ReportDraft = Omit<NewReport, 'name'>

export interface ReportFormProps {
  /** environments where the person may write (SPEC §6); the environment is fixed once the report exists */
  environments: readonly WritableEnvironment[]
  initial?: Report
  busy: boolean
  submitLabel: string
  onSubmit(draft: ReportDraft): void
  onCancel(): void
}

const Subjects = z.object({ result: z.array(z.looseObject({ id: z.number(), name: z.string(), host_name: z.string().optional() })) })

/** The hosts or resources of one environment to pick from (the first 500 by name). */
function useSubjects(kind: 'hosts' | 'resources', environmentId: number | null) {
  return useQuery({
    queryKey: ['reports', 'subjects', kind, environmentId],
    enabled: environmentId !== null,
    queryFn: ({ signal }) =>
      api.request(kind, {
        query: { environment_ids: String(environmentId), columns: kind === 'hosts' ? 'name' : 'name,host_name', limit: 500, order: 'name' },
        schema: Subjects,
        signal,
      }),
  })
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{legend}</legend>
      {children}
    </fieldset>
  )
}

function Check({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string
  checked: boolean
  disabled?: boolean
  onChange(on: boolean): void
}) {
  const id = useId()
  return (
    <div className="form-check">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  )
}

function Select<T extends string>(props: { label: string; value: T; values: readonly T[]; text(v: T): string; onChange(v: T): void }) {
  const id = useId()
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {props.label}
      </label>
      <select id={id} className="form-select" value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
        {props.values.map((v) => (
          <option key={v} value={v}>
            {props.text(v)}
          </option>
        ))}
      </select>
    </div>
  )
}

const toggled = <T,>(list: readonly T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item))

export function ReportForm({ environments, initial, busy, submitLabel, onSubmit, onCancel }: ReportFormProps) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<ReportDraft>(() => ({
    title: initial?.title ?? '',
    hostgroup_id: initial?.hostgroup_id ?? (environments.length === 1 ? environments[0].id : 0),
    period: initial?.period ?? 'weekly',
    window: initial?.window ?? '24x7',
    type: initial?.type ?? 'by_host',
    hosts: initial?.hosts ?? [],
    resources: initial?.resources ?? [],
    host_types: initial?.host_types ?? [],
    content: initial?.content ?? [],
    options: initial?.options ?? ReportOptions.parse({}),
  }))
  const [submitted, setSubmitted] = useState(false)
  const set = (changes: Partial<ReportDraft>) => setDraft((d) => ({ ...d, ...changes }))
  const environmentId = draft.hostgroup_id || null
  const hosts = useSubjects('hosts', draft.type === 'by_host' ? environmentId : null)
  const resources = useSubjects('resources', draft.type === 'by_resource' ? environmentId : null)

  // SPEC §5: a valid title, an environment and at least one content item that applies to the type.
  const content = draft.content.filter((c) => contentFits(c, draft.type))
  const problems = { title: nameProblem(draft.title), environment: environmentId === null, content: content.length === 0 }
  const invalid = problems.title !== null || problems.environment || problems.content

  function submit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    if (invalid || busy) return
    onSubmit({ ...draft, title: draft.title.trim(), content })
  }

  const picker = (kind: 'hosts' | 'resources', rows: { id: number; name: string; host_name?: string }[]) => (
    <div className="border rounded p-2 mb-1" style={{ maxHeight: '12rem', overflowY: 'auto' }}>
      {rows.map((r) => (
        <Check
          key={r.id}
          label={r.host_name ? `${r.host_name} / ${r.name}` : r.name}
          checked={draft[kind].includes(r.id)}
          onChange={(on) => set({ [kind]: toggled(draft[kind], r.id, on) })}
        />
      ))}
    </div>
  )

  return (
    <form noValidate onSubmit={submit}>
      {submitted && invalid && (
        <div className="alert alert-danger py-2" role="alert">
          {problems.content ? t('reports.form.contentRequired') : t('reports.form.missing')}
        </div>
      )}
      <NameInput
        label={t('reports.form.title')}
        value={draft.title}
        onChange={(title) => set({ title })}
        problem={submitted ? problems.title : null}
        autoFocus
      />
      {!initial && (
        <EnvironmentSelect
          label={t('reports.form.environment')}
          environments={environments}
          value={environmentId}
          onChange={(id) => set({ hostgroup_id: id ?? 0, hosts: [], resources: [] })}
          error={submitted && problems.environment ? t('maps.add.required') : null}
        />
      )}
      <div className="row">
        <div className="col-sm-4">
          <Select
            label={t('reports.form.period')}
            value={draft.period}
            values={REPORT_PERIODS}
            text={(v) => t(`reports.periods.${v}`)}
            onChange={(period) => set({ period })}
          />
        </div>
        <div className="col-sm-4">
          <Select
            label={t('reports.form.window')}
            value={draft.window}
            values={REPORT_WINDOWS}
            text={(v) => t(`reports.windows.${v}`)}
            onChange={(window) => set({ window })}
          />
        </div>
        <div className="col-sm-4">
          <Select
            label={t('reports.form.type')}
            value={draft.type}
            values={REPORT_TYPES}
            text={(v) => t(`reports.types.${v}`)}
            onChange={(type) => set({ type })}
          />
        </div>
      </div>
      <Fieldset legend={t('reports.form.subjects')}>
        <p className="form-text mt-0">{t('reports.form.allSubjects')}</p>
        {draft.type === 'by_host' && picker('hosts', hosts.data?.result ?? [])}
        {draft.type === 'by_resource' && picker('resources', resources.data?.result ?? [])}
        {draft.type === 'by_host_type' && (
          <div className="border rounded p-2" style={{ maxHeight: '12rem', overflowY: 'auto' }}>
            {HOST_TYPE_NAMES.map((name) => (
              <Check
                key={name}
                label={name}
                checked={draft.host_types.includes(name)}
                onChange={(on) => set({ host_types: toggled(draft.host_types, name, on) })}
              />
            ))}
          </div>
        )}
      </Fieldset>
      <Fieldset legend={t('reports.form.content')}>
        {[...REPORT_CONTENT_NAMES]
          .sort((a, b) => REPORT_CONTENT[a].order - REPORT_CONTENT[b].order)
          .map((c: ReportContentName) => {
            const fits = contentFits(c, draft.type)
            return (
              <Check
                key={c}
                label={fits ? t(`reports.content.${c}`) : `${t(`reports.content.${c}`)} (${t('reports.form.notForType')})`}
                checked={fits && draft.content.includes(c)}
                disabled={!fits}
                onChange={(on) => set({ content: toggled(draft.content, c, on) })}
              />
            )
          })}
        {submitted && problems.content && <div className="invalid-feedback d-block">{t('reports.form.contentRequired')}</div>}
      </Fieldset>
      <Fieldset legend={t('reports.form.options')}>
        {(
          ['deviation_only', 'scheduled_outages_as_downtime', 'include_soft_states', 'include_index_page', 'group_hosts_by_type'] as const
        ).map((o) => (
          <Check
            key={o}
            label={t(`reports.options.${o}`)}
            checked={draft.options[o]}
            onChange={(on) => set({ options: { ...draft.options, [o]: on } })}
          />
        ))}
        <Select
          label={t('reports.options.unknown_as')}
          value={draft.options.unknown_as}
          values={UNKNOWN_AS}
          text={(v) => t(`reports.states.${v}`)}
          onChange={(unknown_as) => set({ options: { ...draft.options, unknown_as } })}
        />
      </Fieldset>
      <FormButtons submitLabel={submitLabel} busy={busy} onCancel={onCancel} />
    </form>
  )
}
