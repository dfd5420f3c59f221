/**
 * SPEC §2 "Current editor" /maps/{hostgroup_name}/{name}/edit and the legacy /legacy/edit (the same editor in
 * a simpler mode): loads the map by name, refuses small windows with a clear message, then opens the editor.
 */
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation, useParams } from 'react-router'
import { useCurrentUser } from '../../app/api'
import { EDITOR_MIN_VIEWPORT } from '../../shared/maps'
import { mapByNameQuery } from '../../viewer'
import { useEditorSession } from '../persistence/use-editor-session'
import { EditorWorkbench } from './EditorWorkbench'
import { useViewportTooSmall } from './use-viewport-size'

export function EditorPage() {
  const { t } = useTranslation()
  const { hostgroup_name = '', name = '' } = useParams()
  const legacy = useLocation().pathname.endsWith('/legacy/edit')
  const tooSmall = useViewportTooSmall()
  const map = useQuery({ ...mapByNameQuery(hostgroup_name, name), staleTime: Infinity, enabled: !tooSmall })
  const user = useCurrentUser()
  const session = useEditorSession(tooSmall ? undefined : map.data, user?.id)

  if (tooSmall)
    return (
      <div className="alert alert-warning m-3" role="alert">
        {t('editor.page.lowResolution', EDITOR_MIN_VIEWPORT)}
      </div>
    )
  if (session.kind === 'failed')
    return (
      <div className="alert alert-danger m-3" role="alert">
        {t(`errors.${session.error}`, { defaultValue: session.error })}
      </div>
    )
  if (!map.data || session.kind === 'loading')
    return (
      <div className="m-3" role="status">
        {t('editor.page.loading')}
      </div>
    )
  return <EditorWorkbench key={`${map.data.id}-${session.kind}`} map={map.data} session={session} legacy={legacy} />
}
