/**
 * Issue 16: the address people reach Vigil at, for links in mails and the cloud login's redirect. Never taken
 * from the request's Host header, which a stranger chooses (a reset link must not point at their server):
 * VIGIL_PUBLIC_URL, or else the address the server listens on.
 */
import type { AddressInfo } from 'node:net'
import type { Config } from '../config'
import type { ZodApp } from './types'

export function publicUrl(config: Config, app: ZodApp): string {
  if (config.publicUrl) return config.publicUrl
  const { address, port, family } = app.server.address() as AddressInfo
  return `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`
}
