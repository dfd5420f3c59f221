import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useCurrentUser } from '../../app/api'
import { showMessage } from '../../app/shell'
import type { Report } from '../../shared/api/report-configurations'
import { reportWrites, useReportWrite } from '../api'
import { ReportForm } from '../components/ReportForm'
import { ReportScreen } from '../components/ReportScreen'
import { reportPath } from '../links'
import { mayEditReport, reportEnvironments } from '../rights'

/** SPEC §2 …/configuration: what the report holds (SPEC §3 fields), with a link to edit it where the person may write. */
export function ConfigurationPage() {
  const { t } = useTranslation()
  return (
    <ReportScreen heading={(r) => t('reports.configuration.title', { title: r.title })} links={['report', 'edit', 'timeline']}>
      {(r) => <ConfigurationSummary report={r} />}
    </ReportScreen>
  )
}

function ConfigurationSummary({ report: r }: { report: Report }) {
  const { t } = useTranslation()
  const subjects = r.type === 'by_host' ? r.hosts : r.type === 'by_resource' ? r.resources : r.host_types
  const rows: [string, string][] = [
    [t('reports.form.environment'), r.hostgroup_alias],
    [t('reports.form.period'), t(`reports.periods.${r.period}`)],
    [t('reports.form.window'), t(`reports.windows.${r.window}`)],
    [t('reports.form.type'), t(`reports.types.${r.type}`)],
    [t('reports.form.subjects'), subjects.length ? subjects.join(', ') : t('reports.configuration.subjectsAll')],
    [t('reports.form.content'), r.content.map((c) => t(`reports.content.${c}`)).join(', ')],
    [
      t('reports.form.options'),
      [
        ...(
          ['deviation_only', 'scheduled_outages_as_downtime', 'include_soft_states', 'include_index_page', 'group_hosts_by_type'] as const
        )
          .filter((o) => r.options[o])
          .map((o) => t(`reports.options.${o}`)),
        `${t('reports.options.unknown_as')}: ${t(`reports.states.${r.options.unknown_as}`)}`,
      ].join(', '),
    ],
  ]
  return (
    <dl className="row">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt className="col-sm-3">{label}</dt>
          <dd className="col-sm-9">{value}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

/**
 * SPEC §2 …/configuration/edit: the form with the report's values. SPEC §6 write needed: without it the person sees
 * the "edit report" not-authorized message instead of a form the server would refuse.
 */
export function EditConfigurationPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const user = useCurrentUser()
  const update = useReportWrite(reportWrites.update)
  return (
    <ReportScreen heading={(r) => t('reports.form.editTitle', { title: r.title })} links={['report', 'configuration']}>
      {(r) =>
        !mayEditReport(r) ? (
          <div className="alert alert-warning" role="alert">
            {t('reports.configuration.editNotAllowed')}
          </div>
        ) : (
          <ReportForm
            environments={reportEnvironments(user)}
            initial={r}
            busy={update.isPending}
            submitLabel={t('reports.form.save')}
            onCancel={() => void navigate(reportPath(r, 'configuration'))}
            onSubmit={({ hostgroup_id: _, ...body }) =>
              update.mutate(
                { id: r.id, body },
                {
                  onSuccess: (saved) => {
                    showMessage({ variant: 'success', text: t('reports.form.saved', { title: saved.title }) })
                    void navigate(reportPath(saved, 'configuration'))
                  },
                },
              )
            }
          />
        )
      }
    </ReportScreen>
  )
}
