import { useTranslation } from 'react-i18next'
import { useCurrentUser } from '../../app/api'
import { showMessage } from '../../app/shell'
import { environmentFilterIds } from '../../shared/environment-filter'
import type { CurrentUser } from '../../shared/api/users'
import { useLayout, useResetLayout, useSaveLayout, useSaveOrganizationLayout } from '../api'
import { useDashboardFeed } from '../feed'
import { AddWidget } from '../components/AddWidget'
import { WidgetGrid } from '../components/WidgetGrid'

/** An organization administrator (SPEC §6 hostgroup_write on the organization) or a server admin sets its default. */
function maySetDefault(user: CurrentUser): boolean {
  const own = user.allowed_organizations.find((o) => o.id === user.organization.id)
  return user.server_admin || (own?.allowed_actions.includes('hostgroup_write') ?? false)
}

/**
 * SPEC §2 /dashboard (issue 19): the user's widgets over the environments of the environment filter (all the
 * user's environments when it is empty), live through the feed. Layout changes are saved at once, per user.
 */
export function DashboardPage() {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const layout = useLayout()
  const save = useSaveLayout()
  const reset = useResetLayout()
  const saveDefault = useSaveOrganizationLayout()
  const filter = environmentFilterIds(user)
  const environments = filter.join(',')
  const shown = filter.length ? filter : (user?.allowed_environments ?? []).map((e) => e.id)
  useDashboardFeed(shown)
  const names = (user?.allowed_environments ?? []).filter((e) => filter.includes(e.id)).map((e) => e.alias || e.name)
  const widgets = layout.data?.widgets
  const onSaveDefault = () =>
    user &&
    widgets &&
    saveDefault.mutate(
      { organizationId: user.organization.id, body: { widgets } },
      {
        onSuccess: () =>
          showMessage({
            variant: 'success',
            text: t('dashboard.page.defaultSaved', { organization: user.organization.alias || user.organization.name }),
          }),
      },
    )
  return (
    <section className="container-fluid py-3">
      <header className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0 me-auto">{t('dashboard.screens.dashboard')}</h1>
        {widgets && <AddWidget widgets={widgets} onChange={(next) => save.mutate({ widgets: next })} />}
        {layout.data?.source === 'user' && (
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => reset.mutate()} disabled={reset.isPending}>
            {t('dashboard.page.reset')}
          </button>
        )}
        {user && widgets && maySetDefault(user) && (
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onSaveDefault} disabled={saveDefault.isPending}>
            {t('dashboard.page.saveDefault')}
          </button>
        )}
      </header>
      <p className="small text-body-secondary">
        {names.length ? t('dashboard.page.environments', { names: names.join(', ') }) : t('dashboard.page.allEnvironments')}
        {layout.data && ` ${t(`dashboard.page.source.${layout.data.source}`)}`}
      </p>
      {!widgets ? (
        <p className="text-body-secondary">{t('dashboard.page.loading')}</p>
      ) : widgets.length === 0 ? (
        <p className="alert alert-info">{t('dashboard.page.empty')}</p>
      ) : (
        <WidgetGrid widgets={widgets} environments={environments} onChange={(next) => save.mutate({ widgets: next })} />
      )}
    </section>
  )
}
