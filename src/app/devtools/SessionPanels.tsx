/** Developer tools (issue 19): who is logged in with which rights, and the live feed's state and topics. */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCurrentUser } from '../api'
import { feed, useFeedState } from '../feed'

const ONE_SECOND = 1000

export function CurrentUserPanel() {
  const { t } = useTranslation()
  const user = useCurrentUser()
  if (!user) return null
  const k = (key: string) => t(`shell.devTools.${key}`)
  const list = (items: readonly string[]) => (items.length ? items.join(', ') : k('none'))
  return (
    <section aria-label={k('user')} className="mb-4">
      <h2 className="h5">{k('user')}</h2>
      <dl className="row mb-0">
        <dt className="col-sm-2">{k('username')}</dt>
        <dd className="col-sm-10">{user.username}</dd>
        <dt className="col-sm-2">{k('organization')}</dt>
        <dd className="col-sm-10">{user.organization.alias}</dd>
        <dt className="col-sm-2">{k('serverAdmin')}</dt>
        <dd className="col-sm-10">{k(user.server_admin ? 'yes' : 'no')}</dd>
        <dt className="col-sm-2">{k('permissions')}</dt>
        <dd className="col-sm-10" data-testid="permissions">
          {list([...user.permissions, ...user.rights])}
        </dd>
        <dt className="col-sm-2">{k('modules')}</dt>
        <dd className="col-sm-10">{list(user.allowed_modules)}</dd>
      </dl>
    </section>
  )
}

export function FeedPanel() {
  const { t } = useTranslation()
  const state = useFeedState()
  // The topics change without an event of their own: read them again every second.
  const [topics, setTopics] = useState(feed.topics)
  useEffect(() => {
    const timer = setInterval(() => setTopics(feed.topics()), ONE_SECOND)
    return () => clearInterval(timer)
  }, [])
  const k = (key: string) => t(`shell.devTools.${key}`)
  return (
    <section aria-label={k('feed')} className="mb-4">
      <h2 className="h5">{k('feed')}</h2>
      <dl className="row mb-0">
        <dt className="col-sm-2">{k('status')}</dt>
        <dd className="col-sm-10" data-testid="feed-status">
          {k(`statuses.${state.status}`)}
        </dd>
        <dt className="col-sm-2">{k('lastMessage')}</dt>
        <dd className="col-sm-10">{state.lastMessageAt ? new Date(state.lastMessageAt).toLocaleTimeString() : k('none')}</dd>
        <dt className="col-sm-2">{k('topics')}</dt>
        <dd className="col-sm-10" data-testid="feed-topics">
          {topics.length ? topics.join(', ') : k('none')}
        </dd>
      </dl>
    </section>
  )
}
