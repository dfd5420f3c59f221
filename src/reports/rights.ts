import type { CurrentUser } from '../shared/api/users'
import type { WritableEnvironment } from '../ui'

/** SPEC §6: the environments where the person may add and edit reports (write). */
export const reportEnvironments = (user: CurrentUser | undefined): WritableEnvironment[] =>
  (user?.allowed_environments ?? []).filter((e) => e.allowed_actions.includes('write'))
