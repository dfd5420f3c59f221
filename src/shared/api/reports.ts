/**
 * SPEC §7 "Error report" and "Usage tracker": what browsers send about themselves. Both are best effort
 * on the client (errors suppressed) and validated here like any other input.
 */
import { z } from 'zod'

/** POST errors: the error text, URL, browser and release (SPEC §7). */
export const ErrorReport = z.object({
  error: z.string().max(20000),
  url: z.string().max(4000),
  browser: z.string().max(1000),
  release: z.string().max(100),
})

/** POST tracker: a list of log entries (initial_load, resolution, language, location with time). */
export const TrackerEntry = z.object({
  type: z.enum(['initial_load', 'resolution', 'language', 'location']),
  value: z.union([z.string().max(2000), z.number()]),
  time: z.number().int(),
})
export const TrackerBody = z.array(TrackerEntry).max(1000)

/** Issue 19: what the server keeps of each (errors and usage logs are listed apart). */
export const ClientReportKind = z.enum(['error', 'tracker'])
export type ClientReportKind = z.infer<typeof ClientReportKind>

/** GET client-reports: one kind, newest first, a page at a time. */
export const ClientReportsQuery = z.object({
  kind: ClientReportKind,
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(1e9).default(0),
})

/** A stored report: `error` for kind error, `entries` for kind tracker, the other null. */
export const ClientReportRow = z.object({
  id: z.number().int(),
  kind: ClientReportKind,
  username: z.string(),
  created: z.number().int(),
  error: ErrorReport.nullable(),
  entries: TrackerBody.nullable(),
})
export type ClientReportRow = z.infer<typeof ClientReportRow>
export const ClientReportList = z.object({ result: z.array(ClientReportRow), totalresults: z.number().int() })
