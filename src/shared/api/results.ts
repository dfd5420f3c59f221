/** Passive check results (issue 3): one result, a list, or `{results: [...]}` from agents and scripts. */
import { z } from 'zod'
import { ThresholdRangeSchema } from '../thresholds'

export const PassiveResult = z
  .object({
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
  })
  .refine((r) => r.host !== undefined || r.host_id !== undefined || r.resource_id !== undefined, {
    message: 'host, host_id or resource_id is required',
    path: ['host'],
  })
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

/** POST /results: how many results were written (all of them: a batch is all or nothing). */
export const ResultsWritten = z.object({ written: z.number().int() })

/** One performance data series of a check (issue 3): its key (the perfdata label), unit, thresholds and bounds. */
export const PerfKey = z.object({
  key: z.string(),
  unit: z.string(),
  warn: ThresholdRangeSchema.nullable(),
  crit: ThresholdRangeSchema.nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
})
/**
 * GET …/perfdata without `key`: the series of the check, each with the times of its first and last point
 * (the graphs tabs open on a range that fits the data's age).
 */
export const PerfKeyList = z.object({
  result: z.array(PerfKey.extend({ first_time: z.number().nullable(), last_time: z.number().nullable() })),
  totalresults: z.number().int(),
})
/** The graph legend of one series over [start, end]: its lowest, mean, highest and newest value; null without points. */
export const PerfSummary = z.object({ min: z.number(), avg: z.number(), max: z.number(), last: z.number() }).nullable()
/** GET …/perfdata?key=: one series in [start, end], reduced to buckets of `step` seconds (min/avg/max each). */
export const PerfSeries = PerfKey.extend({
  start: z.number(),
  end: z.number(),
  step: z.number(),
  resolution: z.string(),
  points: z.array(z.object({ t: z.number(), min: z.number(), avg: z.number(), max: z.number() })),
  summary: PerfSummary,
})
/** The perfdata calls answer one shape or the other, depending on `key`. */
export const PerfdataResponse = z.union([PerfKeyList, PerfSeries])
