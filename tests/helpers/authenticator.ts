/**
 * A software hardware key for API tests (issue 16): real WebAuthn attestations ("none") and assertions, signed
 * with a P-256 key from node:crypto, in the wire format browsers send (CBOR, COSE key, authenticator data).
 * The server checks them with @simplewebauthn/server exactly as it checks a real key's.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

type Cbor = number | string | Buffer | Map<number, Cbor> | { [key: string]: Cbor }

/** The few CBOR kinds WebAuthn uses: integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n])
    if (n < 256) return Buffer.from([(major << 5) | 24, n])
    const b = Buffer.alloc(3)
    b[0] = (major << 5) | 25
    b.writeUInt16BE(n, 1)
    return b
  }
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)])
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value])
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value)
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest()
const b64u = (b: Buffer) => b.toString('base64url')

export interface SoftKey {
  id: string
  /** the user handle the key keeps (from the registration options), answered with passwordless logins */
  userHandle: string
  counter: number
  privateKey: KeyObject
}

const clientData = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))

function authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
  const c = Buffer.alloc(4)
  c.writeUInt32BE(counter)
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), c, ...(attested ? [attested] : [])])
}

/** Creates a key for the registration options (`options` as POST …/webauthn/options answered) and its answer. */
export function register(options: any, origin: string): { key: SoftKey; response: any } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const id = randomBytes(16)
  const cose = cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  )
  const length = Buffer.alloc(2)
  length.writeUInt16BE(id.length)
  // user present, user verified, attested credential data
  const data = authData(options.rp.id, 0x45, 0, Buffer.concat([Buffer.alloc(16), length, id, cose]))
  const key: SoftKey = { id: b64u(id), userHandle: options.user.id, counter: 0, privateKey }
  return {
    key,
    response: {
      id: key.id,
      rawId: key.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64u(cbor({ fmt: 'none', attStmt: {}, authData: data })),
        transports: ['usb'],
      },
      clientExtensionResults: {},
    },
  }
}

/** The key's signed answer to login options (`options` as …/options answered); the counter moves on. */
export function assert(key: SoftKey, options: any, origin: string, rpId: string) {
  key.counter++
  const data = authData(options.rpId ?? rpId, 0x05, key.counter)
  const client = clientData('webauthn.get', options.challenge, origin)
  const signature = sign('sha256', Buffer.concat([data, sha256(client)]), key.privateKey)
  return {
    id: key.id,
    rawId: key.id,
    type: 'public-key',
    response: { clientDataJSON: b64u(client), authenticatorData: b64u(data), signature: b64u(signature), userHandle: key.userHandle },
    clientExtensionResults: {},
  }
}
