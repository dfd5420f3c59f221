/** Passive check results (issue 3): one result, a list, or `{results: [...]}` from agents and scripts. */
import { z } from 'zod'

export const PassiveResult = z.object({
  /** host name, or host_id */
  host: z.string().min(1).max(255).optional(),
  host_id: z.number().int().positive().optional(),
  /** resource display name (omit for the host's own check), or resource_id */
  resource: z.string().min(1).max(255).optional(),
  resource_id: z.number().int().positive().optional(),
  /** Nagios exit status: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN */
  exit_status: z.number().int().min(0).max(3),
  /** plugin output; perfdata may follow a `|` as plugins print it */
  output: z.string().max(65536),
  perfdata: z.string().max(65536).optional(),
  /** unix seconds the result is for (default now); at most 60 s ahead, at most a week old */
  time: z.number().int().optional(),
}).refine((r) => r.host !== undefined || r.host_id !== undefined || r.resource_id !== undefined, { message: 'host, host_id or resource_id is required', path: ['host'] })
export type PassiveResult = z.infer<typeof PassiveResult>

export const MAX_RESULTS_PER_CALL = 5000
export const ResultsBody = z.union([
  z.object({ results: z.array(PassiveResult).min(1).max(MAX_RESULTS_PER_CALL) }),
  z.array(PassiveResult).min(1).max(MAX_RESULTS_PER_CALL),
  PassiveResult,
])

/** GET …/perfdata query: a key, a range (unix seconds) and the most points wanted. */
export const SeriesQuery = z.object({
  key: z.string().min(1).max(255).optional(),
  start: z.coerce.number().int().optional(),
  end: z.coerce.number().int().optional(),
  points: z.coerce.number().int().min(10).max(10000).default(1000),
})
