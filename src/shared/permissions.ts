/**
 * SPEC §6 roles and permissions. The action names of SPEC §3 "Allowed action values" and the one
 * mapping from the authorization groups of SPEC §6 (service desk, service manager, operator,
 * administrator, engineer) to action sets and modules. SPEC leaves the mapping unshown; this is Vigil's:
 *
 * | group           | actions                                                       | modules            |
 * |-----------------|---------------------------------------------------------------|--------------------|
 * | service_desk    | view/create ticket, view/add acknowledgement, view maintenance | all but admin      |
 * | service_manager | service_desk + user_read                                      | all but admin      |
 * | operator        | every monitoring action (tickets, acknowledgements, maintenance) | all but admin   |
 * | engineer        | operator + write, maps_write, host_write                      | all but admin      |
 * | administrator   | every action                                                  | all                |
 */
import { z } from 'zod'
import { MODULES, type Module } from './enums'

export const ACTIONS = [
  'create_ticket',
  'view_ticket',
  'add_acknowledgement',
  'view_acknowledgement',
  'schedule_downtime',
  'view_scheduled_downtime',
  'write',
  'maps_write',
  'user_read',
  'hostgroup_write',
  'host_write',
] as const
export const Action = z.enum(ACTIONS)
export type Action = z.infer<typeof Action>

/**
 * SPEC §3 User `rights`: what a server admin (issue 13) may do beyond the SPEC §6 actions, server-wide. Others have
 * none. Vigil's names for them: grant and revoke server admins, set organizations' limits (quotas) and allowed
 * target networks, save plugin checks and server-admin check fields, read system events and every audit log, and
 * move organizations to another MSP parent.
 */
export const SERVER_ADMIN_RIGHTS = [
  'server_admins_write',
  'limits_write',
  'allowed_targets_write',
  'plugin_checks_write',
  'system_events_read',
  'audit_log_read',
  'organizations_reparent',
] as const
export const ServerRight = z.enum(SERVER_ADMIN_RIGHTS)
export type ServerRight = z.infer<typeof ServerRight>

export const AUTHORIZATION_GROUPS = ['service_desk', 'service_manager', 'operator', 'engineer', 'administrator'] as const
export const AuthorizationGroup = z.enum(AUTHORIZATION_GROUPS)
export type AuthorizationGroup = z.infer<typeof AuthorizationGroup>

const SERVICE_DESK: Action[] = ['view_ticket', 'create_ticket', 'view_acknowledgement', 'add_acknowledgement', 'view_scheduled_downtime']
const OPERATOR: Action[] = [...SERVICE_DESK, 'schedule_downtime']
const NON_ADMIN_MODULES = MODULES.filter((m) => m !== 'admin')

export const GROUP_GRANTS: Record<AuthorizationGroup, { actions: readonly Action[]; modules: readonly Module[] }> = {
  service_desk: { actions: SERVICE_DESK, modules: NON_ADMIN_MODULES },
  service_manager: { actions: [...SERVICE_DESK, 'user_read'], modules: NON_ADMIN_MODULES },
  operator: { actions: OPERATOR, modules: NON_ADMIN_MODULES },
  engineer: { actions: [...OPERATOR, 'write', 'maps_write', 'host_write'], modules: NON_ADMIN_MODULES },
  administrator: { actions: ACTIONS, modules: MODULES },
}

/** Union of the actions granted by several groups, in ACTIONS order. */
export function actionsOf(groups: Iterable<AuthorizationGroup>): Action[] {
  const granted = new Set<Action>()
  for (const g of groups) for (const a of GROUP_GRANTS[g].actions) granted.add(a)
  return ACTIONS.filter((a) => granted.has(a))
}

/** Union of the modules granted by several groups, in MODULES order. */
export function modulesOf(groups: Iterable<AuthorizationGroup>): Module[] {
  const granted = new Set<Module>()
  for (const g of groups) for (const m of GROUP_GRANTS[g].modules) granted.add(m)
  return MODULES.filter((m) => granted.has(m))
}

/**
 * SPEC §2 fixed content modules and their sub-modules (issue 15): a user may be allowed some of them. A grant
 * is a module without sub-modules (`dashboard`) or one sub-module (`monitoring.alerts`).
 */
export const SUB_MODULES = {
  dashboard: [],
  monitoring: ['alerts', 'timeline', 'hosts', 'resources', 'widget'],
  maps: ['maps', 'slideshows'],
  risks: [],
  reports: [],
  assets: ['hosts', 'software'],
  admin: [],
} as const satisfies Record<Module, readonly string[]>

export const MODULE_GRANTS = MODULES.flatMap((m): string[] => (SUB_MODULES[m].length ? SUB_MODULES[m].map((s) => `${m}.${s}`) : [m]))
export const ModuleGrant = z.string().refine((g) => MODULE_GRANTS.includes(g), 'a SPEC §2 module or module.sub-module')

/** The modules of `granted` (from the groups) that `allowed` (a user's grants; null: all) leaves at least one sub-module of. */
export function restrictModules(granted: readonly Module[], allowed: readonly string[] | null): Module[] {
  if (allowed === null) return [...granted]
  return granted.filter((m) => allowed.some((g) => g === m || g.startsWith(`${m}.`)))
}
