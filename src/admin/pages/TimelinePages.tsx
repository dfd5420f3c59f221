import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../../app/api'
import { useCurrentUser } from '../../app/api'
import { Timeline, useTimelineUrlState, type TimelineSource } from '../../ui'
import type { TimelineEvent } from '../../shared/api/events'
import { fetchAuditEvents, useOrganizationByName } from '../api'
import { AdminTabs } from '../components/AdminTabs'

/** SPEC §6: a user's audit event links (a hash-router href) to the user's timeline only for those who may manage users (user_read). */
function useUserLink(organization: string, organizationId: number | undefined) {
  const me = useCurrentUser()
  const readsUsers = me?.allowed_organizations.find((o) => o.id === organizationId)?.allowed_actions.includes('user_read') ?? false
  return (e: TimelineEvent) =>
    readsUsers && e.event_class === 'user_audit'
      ? `#/admin/${encodeURIComponent(organization)}/users/${encodeURIComponent(e.subject_name)}/timeline`
      : undefined
}

/** SPEC §2 /admin/{organization}/timeline: the organization's audit events (issue 13 audit log). */
export function OrganizationTimelinePage() {
  const { t } = useTranslation()
  const name = useParams().organization ?? ''
  const { organization } = useOrganizationByName(name)
  const url = useTimelineUrlState(`/admin/${encodeURIComponent(name)}/timeline`)
  const id = organization?.id
  const source = useMemo<TimelineSource>(
    () => ({ key: ['admin', 'audit', id], params: { organization_id: id }, fetchEvents: fetchAuditEvents }),
    [id],
  )
  const userHref = useUserLink(name, id)
  return (
    <section className="container-fluid py-3">
      <h1 className="h4">{t('admin.timeline.organization', { name: organization?.alias ?? name })}</h1>
      <AdminTabs organization={name} />
      {id !== undefined && <Timeline source={source} {...url} pollMs={false} subjectHref={userHref} />}
    </section>
  )
}

const UserRef = z.object({ result: z.array(z.looseObject({ id: z.number().int(), username: z.string() })) })

/** SPEC §2 /admin/{organization}/users/{user}/timeline: what one user did. */
export function UserTimelinePage() {
  const { t } = useTranslation()
  const { organization: name = '', user: username = '' } = useParams()
  const { organization } = useOrganizationByName(name)
  const url = useTimelineUrlState(`/admin/${encodeURIComponent(name)}/users/${encodeURIComponent(username)}/timeline`)
  const user = useQuery({
    queryKey: ['admin', 'user-by-name', username],
    queryFn: ({ signal }) =>
      api.request('users', {
        query: { advanced_filter: JSON.stringify([['username', 'equals', username]]), limit: 1 },
        schema: UserRef,
        signal,
      }),
  })
  const id = user.data?.result[0]?.id
  const source = useMemo<TimelineSource>(
    () => ({ key: ['admin', 'user-audit', id], params: { user_id: id }, fetchEvents: fetchAuditEvents }),
    [id],
  )
  return (
    <section className="container-fluid py-3">
      <h1 className="h4">{t('admin.timeline.user', { name: username })}</h1>
      <AdminTabs organization={organization?.name ?? name} />
      {id !== undefined && <Timeline source={source} {...url} pollMs={false} />}
    </section>
  )
}
