/**
 * Issue 13 "Tests that prove it": the tenant matrix. Every /api/v1 route the server registers (its own
 * route table, checked against the OpenAPI document) is called with organization A's real ids by
 * - a user of another organization (its administrator),
 * - a user of A lacking the action (service_desk, SPEC §6) for writes it may not do,
 * - an expired token and no token,
 * and nothing leaks: a read answers non-2xx or a 2xx naming none of A's objects, a write is refused and
 * leaves A's data as it was. A route missing from ROUTES below fails the test, so no new route escapes it.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES, TEST_SECRET_KEY } from '../helpers/server'
import { secretBox } from '../../src/server/security/secrets'
import { useApiSuite } from '../helpers/suite'
import { client, login, tokenOf, uniq, type Client, type Res } from '../helpers/api'

/** A's objects whose ids and names fill the paths and bodies. */
interface Fixture {
  org: number
  env: number
  envName: string
  host: number
  hostName: string
  resource: number
  resourceName: string
  map: number
  mapName: string
  slideshow: number
  /** a report of A named like A's map, so the `{name}` of by-name paths fits both */
  report: number
  filter: string
  event: number
  user: number
  /** a server admin's check template for A only */
  template: number
  /** an environment list of A (issue 15) */
  envList: number
  /** a label type of A (issue 15 Settings) and the label of A's host under it */
  labelType: number
  labelName: string
  /** a network discovery sweep of A (issue 15) */
  discovery: string
  /** an API token and a wall token of A's administrator (issue 16) */
  apiToken: number
  wallToken: number
}

/**
 * How each route touches A's data: `read` returns it, `write` changes it, `self` only touches the caller
 * (a 2xx is fine, A must stay unchanged), `public` needs no token. `desk`: a service desk user of A may do
 * it (SPEC §6 service_desk: tickets, acknowledgements), so it is not a "lacking the action" case.
 */
type Kind = 'read' | 'write' | 'self' | 'public'
interface Case {
  kind: Kind
  desk?: true
  /** a bulk call acts on what its filter finds in the caller's scope: a 2xx is fine when it did nothing (`done: 0`) */
  bulk?: true
  query?: (f: Fixture) => string
  body?: (f: Fixture) => unknown
}

const now = Math.floor(Date.now() / 1000)
const comment = 'matrix'
const onHost = (f: Fixture) => ({ host_id: f.host, host_name: f.hostName, resource_id: null, resource_name: null })
const onResource = (f: Fixture) => ({ host_id: f.host, host_name: f.hostName, resource_id: f.resource, resource_name: f.resourceName })
const downtime = { start_time: now + 3600, end_time: now + 7200, comment }
/** Issue 15 ticket providers: A's tickets sent to someone else's Request Tracker (TEST-NET-1, nothing answers). */
const rtSetting = { provider: 'request_tracker', base_url: 'https://192.0.2.10', queue: 'General', token: 'taken-over' }
/** A bulk action on A's environment (every host in it), SPEC §7 bulk calls. */
const bulk = (f: Fixture) => ({ target: 'hosts', advanced_filter: [], environment_ids: [f.env] })
const EMPTY_MAP = {
  schema_version: 1,
  resolution: { width: 1280, height: 720 },
  background: { colour: '#ffffff', image_id: null },
  grid: { visible: true, snap: true, size: 16 },
  items: {},
  connectors: {},
}

const ROUTES: Record<string, Case> = {
  'GET /version.json': { kind: 'public' },
  'POST /api/v1/auth/login': { kind: 'public' },
  // Issue 16: the second step of a login takes a pending-login ticket, no token (tests/api/two-factor.test.ts).
  'POST /api/v1/auth/mfa': { kind: 'public' },
  'POST /api/v1/auth/enroll': { kind: 'public' },
  'POST /api/v1/auth/enroll/confirm': { kind: 'public' },
  // Issue 16 hardware keys and push approval (tests/api/webauthn.test.ts, tests/api/push-approval.test.ts).
  'POST /api/v1/auth/mfa/webauthn/options': { kind: 'public' },
  'POST /api/v1/auth/push': { kind: 'public' },
  'POST /api/v1/auth/push/wait': { kind: 'public' },
  'POST /api/v1/auth/passkey/options': { kind: 'public' },
  'POST /api/v1/auth/passkey': { kind: 'public' },
  'GET /api/v1/auth/login-page': { kind: 'public' },
  'POST /api/v1/users/current/totp': { kind: 'self' },
  'POST /api/v1/users/current/totp/confirm': { kind: 'self', body: () => ({ code: '123456' }) },
  'DELETE /api/v1/users/{id}/second-factors': { kind: 'write' },
  'POST /api/v1/users/current/webauthn/options': { kind: 'self' },
  'POST /api/v1/users/current/webauthn': { kind: 'self' },
  'POST /api/v1/users/current/push': { kind: 'self' },
  'GET /api/v1/users/current/second-factors': { kind: 'self' },
  // A's user's factor (its id: A's user id stands in) is not the caller's: 404, nothing changes.
  'PUT /api/v1/users/current/second-factors/{id}': { kind: 'self', body: () => ({ name: 'matrix' }) },
  'DELETE /api/v1/users/current/second-factors/{id}': { kind: 'self' },
  'GET /api/v1/users/current/push-approvals': { kind: 'self' },
  'POST /api/v1/users/current/push-approvals/{id}': { kind: 'self', body: () => ({ decision: 'approve' }) },
  'POST /api/v1/auth:forgot-password': { kind: 'public' },
  'PUT /api/v1/auth:forgot-password': { kind: 'public' },
  'GET /api/v1/auth/cloud': { kind: 'public' },
  'POST /api/v1/auth/cloud/start': { kind: 'public' },
  'POST /api/v1/auth/cloud/finish': { kind: 'public' },
  'POST /api/v1/auth/logout': { kind: 'self' },
  'GET /api/v1/users/current': { kind: 'self' },
  'POST /api/v1/feed/ticket': { kind: 'self' },
  'POST /api/v1/users/{id}/unlock': { kind: 'write' },
  'PUT /api/v1/users/{id}/server_admin': { kind: 'write', body: () => ({ server_admin: true }) },
  'PUT /api/v1/users/current': { kind: 'self', body: () => ({ preferences: {} }) },
  'GET /api/v1/tokens': { kind: 'self' },
  'POST /api/v1/tokens': { kind: 'self', body: () => ({ name: 'matrix token', expire_days: 30 }) },
  'DELETE /api/v1/tokens/{id}': { kind: 'write' },
  'GET /api/v1/wall-tokens': { kind: 'read', query: (f) => `hostgroup_id=${f.env}` },
  'POST /api/v1/wall-tokens': {
    kind: 'write',
    body: (f) => ({ name: 'matrix wall', expire_days: 30, hostgroup_id: f.env, map_ids: [f.map] }),
  },
  'DELETE /api/v1/wall-tokens/{id}': { kind: 'write' },
  'GET /api/v1/users': { kind: 'read' },
  'GET /api/v1/users/grouped': { kind: 'read', query: () => 'group_by=organization_id' },
  'GET /api/v1/users/{id}': { kind: 'read' },
  'POST /api/v1/users': {
    kind: 'write',
    body: (f) => ({
      username: uniq('mx-user'),
      password: 'a-long-enough-password',
      organization_id: f.org,
      authorizations: [{ organization_id: f.org, hostgroup_id: null, group: 'operator' }],
    }),
  },
  'PUT /api/v1/users/{id}': { kind: 'write', body: () => ({ first_name: 'taken over', password: 'taken-over-password' }) },
  'DELETE /api/v1/users/{id}': { kind: 'write' },
  'GET /api/v1/environment-lists': { kind: 'read' },
  'GET /api/v1/environment-lists/{id}': { kind: 'read' },
  'POST /api/v1/environment-lists': {
    kind: 'write',
    body: (f) => ({ name: uniq('mx-list'), organization_id: f.org, environment_ids: [f.env] }),
  },
  'PUT /api/v1/environment-lists/{id}': { kind: 'write', body: () => ({ name: 'taken over', environment_ids: [] }) },
  'DELETE /api/v1/environment-lists/{id}': { kind: 'write' },
  'POST /api/v1/errors': { kind: 'self', body: () => ({ message: 'matrix' }) },
  'POST /api/v1/tracker': { kind: 'self', body: () => ({ events: [] }) },
  'GET /api/v1/client-reports': { kind: 'read', query: () => 'kind=error' },
  // Issue 20: probes are managed by server admins only; the link takes a probe's token, never a user's.
  'GET /api/v1/probes': { kind: 'read' },
  'POST /api/v1/probes': { kind: 'write', body: (f) => ({ name: 'taken-over', environment_ids: [f.env] }) },
  'PUT /api/v1/probes/{id}/environments': { kind: 'write', body: (f) => ({ environment_ids: [f.env] }) },
  'DELETE /api/v1/probes/{id}': { kind: 'write' },
  'POST /api/v1/probe-link/sync': { kind: 'write', body: () => ({ version: 'x', lag_s: 0, load: 0 }) },
  'POST /api/v1/probe-link/results': {
    kind: 'write',
    body: (f) => ({ results: [{ type: 'resource', id: f.resource, at: now, status: 2, output: 'taken over', perfdata: [] }] }),
  },
  'GET /api/v1/organizations': { kind: 'read' },
  'POST /api/v1/organizations': { kind: 'write', body: (f) => ({ name: uniq('mx-org'), msp_parent_id: f.org }) },
  'GET /api/v1/organizations/grouped': { kind: 'read', query: () => 'group_by=is_msp' },
  'GET /api/v1/organizations/{id}': { kind: 'read' },
  'PUT /api/v1/organizations/{id}': { kind: 'write', body: () => ({ alias: 'taken over' }) },
  'DELETE /api/v1/organizations/{id}': { kind: 'write' },
  'GET /api/v1/organizations/{id}/allowed-targets': { kind: 'read' },
  'PUT /api/v1/organizations/{id}/allowed-targets': { kind: 'write', body: () => ({ networks: ['10.0.0.0/8'], names: [] }) },
  'GET /api/v1/organizations/{id}/quotas': { kind: 'read' },
  'GET /api/v1/check-templates': { kind: 'read' },
  'POST /api/v1/check-templates': {
    kind: 'write',
    body: (f) => ({ name: uniq('mx-tpl'), kind: 'tcp', fields: { send: 'x' }, organization_id: f.org }),
  },
  'PUT /api/v1/check-templates/{id}': { kind: 'write', body: () => ({ fields: { send: 'FLUSHALL\r\n' } }) },
  'DELETE /api/v1/check-templates/{id}': { kind: 'write' },
  'PUT /api/v1/organizations/{id}/quotas': { kind: 'write', body: () => ({ hosts: 1 }) },
  'GET /api/v1/organizations/{id}/settings/thresholds': { kind: 'read' },
  'PUT /api/v1/organizations/{id}/settings/thresholds': { kind: 'write', body: () => ({ ping_rta_ms: { warning: 1, critical: 2 } }) },
  'GET /api/v1/organizations/{id}/settings/risks': { kind: 'read' },
  'PUT /api/v1/organizations/{id}/settings/risks': { kind: 'write', body: () => ({ minimum_severity: 'high' }) },
  'GET /api/v1/organizations/{id}/settings/services': { kind: 'read' },
  'PUT /api/v1/organizations/{id}/settings/services': { kind: 'write', body: () => ({ disabled_checks: { linux: ['ssh'] } }) },
  'GET /api/v1/organizations/{id}/settings/tickets': { kind: 'read' },
  'PUT /api/v1/organizations/{id}/settings/tickets': { kind: 'write', body: () => rtSetting },
  'POST /api/v1/organizations/{id}/settings/tickets/test': { kind: 'write', body: () => rtSetting },
  'GET /api/v1/organizations/{id}/label-types': { kind: 'read' },
  'POST /api/v1/organizations/{id}/label-types': { kind: 'write', body: () => ({ name: uniq('mx-label'), data_type: 'none' }) },
  'DELETE /api/v1/label-types/{id}': { kind: 'write' },
  'GET /api/v1/hosts/{id}/labels': { kind: 'read' },
  'PUT /api/v1/hosts/{id}/labels/{name}': { kind: 'write', body: () => ({ value: 'taken over' }) },
  'DELETE /api/v1/hosts/{id}/labels/{name}': { kind: 'write' },
  ...environmentRoutes('hostgroups'),
  ...environmentRoutes('environments'),
  'GET /api/v1/hosts': { kind: 'read' },
  'POST /api/v1/hosts': { kind: 'write', body: (f) => ({ name: uniq('mx-new'), hostgroup_id: f.env, check_type: '1' }) },
  'GET /api/v1/hosts/grouped': { kind: 'read', query: () => 'group_by=state' },
  'GET /api/v1/hosts/{id}': { kind: 'read' },
  'PUT /api/v1/hosts/{id}': { kind: 'write', body: () => ({ alias: 'taken over' }) },
  'DELETE /api/v1/hosts/{id}': { kind: 'write' },
  'POST /api/v1/hosts/{id}/reschedule': { kind: 'write' },
  'GET /api/v1/host-types': { kind: 'self' },
  'POST /api/v1/hosts/tags': { kind: 'write', body: (f) => ({ host_ids: [f.host], add: ['ssh'] }) },
  'PUT /api/v1/hosts/clusters': { kind: 'write', body: (f) => ({ name: uniq('mx-cluster'), host_ids: [f.host] }) },
  'DELETE /api/v1/hosts/{id}/cluster': { kind: 'write' },
  'POST /api/v1/discovery': { kind: 'write', body: (f) => ({ hostgroup_id: f.env, cidr: '192.0.2.0/30', ports: [9] }) },
  'GET /api/v1/discovery/{id}': { kind: 'read' },
  'DELETE /api/v1/discovery/{id}': { kind: 'write' },
  'POST /api/v1/discovery/{id}/hosts': {
    kind: 'write',
    body: () => ({ hosts: [{ address: '192.0.2.1', name: uniq('mx-found'), hosttype: 'ping' }] }),
  },
  // Issue 15 CSV import: a real file, so a refusal that let it through would add a host to A.
  'POST /api/v1/hosts/import': { kind: 'write', body: (f) => ({ hostgroup_id: f.env, csv: `name\r\n${uniq('mx-import')}\r\n` }) },
  'GET /api/v1/resources': { kind: 'read' },
  'POST /api/v1/resources': { kind: 'write', body: (f) => ({ host_id: f.host, name: uniq('mx-new'), check_type: '1' }) },
  'GET /api/v1/resources/grouped': { kind: 'read', query: () => 'group_by=state' },
  'GET /api/v1/resources/{id}': { kind: 'read' },
  'PUT /api/v1/resources/{id}': { kind: 'write', body: () => ({ check_interval: 999 }) },
  'DELETE /api/v1/resources/{id}': { kind: 'write' },
  'GET /api/v1/resources/{hostname}/{display_name}': { kind: 'read' },
  'POST /api/v1/resources/{id}/reschedule': { kind: 'write' },
  'GET /api/v1/hosts/{id}/perfdata': { kind: 'read' },
  'GET /api/v1/resources/{id}/perfdata': { kind: 'read' },
  // Issue 20: host and resource states for Prometheus, only those of the caller's environments.
  'GET /api/v1/metrics': { kind: 'read' },
  'POST /api/v1/results': { kind: 'write', body: (f) => ({ host: f.hostName, exit_status: 0, output: 'taken over' }) },
  'GET /api/v1/events': { kind: 'read', query: () => 'limit=1000' },
  'GET /api/v1/events/{id}': { kind: 'read' },
  'POST /api/v1/hosts/{host_id}/acknowledgements': { kind: 'write', desk: true, body: (f) => ({ ...onHost(f), comment }) },
  'GET /api/v1/hosts/{host_id}/acknowledgements': { kind: 'read' },
  'DELETE /api/v1/hosts/{host_id}/acknowledgements': { kind: 'write', desk: true },
  'POST /api/v1/resources/{resource_id}/acknowledgements': { kind: 'write', desk: true, body: (f) => ({ ...onResource(f), comment }) },
  'GET /api/v1/resources/{resource_id}/acknowledgements': { kind: 'read' },
  'DELETE /api/v1/resources/{resource_id}/acknowledgements': { kind: 'write', desk: true },
  'POST /api/v1/hosts/{host_id}/downtimes': { kind: 'write', body: (f) => ({ ...onHost(f), ...downtime }) },
  'GET /api/v1/hosts/{host_id}/downtimes': { kind: 'read' },
  'DELETE /api/v1/hosts/{host_id}/downtimes': { kind: 'write' },
  'POST /api/v1/resources/{resource_id}/downtimes': { kind: 'write', body: (f) => ({ ...onResource(f), ...downtime }) },
  'GET /api/v1/resources/{resource_id}/downtimes': { kind: 'read' },
  'DELETE /api/v1/resources/{resource_id}/downtimes': { kind: 'write' },
  'GET /api/v1/tickets/{ticket_id}': { kind: 'read' },
  'GET /api/v1/hosts/{host_id}/tickets': { kind: 'read' },
  'POST /api/v1/hosts/{host_id}/tickets': { kind: 'write', desk: true, body: (f) => ({ ...onHost(f), comment }) },
  'GET /api/v1/hosts/{host_id}/tickets/{ticket_id}': { kind: 'read' },
  'POST /api/v1/hosts/{host_id}/tickets/{ticket_id}': { kind: 'write', desk: true, body: (f) => ({ ...onHost(f), comment }) },
  'DELETE /api/v1/hosts/{host_id}/tickets/{ticket_id}': { kind: 'write', desk: true, body: () => ({ comment }) },
  'GET /api/v1/resources/{resource_id}/tickets': { kind: 'read' },
  'POST /api/v1/resources/{resource_id}/tickets': { kind: 'write', desk: true, body: (f) => ({ ...onResource(f), comment }) },
  'GET /api/v1/resources/{resource_id}/tickets/{ticket_id}': { kind: 'read' },
  'POST /api/v1/resources/{resource_id}/tickets/{ticket_id}': { kind: 'write', desk: true, body: (f) => ({ ...onResource(f), comment }) },
  'DELETE /api/v1/resources/{resource_id}/tickets/{ticket_id}': { kind: 'write', desk: true, body: () => ({ comment }) },
  'GET /api/v1/risks/{risk_id}/tickets': { kind: 'read' },
  'POST /api/v1/risks/{risk_id}/tickets': { kind: 'write', desk: true, body: () => ({ comment }) },
  'DELETE /api/v1/risks/{risk_id}/tickets': { kind: 'write', desk: true, body: () => ({ comment }) },
  'POST /api/v1/risks/{risk_id}/tickets/{ticket_id}': { kind: 'write', desk: true, body: () => ({ comment }) },
  'GET /api/v1/risks/{hostgroup_id}/{risk_plugin_id}/tickets': { kind: 'read' },
  'POST /api/v1/risks/{hostgroup_id}/{risk_plugin_id}/tickets': { kind: 'write', desk: true, body: () => ({ comment }) },
  'DELETE /api/v1/risks/{hostgroup_id}/{risk_plugin_id}/tickets': { kind: 'write', desk: true, body: () => ({ comment }) },
  'POST /api/v1/risks/scans': { kind: 'write', query: (f) => `hostgroup_id=${f.env}` },
  'GET /api/v1/risks/scans/{id}': { kind: 'read' },
  'GET /api/v1/risks': { kind: 'read' },
  'GET /api/v1/risks/grouped': { kind: 'read', query: () => 'group_by=severity' },
  'GET /api/v1/risks/plugins': { kind: 'read', query: (f) => `hostgroup_id=${f.env}` },
  'GET /api/v1/risks/{id}': { kind: 'read' },
  'GET /api/v1/risks/{hostgroup_id}/{plugin_id}': { kind: 'read' },
  'PUT /api/v1/hosts/{host_id}/software': { kind: 'write', body: () => ({ software: [{ name: 'openssl', version: '1.0' }] }) },
  'GET /api/v1/hosts/{host_id}/software': { kind: 'read' },
  'GET /api/v1/software': { kind: 'read' },
  'GET /api/v1/software/{hosttype}/{package_name}': { kind: 'read' },
  'GET /api/v1/hosts/{host_id}/assets': { kind: 'read' },
  'POST /api/v1/hosts/{host_id}/checkmk-services': { kind: 'write' },
  'GET /api/v1/resources/{resource_id}/config-backups': { kind: 'read' },
  'GET /api/v1/resources/{resource_id}/config-backups/{version}': { kind: 'read' },
  // Issue 19: the caller's own dashboard; a pinned graph of A's resource shows nothing of it (tests/api/dashboard.test.ts).
  'GET /api/v1/dashboard/layout': { kind: 'self' },
  'PUT /api/v1/dashboard/layout': {
    kind: 'self',
    body: (f) => ({ widgets: [{ id: 'pinned', kind: 'graph', size: 'small', resource_id: f.resource, key: 'rta' }] }),
  },
  'DELETE /api/v1/dashboard/layout': { kind: 'self' },
  'PUT /api/v1/dashboard/organizations/{id}/layout': { kind: 'write', body: () => ({ widgets: [] }) },
  'GET /api/v1/filters': { kind: 'read', query: () => 'location=hosts' },
  'POST /api/v1/filters': {
    kind: 'write',
    body: (f) => ({
      name: uniq('mx'),
      location: 'hosts',
      rules: [{ key: 'name', operator: 'equals', value: 'x' }],
      organization_wide: true,
      organization_id: f.org,
    }),
  },
  'GET /api/v1/filters/{guid}': { kind: 'read' },
  'DELETE /api/v1/filters/{guid}': { kind: 'write' },
  'GET /api/v1/search': { kind: 'read', query: (f) => `query=${f.hostName}` },
  'POST /api/v1/bulk/acknowledgements': { kind: 'write', bulk: true, desk: true, body: (f) => ({ ...bulk(f), comment }) },
  'POST /api/v1/bulk/downtimes': { kind: 'write', bulk: true, body: (f) => ({ ...bulk(f), ...downtime }) },
  'POST /api/v1/bulk/tickets': { kind: 'write', bulk: true, desk: true, body: (f) => ({ ...bulk(f), comment }) },
  'GET /api/v1/maps': { kind: 'read' },
  'POST /api/v1/maps': { kind: 'write', body: (f) => ({ alias: uniq('mx-map'), hostgroup_id: f.env, layout: 2 }) },
  'GET /api/v1/maps/grouped': { kind: 'read', query: () => 'group_by=hostgroup_id' },
  'GET /api/v1/maps/by-name/{hostgroup_name}/{name}': { kind: 'read' },
  'GET /api/v1/maps/{id}': { kind: 'read' },
  'PUT /api/v1/maps/{id}': { kind: 'write', body: () => ({ alias: 'taken over' }) },
  'DELETE /api/v1/maps/{id}': { kind: 'write' },
  'GET /api/v1/maps/{id}/document': { kind: 'read' },
  'PUT /api/v1/maps/{id}/document': { kind: 'write', body: () => ({ document: EMPTY_MAP }) },
  'GET /api/v1/maps/by-name/{hostgroup_name}/{name}/document': { kind: 'read' },
  'GET /api/v1/maps/by-name/{hostgroup_name}/{name}/states': { kind: 'read' },
  'POST /api/v1/maps/{id}/document/updates': { kind: 'write', body: () => ({ updates: [] }) },
  'POST /api/v1/maps/{id}/lock': { kind: 'write' },
  'DELETE /api/v1/maps/{id}/lock': { kind: 'write' },
  'POST /api/v1/maps/{id}/publish': { kind: 'write' },
  'POST /api/v1/maps/{id}/archive': { kind: 'write' },
  'POST /api/v1/maps/{id}/recover': { kind: 'write' },
  'GET /api/v1/maps/{id}/versions': { kind: 'read' },
  'POST /api/v1/maps/{id}/versions/{version}/revert': { kind: 'write' },
  'GET /api/v1/maps/{id}/states': { kind: 'read' },
  'GET /api/v1/slideshows': { kind: 'read' },
  'GET /api/v1/slideshows/grouped': { kind: 'read', query: () => 'group_by=hostgroup_id' },
  'POST /api/v1/slideshows': { kind: 'write', body: (f) => ({ alias: uniq('mx-show'), hostgroup_id: f.env, delay: 10, map_ids: [f.map] }) },
  'GET /api/v1/slideshows/by-name/{hostgroup_name}/{name}': { kind: 'read' },
  'GET /api/v1/slideshows/{id}': { kind: 'read' },
  'PUT /api/v1/slideshows/{id}': { kind: 'write', body: () => ({ alias: 'taken over' }) },
  'DELETE /api/v1/slideshows/{id}': { kind: 'write' },
  'GET /api/v1/reports': { kind: 'read' },
  'GET /api/v1/reports/grouped': { kind: 'read', query: () => 'group_by=period' },
  'POST /api/v1/reports': {
    kind: 'write',
    body: (f) => ({
      title: uniq('mx-report'),
      hostgroup_id: f.env,
      period: 'daily',
      type: 'by_host',
      hosts: [f.host],
      content: ['uptime-summary'],
    }),
  },
  'GET /api/v1/reports/by-name/{hostgroup_name}/{name}': { kind: 'read' },
  'GET /api/v1/reports/{id}': { kind: 'read' },
  'GET /api/v1/reports/{id}/figures': { kind: 'read' },
  'GET /api/v1/reports/{id}/graphs': { kind: 'read' },
  'PUT /api/v1/reports/{id}': { kind: 'write', body: () => ({ title: 'taken over' }) },
  'DELETE /api/v1/reports/{id}': { kind: 'write' },
  'POST /api/v1/maps/generate': {
    kind: 'write',
    body: (f) => ({ hostgroup_id: f.env, alias: uniq('mx-gen'), from: { kind: 'host', host_id: f.host } }),
  },
  'POST /api/v1/maps/{id}/sync': { kind: 'write' },
  'POST /api/v1/map-images': { kind: 'write', query: (f) => `hostgroup_id=${f.env}` },
  'GET /api/v1/map-images/{id}': { kind: 'read' },
  'POST /api/v1/maps/import': { kind: 'write', query: (f) => `hostgroup_id=${f.env}&format=drawio&alias=mx-import` },
  'GET /api/v1/maps/{id}/export': { kind: 'read' },
}

function environmentRoutes(prefix: string): Record<string, Case> {
  return {
    [`GET /api/v1/${prefix}`]: { kind: 'read' },
    [`POST /api/v1/${prefix}`]: { kind: 'write', body: (f) => ({ name: uniq('mx-env'), organization_id: f.org }) },
    [`GET /api/v1/${prefix}/grouped`]: { kind: 'read', query: () => 'group_by=organization_id' },
    [`GET /api/v1/${prefix}/{id}`]: { kind: 'read' },
    [`PUT /api/v1/${prefix}/{id}`]: { kind: 'write', body: () => ({ alias: 'taken over' }) },
    [`DELETE /api/v1/${prefix}/{id}`]: { kind: 'write' },
  }
}

/**
 * Registered but not in the OpenAPI document: the document itself, and the feed's WebSocket (it
 * authenticates on its own; tests/api/feed.test.ts covers who may subscribe to what).
 */
const UNDOCUMENTED = ['GET /api/v1/openapi.json', 'GET /api/v1/feed']

/** A route with its parameters as `{}`: Fastify and OpenAPI name the same parameter differently. */
const shape = (route: string) => route.replace(/\/:[^/]+/g, '/{}').replace(/\{[^}]+\}/g, '{}')

/** Every method and path in Fastify's own route table (printRoutes), HEAD left out (GET answers it). */
function registeredRoutes(tree: string): string[] {
  const out: string[] = []
  const stack: string[] = []
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line)
    if (!m) continue
    const depth = m[1].length / 4
    stack.length = depth
    stack.push(m[2])
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) out.push(`${method} ${stack.join('')}`)
  }
  return out
}

/** A's objects for the `{…}` parameters of a path, by parameter name and the collection before it. */
function fill(path: string, f: Fixture): string {
  const ids: Record<string, string | number> = {
    organizations: f.org,
    hostgroups: f.env,
    environments: f.env,
    hosts: f.host,
    resources: f.resource,
    events: f.event,
    maps: f.map,
    slideshows: f.slideshow,
    reports: f.report,
    filters: f.filter,
    scans: 1,
    risks: 1,
    'map-images': 1,
    users: f.user,
    'check-templates': f.template,
    'environment-lists': f.envList,
    tokens: f.apiToken,
    'wall-tokens': f.wallToken,
    probes: 1,
    // issue 16: A's user's id stands in for a factor or approval of theirs (another's answers 404)
    'second-factors': f.user,
    'push-approvals': f.user,
    'label-types': f.labelType,
    discovery: f.discovery,
  }
  const named: Record<string, string | number> = {
    host_id: f.host,
    resource_id: f.resource,
    hostname: f.hostName,
    display_name: f.resourceName,
    hostgroup_id: f.env,
    hostgroup_name: f.envName,
    name: f.mapName,
    ticket_id: 'SD-1',
    risk_id: 1,
    risk_plugin_id: '19506',
    plugin_id: '19506',
    hosttype: 'ping',
    package_name: 'openssl',
    version: 1,
    guid: f.filter,
  }
  const parts = path.split('/')
  return parts
    .map((p, i) => {
      const m = /^\{(.+)\}$/.exec(p)
      if (!m) return p
      const value = m[1] === 'id' ? ids[parts[i - 1]] : parts[i - 1] === 'labels' ? f.labelName : named[m[1]]
      if (value === undefined) throw new Error(`no fixture for ${m[1]} in ${path}`)
      return encodeURIComponent(String(value))
    })
    .join('/')
}

describe.each(DATABASES)('tenant matrix on %s', (db) => {
  const {
    server,
    admin,
    addUser,
    tenants: { a, other },
  } = useApiSuite(db, { tenants: { a: 'administrator', other: 'administrator' } })
  let fx: Fixture
  let markers: string[]
  /** An administrator of a second environment of A only: A's name and organization-wide filters are its to see. */
  let neighbour: { api: Client; username: string; password: string }
  let orgName: string
  let filterName: string
  let templateName: string
  let desk: Client
  let expired: Client
  let anonymous: Client
  let doc: { paths: Record<string, Record<string, unknown>> }

  /** A's data as rows: any change a refused call made shows as a difference. */
  async function snapshot() {
    const d = server.vigil.store.db
    const envs = (await d.selectFrom('hostgroups').select('id').where('organization_id', '=', fx.org).execute()).map((e) => e.id)
    const inEnvs = (
      table:
        | 'hosts'
        | 'resources'
        | 'maps'
        | 'map_versions'
        | 'slideshows'
        | 'reports'
        | 'acknowledgements'
        | 'downtimes'
        | 'service_desk_tickets'
        | 'map_images'
        | 'risks',
    ) =>
      table === 'map_versions'
        ? d.selectFrom('map_versions').selectAll().where('map_id', '=', fx.map).execute()
        : d.selectFrom(table).selectAll().where('hostgroup_id', 'in', envs).execute()
    return JSON.stringify(
      await Promise.all([
        d.selectFrom('organizations').selectAll().where('id', '=', fx.org).execute(),
        d.selectFrom('hostgroups').selectAll().where('organization_id', '=', fx.org).execute(),
        ...(
          [
            'hosts',
            'resources',
            'maps',
            'map_versions',
            'slideshows',
            'reports',
            'acknowledgements',
            'downtimes',
            'service_desk_tickets',
            'map_images',
            'risks',
          ] as const
        ).map(inEnvs),
        d.selectFrom('host_software').selectAll().where('host_id', '=', fx.host).execute(),
        d.selectFrom('saved_filters').selectAll().where('organization_id', '=', fx.org).execute(),
        d.selectFrom('dashboard_layouts').selectAll().where('organization_id', '=', fx.org).execute(),
        d.selectFrom('check_templates').selectAll().orderBy('id').execute(),
        d.selectFrom('label_types').selectAll().where('organization_id', '=', fx.org).execute(),
        d.selectFrom('organization_settings').selectAll().where('organization_id', '=', fx.org).execute(),
        d.selectFrom('ticket_providers').selectAll().where('organization_id', '=', fx.org).execute(),
        d.selectFrom('external_tickets').selectAll().where('organization_id', '=', fx.org).execute(),
        // A's administrator: the other members' own preferences are theirs to change.
        d
          .selectFrom('users')
          .select(['id', 'username', 'email', 'preferences', 'password_hash'])
          .where('username', '=', a.username)
          .execute(),
        d.selectFrom('user_rights').selectAll().where('organization_id', '=', fx.org).execute(),
        d
          .selectFrom('users')
          .select(['id', 'username', 'first_name', 'last_name', 'email', 'password_hash', 'allowed_modules', 'server_admin'])
          .where('organization_id', '=', fx.org)
          .orderBy('id')
          .execute(),
        d.selectFrom('environment_lists').selectAll().where('organization_id', '=', fx.org).orderBy('id').execute(),
        d
          .selectFrom('tokens')
          .select(['id', 'kind', 'name', 'revoked', 'hostgroup_id', 'scope'])
          .where((eb) => eb.or([eb('hostgroup_id', 'in', envs), eb('id', '=', fx.apiToken)]))
          .orderBy('id')
          .execute(),
        d.selectFrom('environment_list_members').selectAll().where('hostgroup_id', 'in', envs).orderBy('list_id').execute(),
        d.selectFrom('organizations').select('id').where('msp_parent_id', '=', fx.org).execute(),
        // A member's own API token and second factors are audited in A (issue 16): the caller's change, not one to A's data.
        d
          .selectFrom('events')
          .select('id')
          .where((eb) => eb.or([eb('hostgroup_id', 'in', envs), eb('organization_id', '=', fx.org)]))
          .where((eb) => eb.or([eb('event_class', 'not in', ['token_audit', 'second_factor_audit']), eb('hostgroup_id', 'is not', null)]))
          .execute(),
      ]),
    )
  }

  const call = async (api: Client, method: string, path: string, c: Case): Promise<Res & { sent: string }> => {
    const url = fill(path, fx) + (c.query ? `?${c.query(fx)}` : '')
    const body = c.body?.(fx)
    const sent = `${decodeURIComponent(url)} ${JSON.stringify(body ?? null)}`
    if (method === 'GET') return { ...(await api.get(url)), sent }
    if (method === 'POST') return { ...(await api.post(url, body)), sent }
    if (method === 'PUT') return { ...(await api.put(url, body ?? {})), sent }
    return { ...(await api.del(url, body)), sent }
  }

  /** Ids or names of A's objects in a refusal's extra_info that the request did not name itself (review: a foreign resource's id). */
  function echoed(r: Res & { sent: string }): string[] {
    const values = new Set(Object.values(fx).map(String))
    const named = new Set(r.sent.split(/[^\w.-]+/))
    const found: string[] = []
    const walk = (v: unknown) => {
      if (v !== null && typeof v === 'object') Object.values(v).forEach(walk)
      else if ((typeof v === 'number' || typeof v === 'string') && values.has(String(v)) && !named.has(String(v))) found.push(String(v))
    }
    walk(r.body?.error?.extra_info)
    return found
  }

  const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))

  beforeAll(async () => {
    const hostName = uniq('mx-host')
    const resourceName = uniq('mx-res')
    const host = (await a.api.post('/api/v1/hosts/', { name: hostName, hostgroup_id: a.environmentId, check_type: '1' })).body
    const resource = (await a.api.post('/api/v1/resources/', { host_id: host.id, name: resourceName, check_type: '1' })).body
    await a.api.post('/api/v1/results', { host: hostName, exit_status: 2, output: 'down' })
    // What A's config-backup and inventory checks would have stored (the engine is off here).
    const box = secretBox(Buffer.from(TEST_SECRET_KEY, 'base64'))
    await server.vigil.store.db
      .insertInto('config_backups')
      .values({
        resource_id: resource.id,
        version: 1,
        created_time: 1,
        checked_time: 1,
        sha256: '0'.repeat(64),
        size: 1,
        lines: 1,
        content: box.seal(`hostname ${hostName}\n`),
      })
      .execute()
    await server.vigil.store.db
      .insertInto('host_asset_rows')
      .values({ host_id: host.id, resource_id: resource.id, section: 'system', rows: JSON.stringify([{ name: hostName }]), updated_at: 1 })
      .execute()
    expect(
      (
        await a.api.post(`/api/v1/hosts/${host.id}/acknowledgements`, {
          host_id: host.id,
          host_name: hostName,
          resource_id: null,
          resource_name: null,
          comment: 'ack',
        })
      ).status,
    ).toBe(201)
    const mapAlias = uniq('mx-map')
    const map = (await a.api.post('/api/v1/maps', { alias: mapAlias, hostgroup_id: a.environmentId, layout: 2 })).body
    const slideshow = (
      await a.api.post('/api/v1/slideshows', { alias: uniq('mx-show'), hostgroup_id: a.environmentId, delay: 10, map_ids: [map.id] })
    ).body
    const filter = (
      await a.api.post('/api/v1/filters', {
        name: uniq('mx-filter'),
        location: 'hosts',
        rules: [{ key: 'name', operator: 'equals', value: 'web' }],
        organization_wide: true,
      })
    ).body
    const template = (
      await admin.post('/api/v1/check-templates', {
        name: uniq('mx-tpl'),
        kind: 'tcp',
        fields: { send: 'hello\n' },
        organization_id: a.organizationId,
      })
    ).body
    const env = (await a.api.get(`/api/v1/hostgroups/${a.environmentId}`)).body
    const org = (await a.api.get(`/api/v1/organizations/${a.organizationId}`)).body
    const labelType = (
      await a.api.post(`/api/v1/organizations/${a.organizationId}/label-types`, { name: uniq('mx-label'), data_type: 'string' })
    ).body
    expect((await a.api.put(`/api/v1/hosts/${host.id}/labels/${labelType.name}`, { value: 'mx-label-value' })).status).toBe(200)
    const event = (await a.api.get(`/api/v1/events?types=acknowledgement&host_id=${host.id}`)).body.result[0]
    fx = {
      org: a.organizationId,
      env: a.environmentId,
      envName: env.name,
      host: host.id,
      hostName,
      resource: resource.id,
      resourceName,
      map: map.id,
      mapName: map.name,
      slideshow: slideshow.id,
      report: (
        await a.api.post('/api/v1/reports', {
          title: mapAlias,
          hostgroup_id: a.environmentId,
          period: 'weekly',
          type: 'by_host',
          hosts: [host.id],
          content: ['uptime-summary'],
        })
      ).body.id,
      filter: filter.guid,
      event: event.id,
      user: (await a.api.get('/api/v1/users/current')).body.id,
      template: template.id,
      envList: (
        await a.api.post('/api/v1/environment-lists', {
          name: uniq('mx-list'),
          organization_id: a.organizationId,
          environment_ids: [a.environmentId],
        })
      ).body.id,
      labelType: labelType.id,
      labelName: labelType.name,
      // TEST-NET-1 (RFC 5737): nothing answers there, so the sweep proposes nothing and ends on its own.
      discovery: (await a.api.post('/api/v1/discovery', { hostgroup_id: a.environmentId, cidr: '192.0.2.1', ports: [9] })).body.id,
      apiToken: (await a.api.post('/api/v1/tokens', { name: uniq('mx-token'), expire_days: 30 })).body.row.id,
      wallToken: (
        await a.api.post('/api/v1/wall-tokens', {
          name: uniq('mx-wall'),
          expire_days: 30,
          hostgroup_id: a.environmentId,
          map_ids: [map.id],
        })
      ).body.row.id,
    }
    for (const [k, v] of Object.entries(fx)) if (v === undefined) throw new Error(`fixture ${k} missing`)
    markers = [org.name, env.name, hostName, resourceName, mapAlias, slideshow.alias, filter.name, a.username, template.name]
    templateName = template.name
    orgName = org.name
    filterName = filter.name

    // A service desk user of A: may read A and act on tickets and acknowledgements, nothing else.
    const store = server.vigil.store.db
    desk = (await addUser(a, 'service_desk')).api
    const second = await admin.post('/api/v1/hostgroups/', { name: uniq('mx-second'), organization_id: a.organizationId })
    expect(second.status).toBe(201)
    neighbour = await addUser(a, 'administrator', { environmentId: second.body.id })

    // An expired token of A's administrator.
    const old = await tokenOf(server, a)
    await store
      .updateTable('tokens')
      .set({ expires: 1 })
      .where('user_id', '=', (await store.selectFrom('users').select('id').where('username', '=', a.username).executeTakeFirstOrThrow()).id)
      .execute()
    expired = client(server.baseUrl, old)
    a.api = await login(server, a.username, a.password)
    anonymous = client(server.baseUrl)
    doc = (await anonymous.get('/api/v1/openapi.json')).body
  }, 60_000)

  it('covers every route the server registers: each is documented and in the matrix', () => {
    const documented = new Set(operations().map(shape))
    // The UI's files and its fallback (`/assets/:file`, `*`, present once dist/ is built) serve no data.
    const registered = registeredRoutes(server.vigil.app.printRoutes({ commonPrefix: false })).filter((r) =>
      r.split(' ')[1].startsWith('/api/'),
    )
    expect(registered.length).toBeGreaterThan(100)
    expect(registered.filter((r) => !documented.has(shape(r)) && !UNDOCUMENTED.includes(r))).toEqual([])
    expect(operations().filter((op) => !ROUTES[op])).toEqual([])
    expect(Object.keys(ROUTES).filter((op) => !documented.has(shape(op)))).toEqual([])
  })

  const didNothing = (c: Case, r: Res) => c.bulk === true && r.body?.done === 0

  /** Every route as `who`: reads name none of `hidden`, refusals echo none of A's ids, writes are refused and change nothing. */
  async function walk(who: { api: Client; username: string; password: string }, hidden: string[]) {
    const leaks: string[] = []
    const before = await snapshot()
    for (const op of operations()) {
      const c = ROUTES[op]
      if (!c || c.kind === 'public') continue
      const [method, path] = op.split(' ')
      // Logging out ends the caller's own token: a fresh one, so the walk goes on.
      const api = c.kind === 'self' && path.endsWith('/logout') ? await login(server, who.username, who.password) : who.api
      const r = await call(api, method, path, c)
      const text = JSON.stringify(r.body)
      if (r.status >= 500) leaks.push(`${op}: ${r.status}`)
      else if (echoed(r).length) leaks.push(`${op}: ${r.status} names ${echoed(r).join(', ')} of A`)
      else if (r.status < 300 && ((c.kind === 'write' && !didNothing(c, r)) || hidden.some((m) => text.includes(m))))
        leaks.push(`${op}: ${r.status} ${text.slice(0, 200)}`)
      if (c.kind !== 'read' && (await snapshot()) !== before) leaks.push(`${op}: changed A's data (${r.status})`)
    }
    return leaks
  }

  it("a user of another organization reads none of A's data and changes none of it", async () => {
    expect(await walk(other, markers)).toEqual([])
  }, 60_000)

  it("an administrator of another environment of A reads none of the first environment's objects and changes none", async () => {
    expect(
      await walk(
        neighbour,
        markers.filter((m) => m !== orgName && m !== filterName && m !== a.username && m !== templateName),
      ),
    ).toEqual([])
  }, 60_000)

  it('a user of A lacking the action (service desk) is refused every write it may not do, and A stays unchanged', async () => {
    const leaks: string[] = []
    const before = await snapshot()
    for (const op of operations()) {
      const c = ROUTES[op]
      if (c?.kind !== 'write' || c.desk) continue
      const [method, path] = op.split(' ')
      const r = await call(desk, method, path, c)
      if ((r.status < 300 && !didNothing(c, r)) || r.status >= 500) leaks.push(`${op}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`)
      if ((await snapshot()) !== before) leaks.push(`${op}: changed A's data (${r.status})`)
    }
    expect(leaks).toEqual([])
  }, 60_000)

  it('an expired token and no token get 401 invalid_token on every protected route', async () => {
    const before = await snapshot()
    const answers: string[] = []
    for (const op of operations()) {
      const c = ROUTES[op]
      if (!c || c.kind === 'public') continue
      const [method, path] = op.split(' ')
      for (const [who, api] of [
        ['expired', expired],
        ['anonymous', anonymous],
      ] as const) {
        const r = await call(api, method, path, c)
        if (r.status !== 401) answers.push(`${who} ${op}: ${r.status}`)
      }
    }
    expect(answers).toEqual([])
    expect(await snapshot()).toBe(before)
  }, 60_000)
})
