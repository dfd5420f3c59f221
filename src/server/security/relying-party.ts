/**
 * Issue 16 hardware keys: the WebAuthn relying party, i.e. the site a key's credential is bound to. From
 * VIGIL_WEBAUTHN_RP_ID / VIGIL_WEBAUTHN_ORIGIN, else VIGIL_PUBLIC_URL, else the address the browser used.
 * The Host header is safe to follow here (unlike for mailed links): the browser signs the origin it really
 * shows, and a key answers only for the site it was registered at, so a stranger's host name matches no key.
 */
import type { FastifyRequest } from 'fastify'
import type { Config } from '../config'

export interface RelyingParty {
  id: string
  origin: string
}

export function relyingParty(config: Config, req: FastifyRequest): RelyingParty {
  const origin = config.webauthnOrigin ?? config.publicUrl ?? `${req.protocol}://${req.host}`
  return { id: config.webauthnRpId ?? new URL(origin).hostname, origin: new URL(origin).origin }
}
