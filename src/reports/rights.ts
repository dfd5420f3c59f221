import type { Report } from '../shared/api/report-configurations'
import type { CurrentUser } from '../shared/api/users'
import type { WritableEnvironment } from '../ui'

/** SPEC §6: the environments where the person may add and edit reports (write). */
export const reportEnvironments = (user: CurrentUser | undefined): WritableEnvironment[] =>
  (user?.allowed_environments ?? []).filter((e) => e.allowed_actions.includes('write'))

/** SPEC §6: the person may edit and delete this report (write on its environment, as the server says). */
export const mayEditReport = (report: Report): boolean => report.allowed_actions.includes('write')
