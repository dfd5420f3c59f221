/** /host-types (SPEC §3 Host types, host option tags): the catalogue and the checks each type brings, for every user. */
import type { ZodApp } from '../types'
import { HostTypeList } from '../../../shared/api/host-admin'
import { hostTypeCatalogue } from '../../../shared/host-catalogue'

export async function hostTypeRoutes(app: ZodApp) {
  app.get('/', { schema: { response: { 200: HostTypeList } } }, async () => hostTypeCatalogue())
}
