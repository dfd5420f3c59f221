/** SPEC §5 name rules shared by forms and the server. */
import { z } from 'zod'
import { NAME_MAX, NAME_MIN } from './constants'

/** SPEC §5: letters, digits, dot, underscore, hyphen and space; no consecutive spaces; 2–50 characters. */
export const NAME_CHARS = /^[\p{L}\p{N}._\- ]+$/u
export function isValidName(name: string): boolean {
  return name.length >= NAME_MIN && name.length <= NAME_MAX && NAME_CHARS.test(name) && !/ {2}/.test(name) && name.trim() === name
}
const NAME_RULE = 'name: 2–50 letters, digits, dot, underscore, hyphen or single spaces'
export const Name = z.string().refine(isValidName, NAME_RULE)
/** A SPEC §5 name whose SPEC §8 error has its own key (e.g. map_alias_invalid): the server answers that key. */
export const nameWithKey = (key: string) => z.string().refine(isValidName, { message: NAME_RULE, params: { key } })

/** SPEC §5 Hosts: FQDN must be valid, hostname ASCII only. */
const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/
export function isValidFqdn(name: string): boolean {
  if (name.length < 1 || name.length > 253) return false
  return name
    .replace(/\.$/, '')
    .split('.')
    .every((l) => LABEL.test(l) || /^[A-Za-z0-9_]{1,63}$/.test(l))
}
export function isAscii(s: string): boolean {
  return /^[\x20-\x7e]*$/.test(s)
}

/** Issue 15 user email (`invalid_email`): one @, a local part and a dotted domain, no spaces; at most 254 characters. */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)
}
