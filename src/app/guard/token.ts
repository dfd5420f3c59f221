/** The bearer token of the current user, kept in localStorage with its expiry (SPEC §4 route guard, §7). */
import { URL_TOKEN_TTL_S } from '../../shared/constants'
import { getStored, removeStored, setStored, setStoredUntil } from '../preferences/storage'

const TOKEN_KEY = 'token'

export function getToken(storage: Storage = localStorage, now = Date.now()): string | null {
  return getStored<string>(storage, TOKEN_KEY, now)
}

/** SPEC §4 route guard 1: a token from the URL is kept 43200 s (12 h, SPEC §9). */
export function storeUrlToken(token: string, storage: Storage = localStorage, now = Date.now()): void {
  setStored(storage, TOKEN_KEY, token, URL_TOKEN_TTL_S, now)
}

/** A token from login is kept until the server's `expires_at` (unix seconds). */
export function storeLoginToken(token: string, expiresAtS: number, storage: Storage = localStorage): void {
  setStoredUntil(storage, TOKEN_KEY, token, expiresAtS * 1000)
}

export function clearToken(storage: Storage = localStorage): void {
  removeStored(storage, TOKEN_KEY)
}

const DEVICE_KEY = 'remembered_device'

/** Issue 16 "remember this browser": the token later logins send to skip the second factor, kept until it expires (SPEC §9: a month). */
export function storeDeviceToken(token: string, expiresAtS: number, storage: Storage = localStorage): void {
  setStoredUntil(storage, DEVICE_KEY, token, expiresAtS * 1000)
}

export function getDeviceToken(storage: Storage = localStorage, now = Date.now()): string | null {
  return getStored<string>(storage, DEVICE_KEY, now)
}
