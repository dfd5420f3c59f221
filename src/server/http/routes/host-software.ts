/**
 * Software inventory (SPEC §1 asset inventory, §2 /assets/software; registered without prefix):
 * PUT hosts/{host_id}/software replaces a host's packages with a full push from an agent or script (bearer
 * API token of a user with host_write there, like POST results); GET hosts/{host_id}/software lists them;
 * GET software groups the visible hosts' packages by host type, a page at a time; GET software/{hosttype}/{package_name}
 * gives a package's versions with their host counts.
 */
import type { ZodApp, RouteDeps } from '../types'
import { HostIdParams } from '../../../shared/api/acknowledgements'
import {
  HostSoftwareList,
  PackageVersions,
  SoftwareGrouped,
  SoftwarePackageParams,
  SoftwarePageQuery,
  SoftwarePush,
  SoftwareQuery,
} from '../../../shared/api/software'
import { listHostSoftware, packageVersions, replaceHostSoftware, softwareByHosttype } from '../../store/host-software'

export async function hostSoftwareRoutes(app: ZodApp, { store }: RouteDeps) {
  app.put(
    '/hosts/:host_id/software',
    { schema: { params: HostIdParams, body: SoftwarePush, response: { 200: HostSoftwareList } } },
    async (req) => {
      const result = await replaceHostSoftware(store.db, req.scope, req.params.host_id, req.body.software)
      return { result, totalresults: result.length }
    },
  )
  app.get('/hosts/:host_id/software', { schema: { params: HostIdParams, response: { 200: HostSoftwareList } } }, async (req) => {
    const result = await listHostSoftware(store.db, req.scope, req.params.host_id)
    return { result, totalresults: result.length }
  })
  app.get('/software', { schema: { querystring: SoftwarePageQuery, response: { 200: SoftwareGrouped } } }, async (req) =>
    softwareByHosttype(store.db, store.dialect, req.scope, req.query),
  )
  app.get(
    '/software/:hosttype/:package_name',
    { schema: { params: SoftwarePackageParams, querystring: SoftwareQuery, response: { 200: PackageVersions } } },
    async (req) => {
      const result = await packageVersions(store.db, store.dialect, req.scope, req.params.hosttype, req.params.package_name, req.query)
      return { result, totalresults: result.length }
    },
  )
}
