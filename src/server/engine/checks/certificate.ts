/**
 * What an https check learns of the server's certificate: the days left for its expiry verdict (check_http -C) and
 * the SPEC §3 asset section "SSL info" row, which names the trust a browser would give it even when the check
 * itself does not verify (monitored devices often serve self-signed certificates).
 */
import type tls from 'node:tls'
import type { AssetRow } from '../../../shared/asset-sections'

const DAY_MS = 86_400_000
/** A certificate's names can be many (a CDN's hundreds); the row keeps this much of them. */
const MAX_NAMES = 1000

/** OpenSSL's and Node's verification codes as an engineer reads them; another code is shown as it is. */
const TRUST_WORDS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed issuer',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not yet valid',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unknown issuer',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unknown issuer',
  ERR_TLS_CERT_ALTNAME_INVALID: 'name does not match',
}

export interface PeerCertificate {
  /** whole days until it expires, negative once it has */
  days: number
  subject: string
  row: AssetRow
}

const firstOf = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? ''
const nameOf = (dn: tls.Certificate | undefined) => firstOf(dn?.CN) || firstOf(dn?.O)
const unix = (date: string) => Math.floor(Date.parse(date) / 1000)

/** The certificate the server presented on `socket` (reached as `serverName` on `port`), or null without one. */
export function peerCertificate(socket: tls.TLSSocket | null, port: number, serverName: string): PeerCertificate | null {
  const cert = socket?.getPeerCertificate?.()
  if (!socket || !cert || !cert.valid_to) return null
  const subject = nameOf(cert.subject)
  const code = socket.authorizationError === undefined ? '' : String(socket.authorizationError)
  return {
    days: Math.floor((Date.parse(cert.valid_to) - Date.now()) / DAY_MS),
    subject,
    row: {
      port,
      server_name: serverName,
      subject,
      alt_names: (cert.subjectaltname ?? '').replace(/(^|, )(DNS|IP Address):/g, '$1').slice(0, MAX_NAMES),
      issuer: nameOf(cert.issuer),
      valid_from_at: unix(cert.valid_from),
      expires_at: unix(cert.valid_to),
      trust: socket.authorized ? 'trusted' : (TRUST_WORDS[code] ?? (code || 'not verified')),
      protocol: socket.getProtocol() ?? null,
      key: cert.asn1Curve ? `EC ${cert.nistCurve ?? cert.asn1Curve}` : cert.bits ? `RSA ${cert.bits}` : null,
      fingerprint_sha256: cert.fingerprint256,
    },
  }
}
