/**
 * Service discovery of a Checkmk agent, as Checkmk's own: what the agent reports, one resource each — its CPU load,
 * CPU utilisation, memory, services and updates, each data filesystem and each local check — so that each is acknowledged, scheduled
 * for maintenance and graphed on its own (the host's `Checkmk agent` check judges them all together).
 */
import type { DiscoveredService } from '../../../shared/api/checkmk-services'
import { CHECKMK_PARTS, filesystemsOf, judgeAgentOutput, type CheckmkPart, type Limits } from './checkmk-health'
import { localChecksOf } from './checkmk-local'
import type { AgentOutput } from './checkmk-output'

const PART_RESOURCES: Partial<Record<CheckmkPart, string>> = {
  cpu: 'CPU load',
  cpu_util: 'CPU utilisation',
  memory: 'Memory',
  services: 'Services',
  updates: 'Updates',
  exchange_replication: 'Exchange replication',
}

/**
 * What a resource discovery made checks alone, as a key ("filesystem /data", "local Backup age", "part memory"), or
 * null for a check of several things: the way to tell that the agent no longer reports it.
 */
export function discoveryKey(config: Record<string, unknown>): string | null {
  const one = (v: unknown) => (Array.isArray(v) && v.length === 1 && typeof v[0] === 'string' ? v[0] : null)
  const mount = one(config.mounts)
  if (mount !== null) return `filesystem ${mount}`
  const local = one(config.local_checks)
  if (local !== null) return `local ${local}`
  const part = one(config.parts)
  return part !== null && part in PART_RESOURCES ? `part ${part}` : null
}

export function discoverServices(output: AgentOutput, limits: Limits): DiscoveredService[] {
  const judged = new Set(judgeAgentOutput(output, limits, CHECKMK_PARTS).judged.map((j) => j.part))
  const parts = CHECKMK_PARTS.flatMap((part) => {
    const name = PART_RESOURCES[part]
    return name && judged.has(part) ? [{ name, config: { parts: [part] } }] : []
  })
  const filesystems = filesystemsOf(output).map((fs) => ({
    name: `Filesystem ${fs.mount}`,
    config: { parts: ['filesystems'], mounts: [fs.mount] },
  }))
  const locals = localChecksOf(output).map((c) => ({ name: c.name, config: { parts: ['local'], local_checks: [c.name] } }))
  const seen = new Set<string>()
  return [...parts, ...filesystems, ...locals]
    .filter((s) => s.name.length <= 255 && !seen.has(s.name) && seen.add(s.name))
    .map((s) => ({ name: s.name, check: { kind: 'checkmk-agent' as const, config: s.config } }))
}
