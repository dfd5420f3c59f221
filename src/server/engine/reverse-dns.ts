/** Reverse DNS names, as discovery sweeps and port scans show them. */
import type { Resolver } from 'node:dns/promises'

/** The address's reverse DNS name without its trailing dot, '' when it has none or the lookup fails. */
export async function reverseName(resolver: Resolver, address: string): Promise<string> {
  try {
    const [name] = await resolver.reverse(address)
    return (name ?? '').replace(/\.$/, '').toLowerCase()
  } catch {
    return ''
  }
}
