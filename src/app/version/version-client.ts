/** SPEC §7 Version: GET /version.json, uncached, errors suppressed (null when it cannot be read). */
import { queryOptions } from '@tanstack/react-query'
import type { VersionRecord } from '../../shared/api/auth'

export async function fetchVersion(): Promise<VersionRecord | null> {
  try {
    const response = await fetch('/version.json', { cache: 'no-store' })
    if (!response.ok) return null
    // The schema's module (and zod) is not in the shell's first script (issue 2 shell budget).
    const { VersionRecord } = await import('../../shared/api/auth')
    const parsed = VersionRecord.safeParse(await response.json())
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The running version as the /versions screen shows it. */
export const versionQuery = queryOptions({ queryKey: ['version.json'], queryFn: fetchVersion, staleTime: 0 })
