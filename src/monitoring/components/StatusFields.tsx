import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { z } from 'zod'
import { api } from '../../app/api'
import { AcknowledgementList } from '../../shared/api/acknowledgements'
import { DowntimeList } from '../../shared/api/downtimes'
import { PerfItemSchema } from '../../shared/perfdata'
import type { ThresholdRange } from '../../shared/thresholds'
import { formatDateTime, fromUnix, HostTypeIcon } from '../../ui'
import { monitoringKeys } from '../api'
import { hostPath } from '../links'
import { isHost, objectPath, type MonitoredRow } from '../model'
import { hostTypeCategory } from './host-type'

/** The extra fields of a subject (GET hosts/{name} and resources/{host}/{name} answer every field). */
const Extra = z.looseObject({
  organization_name: z.string().optional(),
  current_attempt: z.number().optional(),
  max_check_attempts: z.number().optional(),
  check_kind: z.string().optional(),
  perf_data: z.array(z.unknown()).optional(),
})

const when = (t: number | null) => (t === null ? '—' : formatDateTime(fromUnix(t)))

/** A Nagios range as written (`10`, `10:`, `~:10`, `@10:20`). */
function rangeText(r: ThresholdRange | null): string {
  if (!r) return ''
  const start = r.start === null ? '~' : String(r.start)
  const body = r.start === 0 ? String(r.end ?? '') : `${start}:${r.end ?? ''}`
  return `${r.inside ? '@' : ''}${body}`
}

/** Issue 17: the subject's acknowledgements or maintenance, with author and comment. */
function useActionList<T>(row: MonitoredRow, kind: 'acknowledgements' | 'downtimes', schema: z.ZodType<T>, enabled: boolean) {
  return useQuery({
    queryKey: [...monitoringKeys.actions(objectPath(row)), kind],
    enabled,
    queryFn: ({ signal }) => api.request(`${objectPath(row)}/${kind}`, { schema, signal }),
  }).data
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-3">{label}</dt>
      <dd className="col-sm-9">{children}</dd>
    </>
  )
}

/**
 * Issue 17: what Checkmk and Icinga show on a status page: alias, organization and environment, host type
 * with icon, address, tags and labels, parents and children, attempt of max, state type, last and next
 * check, check command and interval, performance data with thresholds, acknowledgement and maintenance
 * (author, comment) and tickets.
 */
export function StatusFields({ row }: { row: MonitoredRow }) {
  const { t } = useTranslation()
  const extra = Extra.parse(row)
  const perf = (extra.perf_data ?? []).flatMap((p) => {
    const r = PerfItemSchema.safeParse(p)
    return r.success ? [r.data] : []
  })
  const acknowledgements = useActionList(row, 'acknowledgements', AcknowledgementList, row.acknowledged)
  // Scheduled maintenance shows before it starts (depth 0 until then), so the list is read whenever it may be seen.
  const downtimes = useActionList(row, 'downtimes', DowntimeList, row.allowed_actions.includes('view_scheduled_downtime'))
  const f = (key: string) => t(`monitoring.views.fields.${key}`)
  const hostLinks = (names: readonly string[]) =>
    names.length === 0
      ? '—'
      : names.map((n, i) => (
          <span key={n}>
            {i > 0 && ', '}
            <Link to={hostPath(n, 'status')}>{n}</Link>
          </span>
        ))
  return (
    <dl className="row mb-0" aria-label={t('monitoring.views.fields.title')}>
      {isHost(row) && <Field label={f('alias')}>{row.alias || '—'}</Field>}
      <Field label={f('organization')}>{extra.organization_name ?? '—'}</Field>
      <Field label={f('environment')}>{row.hostgroup_alias}</Field>
      {isHost(row) && (
        <>
          <Field label={f('hosttype')}>
            <HostTypeIcon category={hostTypeCategory(row.hosttype)} className="me-1" />
            {row.hosttype}
          </Field>
          <Field label={f('address')}>{[row.ip_address, row.hostname].filter(Boolean).join(' / ') || '—'}</Field>
          <Field label={f('tags')}>{row.tags?.length ? row.tags.join(', ') : '—'}</Field>
          <Field label={f('labels')}>
            {Object.entries(row.labels ?? {})
              .map(([k, v]) => `${k}=${v}`)
              .join(', ') || '—'}
          </Field>
          <Field label={f('parents')}>{hostLinks(row.parents)}</Field>
          <Field label={f('children')}>{hostLinks(row.children)}</Field>
        </>
      )}
      <Field label={f('attempt')}>
        {extra.current_attempt ?? '—'}/{extra.max_check_attempts ?? '—'}
      </Field>
      <Field label={f('stateType')}>{row.state_type}</Field>
      <Field label={f('lastCheck')}>{when(row.last_check)}</Field>
      <Field label={f('nextCheck')}>{when(row.next_check)}</Field>
      <Field label={f('command')}>{extra.check_kind || '—'}</Field>
      <Field label={f('interval')}>{t('monitoring.views.seconds', { count: row.check_interval })}</Field>
      <Field label={f('perfData')}>
        {perf.length === 0 ? (
          '—'
        ) : (
          <table className="table table-sm mb-0">
            <thead>
              <tr>
                {['label', 'value', 'warn', 'crit', 'min', 'max'].map((h) => (
                  <th key={h} scope="col">
                    {f(`perf.${h}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {perf.map((p) => (
                <tr key={p.label}>
                  <td>{p.label}</td>
                  <td>{p.value === null ? 'U' : `${p.value}${p.uom}`}</td>
                  <td>{rangeText(p.warn)}</td>
                  <td>{rangeText(p.crit)}</td>
                  <td>{p.min ?? ''}</td>
                  <td>{p.max ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Field>
      <Field label={f('acknowledgement')}>
        {row.acknowledged
          ? (acknowledgements?.result ?? []).map((a) => (
              <div key={a.id}>
                {t('monitoring.views.byWith', { who: a.user_full_name || a.username, when: when(a.created_time), comment: a.comment })}
              </div>
            ))
          : '—'}
      </Field>
      <Field label={f('maintenance')}>
        {downtimes?.result.length
          ? downtimes.result.map((d) => (
              <div key={d.id}>
                <span className="badge text-bg-secondary me-1">{t(`ui.maintenanceView.status.${d.status}`)}</span>
                {t('monitoring.views.maintenanceRange', { from: when(d.start_time), to: when(d.end_time) })}{' '}
                {t('monitoring.views.byWith', { who: d.user_full_name || d.username, when: when(d.created_time), comment: d.comment })}
              </div>
            ))
          : '—'}
      </Field>
      <Field label={f('tickets')}>
        {row.tickets.length === 0
          ? '—'
          : row.tickets.map((id, i) => (
              <span key={id}>
                {i > 0 && ', '}
                <Link to={`/tickets/${encodeURIComponent(id)}`}>{id}</Link>
              </span>
            ))}
      </Field>
    </dl>
  )
}
