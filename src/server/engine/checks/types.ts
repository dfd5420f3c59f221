/**
 * The contract between the engine and its check kinds (SPEC §3 agentless checks, DESIGN.md "Engine").
 * Exit statuses follow Nagios: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN (SPEC §4 RESOURCE).
 */
import type { z } from 'zod'
import type { PerfItem } from '../../../shared/perfdata'
import type { AssetInventory } from '../../../shared/asset-sections'
import type { SoftwarePackage } from '../../../shared/api/software'
import type { DiscoveredService } from '../../../shared/api/checkmk-services'
import type { TargetPolicy } from '../target-policy'

/** The kinds an active check can be; `checks/index.ts` must register each exactly once. */
export const CHECK_KIND_NAMES = [
  'ping',
  'tcp',
  'http',
  'https',
  'dns',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'ssh',
  'snmp',
  'command',
  'config-backup',
  'inventory',
  'checkmk-agent',
  'ports',
  'dnssec',
  'redfish',
  'sensors',
] as const
export type CheckKindName = (typeof CHECK_KIND_NAMES)[number]

/** Nagios exit status of a check: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN. */
export type ExitStatus = 0 | 1 | 2 | 3

/** Words Nagios plugins print for each status ("HTTP WARNING - …"). */
export const STATUS_WORD = ['OK', 'WARNING', 'CRITICAL', 'UNKNOWN'] as const

/** What one check run produced: the shape of plugin output plus its exit status. */
export interface CheckResult {
  status: ExitStatus
  /** SPEC §3 `plugin_output`: one line */
  output: string
  /** SPEC §3 `extended_output`: further lines, when the check has any */
  long_output?: string
  perfdata: PerfItem[]
  /** a `config-backup` run's device configuration (normalised); the engine stores it as a version when it changed */
  configuration?: string
  /** an `inventory` (or `checkmk-agent` inventory) run's asset sections; the engine replaces the host's stored ones with them */
  inventory?: AssetInventory
  /** a `checkmk-agent` inventory's packages, when the agent lists them; they replace the host's packages */
  packages?: SoftwarePackage[]
  /** a `checkmk-agent` discovery's services (hosts/{id}/checkmk-services); the engine ignores them */
  services?: DiscoveredService[]
  /** counters the next run of this check needs for a rate (CPU utilisation); the engine hands them back and stores them */
  memo?: CheckMemo
}

/**
 * What one run keeps for the next run of the same check: counter readings, so that a rate (a Checkmk agent's CPU
 * utilisation) comes from two readings, as Checkmk's value store does. Kept by whoever schedules the check: the
 * engine stores it with the result (a restart or a host taken over keeps it), a probe in its memory.
 */
export type CheckMemo = Readonly<Record<string, number>>

/** What the engine hands a check besides its configuration. */
export interface CheckContext {
  /** Aborted when the check's timeout elapses or the engine stops: close sockets, kill children. */
  readonly signal: AbortSignal
  /**
   * Calls `listener` once when `signal` aborts (soon, if it already has) and returns its unsubscribe.
   * The same event as `signal`, at a fraction of the cost: a listener on a fresh AbortSignal costs
   * microseconds, which the fast path (tcp, http at ≥10,000 checks/s) cannot afford, so the built-in
   * kinds use this and `signal` is only created when a kind reads it.
   */
  onStop(listener: () => void): () => void
  /** The timeout behind `signal`, for kinds that pass it on (DNS, SNMP) or name it in their output. */
  readonly timeoutMs: number
  /** SPEC §3 Host ip_address (else hostname): the target when a configuration names none. */
  readonly address: string
  /**
   * Issue 13 "Targets": the organization's allowed targets when no server admin saved this check, null when
   * one did. Kinds that touch the network connect through `reach` (reach.ts), never to a name directly.
   */
  readonly policy: TargetPolicy
  /** SPEC §3 Host name (the `$HOSTNAME$` macro of plugins). */
  readonly hostName: string
  /**
   * The host's sealed secrets, opened for this run (DESIGN.md "Secrets": resolved only when a check runs);
   * empty unless the kind sets `usesSecrets`. A kind never puts them into output.
   */
  readonly secrets: Readonly<Record<string, string>>
  /** Where `command` plugins live and whom they run as; undefined: plugins cannot run here. */
  readonly plugins: PluginSettings | undefined
  /** What the previous run of this check kept (`CheckResult.memo`); undefined on its first run. */
  readonly memo: CheckMemo | undefined
}

/** Issue 13 "Plugins, not shell lines": the plugin registry's directories and the OS user plugins run as. */
export interface PluginSettings {
  /** absolute directories; a plugin is an executable file directly inside one of them */
  dirs: readonly string[]
  /** set when the server runs as root: plugins then run as this unprivileged user */
  user: { uid: number; gid: number } | null
}

/** One kind of active check (SPEC §3 agentless checks): ping, tcp, http, dns, smtp, snmp, plugin, … */
export interface CheckKind<C> {
  readonly kind: CheckKindName
  /** Validated when the resource is saved; `run` trusts it. */
  readonly config: z.ZodType<C>
  /** The engine opens the host's sealed secrets for each run (`ctx.secrets`); off for the fast kinds. */
  readonly usesSecrets?: boolean
  /**
   * True when a run may hold its thread for long (a regular expression of the user's against a body the
   * target chooses): such a run never happens in the main thread, only in a worker the pool's watchdog can end.
   */
  needsWorker?(config: C): boolean
  /**
   * Runs the check once. An unreachable target or a timeout is a result (usually CRITICAL) with an
   * explanatory output, never a rejection: a rejection is our bug and `runCheck` turns it into UNKNOWN.
   * Must stop promptly (destroy sockets, kill children) when `ctx.signal` aborts (see `onStop`).
   */
  run(config: C, ctx: CheckContext): Promise<CheckResult>
}
