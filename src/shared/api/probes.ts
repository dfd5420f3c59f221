/**
 * Issue 20 probes: the engine run in a customer's network. Server admins create a probe (its token shown
 * once), assign environments and revoke it; the probe itself talks to the link routes with its token.
 */
import { z } from 'zod'
import { MAX_CONFIG_BYTES } from '../config-backups'
import { ASSET_ROWS_MAX, ASSET_SECTION_NAMES } from '../asset-sections'
import { PerfItemSchema } from '../perfdata'
import { AllowedTargets } from './quotas'
import { SOFTWARE_PER_HOST_MAX, SoftwarePackage } from './software'

const EnvironmentIds = z.array(z.number().int().positive()).max(1000)

export const ProbeBody = z.object({ name: z.string().trim().min(1).max(128), environment_ids: EnvironmentIds.default([]) })
export type ProbeBody = z.infer<typeof ProbeBody>
export const ProbeEnvironmentsBody = z.object({ environment_ids: EnvironmentIds })

export const ProbeRow = z.object({
  id: z.number().int(),
  name: z.string(),
  environments: z.array(z.object({ id: z.number().int(), name: z.string() })),
  created: z.number().int(),
  /** unix seconds of its last sync or results, null before the first */
  last_contact: z.number().int().nullable(),
  last_from: z.string(),
  version: z.string(),
  /** how far behind its oldest unsent result is, in seconds (0: nothing waits) */
  lag_s: z.number().int(),
  /** checks running on the probe at its last contact */
  load: z.number().int(),
  /** it reported within the dead time */
  live: z.boolean(),
})
export type ProbeRow = z.infer<typeof ProbeRow>
export const ProbeList = z.object({ result: z.array(ProbeRow), totalresults: z.number().int() })
export const ProbeCreated = z.object({ token: z.string(), probe: ProbeRow })

/** Link: what the probe reports with every sync. */
export const ProbeSyncBody = z.object({
  version: z.string().max(64),
  lag_s: z.number().int().min(0).max(1e9),
  load: z.number().int().min(0).max(1e9),
})

/** One check the probe runs: who it is for, its schedule and state, and how to run it (prepared by the server). */
export const ProbeCheck = z.object({
  type: z.enum(['host', 'resource']),
  id: z.number().int(),
  host_id: z.number().int(),
  organization_id: z.number().int(),
  schedule: z.object({ check_interval: z.number(), retry_interval: z.number(), max_check_attempts: z.number() }),
  /** SOFT/HARD state as the server knows it (the probe plans retries from it) */
  state: z.object({
    status: z.number().nullable(),
    state_type: z.enum(['HARD', 'SOFT']),
    current_attempt: z.number(),
    last_check: z.number().nullable(),
    next_check: z.number().nullable(),
  }),
  /** the kind, configuration (templates and thresholds applied) and target, or the UNKNOWN result it gives */
  run: z.union([
    z.object({
      kind: z.string(),
      config: z.unknown(),
      timeout_ms: z.number(),
      address: z.string(),
      host_name: z.string(),
      policy: AllowedTargets.nullable(),
      secrets: z.record(z.string(), z.string()).optional(),
    }),
    z.object({ unknown: z.string() }),
  ]),
})
export type ProbeCheck = z.infer<typeof ProbeCheck>
export const ProbeWork = z.object({ probe: z.string(), checks: z.array(ProbeCheck) })
export type ProbeWork = z.infer<typeof ProbeWork>

export const ProbeResult = z.object({
  type: z.enum(['host', 'resource']),
  id: z.number().int().positive(),
  /** the original check time (unix seconds): buffered results keep it */
  at: z.number().int(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  output: z.string().max(65536),
  long_output: z.string().max(65536).optional(),
  perfdata: z.array(PerfItemSchema).max(1000),
  /** a `config-backup` check's device configuration */
  configuration: z.string().max(MAX_CONFIG_BYTES).optional(),
  /** an `inventory` check's asset sections */
  inventory: z
    .partialRecord(
      z.enum(ASSET_SECTION_NAMES),
      z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))).max(ASSET_ROWS_MAX),
    )
    .optional(),
  /** a `checkmk-agent` inventory's packages */
  packages: z.array(SoftwarePackage).max(SOFTWARE_PER_HOST_MAX).optional(),
})
export type ProbeResult = z.infer<typeof ProbeResult>
export const ProbeResultsBody = z.object({ results: z.array(ProbeResult).min(1).max(5000) })
export const ProbeResultsWritten = z.object({ written: z.number().int() })
