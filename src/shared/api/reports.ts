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
