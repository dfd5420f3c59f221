/**
 * Resolve, check, then connect (issue 13 "Targets", review M1): a check that no server admin saved
 * resolves its target once, judges every address against its organization's policy (target-policy.ts)
 * and connects to the judged address, so a name that later resolves elsewhere (DNS rebinding) cannot
 * slip past. A server admin's check (policy null) connects to the name as before.
 */
import { lookup } from 'node:dns/promises'
import { ownAddresses } from '../own-addresses'
import { describeError, failure, stopReason } from './common'
import { addressDenial, canonicalAddress, deniedOutput, nameDenial, targetRules, type TargetRules } from '../target-policy'
import type { AllowedTargets } from '../../../shared/api/quotas'
import { STATUS_WORD, type CheckContext, type CheckResult } from './types'

/** Where to connect, or a result the kind reports instead (UNKNOWN when denied, CRITICAL when the name does not resolve). */
type Reach = { address: string } | { status: 2 | 3; output: string }

const rulesCache = new Map<string, { own: string[]; rules: TargetRules }>()

/** The prepared rules of a policy; jobs reach workers as copies, hence a cache by content. */
function rulesOf(policy: AllowedTargets): TargetRules {
  const own = ownAddresses()
  const key = `${policy.networks.join(',')}|${policy.names.join(',')}`
  const hit = rulesCache.get(key)
  if (hit && hit.own === own) return hit.rules
  if (rulesCache.size > 1000) rulesCache.clear()
  const rules = targetRules(policy, own)
  rulesCache.set(key, { own, rules })
  return rules
}

/**
 * The address to connect to for `host`, or why it may not be reached. Trusted checks get `host` back
 * unresolved. A name that does not resolve fails here: connecting to the name would resolve it again.
 */
export async function reach(host: string, ctx: CheckContext): Promise<Reach> {
  if (!ctx.policy) return { address: host }
  const rules = rulesOf(ctx.policy)
  if (canonicalAddress(host)) {
    const why = addressDenial(rules, host)
    return why ? { status: 3, output: deniedOutput(host, why) } : { address: host }
  }
  const nameWhy = nameDenial(rules, host)
  if (nameWhy) return { status: 3, output: deniedOutput(host, nameWhy) }
  let addresses: { address: string }[]
  let stopped = false
  // A lookup cannot be cancelled; when the check is stopped meanwhile, its answer is ignored.
  const forget = ctx.onStop(() => {
    stopped = true
  })
  try {
    addresses = await lookup(host, { all: true, verbatim: true })
  } catch (error) {
    return { status: 2, output: `${host}: ${describeError(error)}` }
  } finally {
    forget()
  }
  if (stopped) return { status: 2, output: `${stopReason(ctx)} resolving ${host}` }
  for (const a of addresses) {
    const why = addressDenial(rules, a.address)
    if (why) return { status: 3, output: deniedOutput(`${host} (${a.address})`, why) }
  }
  return addresses.length ? { address: addresses[0].address } : { status: 2, output: `${host}: host name not found` }
}

/**
 * Runs `connect` with the address to use for `host` (the name itself for a trusted check, at no extra
 * cost on the fast path), or answers the kind's own `LABEL STATUS - …` line when it may not be reached.
 */
export function throughPolicy(
  label: string,
  host: string,
  ctx: CheckContext,
  connect: (address: string) => Promise<CheckResult>,
): Promise<CheckResult> {
  if (!ctx.policy) return connect(host)
  return reach(host, ctx).then((r) =>
    'address' in r ? connect(r.address) : failure(r.status, `${label} ${STATUS_WORD[r.status]} - ${r.output}`),
  )
}
