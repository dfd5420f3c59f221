/** SPEC §3 User: "The avatar is fetched from a public avatar service using a hash of the lowercased username." */
import { createHash } from 'node:crypto'

/** `{ avatar_url }` from the configured address template, or nothing when no avatar service is configured. */
export function avatarOf(template: string | undefined, username: string): { avatar_url?: string } {
  if (!template) return {}
  return { avatar_url: template.replaceAll('{hash}', createHash('sha256').update(username.trim().toLowerCase()).digest('hex')) }
}
