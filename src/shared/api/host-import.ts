/**
 * Issue 15 bulk CSV import of hosts: POST hosts/import. The columns are SPEC §3 host admin fields that are not
 * credentials (those are set on the host form, sealed); a header row names them, in any order.
 */
import { z } from 'zod'

/** The columns a host import file may have; `name` is required. Lists (tags, parents, windows_roles) are separated by `,` or `;`. */
export const HOST_IMPORT_COLUMNS = [
  'name',
  'alias',
  'fqdn',
  'ip_address',
  'hosttype',
  'environment',
  'description',
  'tags',
  'parents',
  'access_method',
  'windows_roles',
  'notifications_enabled',
  'max_check_attempts',
  'custom_check',
] as const
export type HostImportColumn = (typeof HOST_IMPORT_COLUMNS)[number]

/** Rows one import may hold: bounds the time one request holds the database (SPEC §7 API timeout 10 s). */
export const HOST_IMPORT_MAX_ROWS = 500

export const HostImportBody = z.object({
  /** the environment of rows whose `environment` cell is empty; `environment` cells name environments of its organization */
  hostgroup_id: z.number().int().positive(),
  /** the file's text, at most SPEC §9's 10 MB upload */
  csv: z.string(),
  /** true: validate every row and write nothing (the preview) */
  dry_run: z.boolean().default(false),
})

const RowError = z.object({ key: z.string(), extra_info: z.record(z.string(), z.unknown()) })

export const HostImportRow = z.object({
  /** the record's number in the file, the header being 1 (a spreadsheet's row number) */
  row: z.number().int(),
  /** ok: valid, would be created (preview); created; error: not imported, see `errors` */
  status: z.enum(['ok', 'created', 'error']),
  /** the row's cells by column, as given */
  host: z.record(z.string(), z.string()),
  /** the checks the host brings (its type, tags and access method), for valid rows */
  checks: z.array(z.string()),
  /** the new host's id, for created rows */
  id: z.number().int().optional(),
  errors: z.array(RowError),
})
export type HostImportRow = z.infer<typeof HostImportRow>

/** Valid rows are created and invalid ones reported (not all-or-nothing); a preview answers the same without writing. */
export const HostImportOut = z.object({
  dry_run: z.boolean(),
  /** valid rows: created, or (preview) to be created */
  ok: z.number().int(),
  failed: z.number().int(),
  rows: z.array(HostImportRow),
})
export type HostImportOut = z.infer<typeof HostImportOut>
