/**
 * POST /hosts/import (issue 15 bulk CSV import of hosts; shared/api/host-import.ts): the file as JSON `{csv}`,
 * previewed with `dry_run` (nothing written) or imported: valid rows created, invalid ones reported per row.
 * Registered with prefix /api/v1/hosts beside hosts.ts; the static path wins over hosts.ts's `/:id`.
 */
import type { ZodApp, RouteDeps } from '../types'
import { HostImportBody, HostImportOut } from '../../../shared/api/host-import'
import { UPLOAD_MAX_BYTES } from '../../../shared/constants'
import { commitHostImport, previewHostImport, readHostImport } from '../../store/host-import'

export async function hostImportRoutes(app: ZodApp, { store, box, engine }: RouteDeps) {
  // A 10 MB file (SPEC §9) grows when written as a JSON string; its own size is checked once decoded.
  const bodyLimit = 2 * UPLOAD_MAX_BYTES
  app.post('/import', { bodyLimit, schema: { body: HostImportBody, response: { 200: HostImportOut } } }, async (req) => {
    const rows = await readHostImport(store.db, req.scope, req.body.hostgroup_id, req.body.csv)
    if (req.body.dry_run) return previewHostImport(store.db, req.scope, box, rows)
    const { out, hostIds, resourceIds } = await commitHostImport(store.db, req.scope, box, rows)
    // After the one commit, the engine loads the new hosts and their checks.
    await engine.refresh('host', hostIds)
    await engine.refresh('resource', resourceIds)
    return out
  })
}
