import { useLoaderData } from 'react-router'
import type { GuardOutcome } from '../guard/guard'
import { useCurrentUser } from '../api/current-user'
import { ApiDownScreen } from './ApiDownScreen'
import { Shell } from './Shell'

/** Renders what the SPEC §4 route guard decided: the shell, the not-authorized page in it, or API down. */
export function ProtectedLayout() {
  const outcome = useLoaderData() as Exclude<GuardOutcome, { kind: 'login' }>
  const cached = useCurrentUser()
  if (outcome.kind === 'api_down') return <ApiDownScreen />
  return <Shell user={cached ?? outcome.user} notAuthorized={outcome.kind === 'not_authorized'} />
}
