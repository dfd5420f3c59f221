/**
 * The filter panel's columns of the admin lists (SPEC §2 per-section custom filters, location "admin"):
 * names as free text, environment and host type as pickers, dates as dates; each one the list allows
 * (src/server/store/hosts.ts, user-admin.ts).
 */
import { HOST_TYPE_NAMES } from '../../shared/host-types'
import type { FilterColumn } from '../../ui'

type Translate = (key: string) => string
const named = (values: readonly string[]) =>
  [...new Set(values)].sort((a, b) => a.localeCompare(b)).map((value) => ({ value, label: value }))

export function hostFilterColumns(t: Translate, environments: readonly string[]): FilterColumn[] {
  return [
    { key: 'name', label: t('admin.hosts.columns.name'), kind: 'text' },
    { key: 'hostname', label: t('admin.hosts.form.fqdn'), kind: 'text' },
    { key: 'ip_address', label: t('admin.hosts.form.ip'), kind: 'text' },
    { key: 'hosttype', label: t('admin.hosts.columns.hosttype'), kind: 'enum', options: named(HOST_TYPE_NAMES) },
    { key: 'hostgroup_alias', label: t('admin.hosts.columns.environment'), kind: 'enum', options: named(environments) },
    { key: 'tags', label: t('admin.hosts.columns.tags'), kind: 'text' },
  ]
}

export function userFilterColumns(t: Translate): FilterColumn[] {
  return [
    { key: 'username', label: t('admin.users.username'), kind: 'text' },
    { key: 'first_name', label: t('admin.users.firstName'), kind: 'text' },
    { key: 'last_name', label: t('admin.users.lastName'), kind: 'text' },
    { key: 'email', label: t('admin.users.email'), kind: 'text' },
    { key: 'last_logon', label: t('admin.users.lastLogon'), kind: 'date' },
  ]
}
