/** Login and logout payloads (SPEC §4 "Login"; feedback codes of SPEC §8 in `extra_info.login_feedback`). */
import { z } from 'zod'

export const LoginBody = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
})
export type LoginBody = z.infer<typeof LoginBody>

export const LoginResponse = z.object({
  token: z.string(),
  expires_at: z.number().int(),
})
export type LoginResponse = z.infer<typeof LoginResponse>

/** SPEC §3 "Version record". */
export const VersionRecord = z.object({
  build: z.string(),
  release: z.string(),
  maintenance: z.boolean(),
  maintenance_message: z.string(),
})
export type VersionRecord = z.infer<typeof VersionRecord>
