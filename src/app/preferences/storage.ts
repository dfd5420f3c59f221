/**
 * localStorage items that may carry an expiry (SPEC §4 "Stored items may carry an expiry and are purged
 * every 1800 s"). Values are JSON `{value, expires}` with `expires` in epoch milliseconds or null.
 */
import { EXPIRED_STORAGE_CLEANUP_S } from '../../shared/constants'

const PREFIX = 'vigil.'

interface StoredItem {
  value: unknown
  expires: number | null
}

function read(storage: Storage, key: string): StoredItem | null {
  const raw = storage.getItem(PREFIX + key)
  if (raw === null) return null
  try {
    const item = JSON.parse(raw) as StoredItem
    return typeof item === 'object' && item !== null && 'value' in item ? item : null
  } catch {
    return null
  }
}

/** Stores `value` under `key`; with `ttlS` it expires that many seconds after `now`. */
export function setStored(storage: Storage, key: string, value: unknown, ttlS?: number, now = Date.now()): void {
  const item: StoredItem = { value, expires: ttlS === undefined ? null : now + ttlS * 1000 }
  storage.setItem(PREFIX + key, JSON.stringify(item))
}

/** Stores `value` until the absolute time `expiresAtMs`. */
export function setStoredUntil(storage: Storage, key: string, value: unknown, expiresAtMs: number): void {
  storage.setItem(PREFIX + key, JSON.stringify({ value, expires: expiresAtMs } satisfies StoredItem))
}

/** The stored value, or null when missing, unreadable or expired (an expired item is removed). */
export function getStored<T>(storage: Storage, key: string, now = Date.now()): T | null {
  const item = read(storage, key)
  if (item === null) return null
  if (item.expires !== null && item.expires <= now) {
    storage.removeItem(PREFIX + key)
    return null
  }
  return item.value as T
}

export function removeStored(storage: Storage, key: string): void {
  storage.removeItem(PREFIX + key)
}

/** Removes every expired Vigil item; returns how many went. */
export function purgeExpired(storage: Storage, now = Date.now()): number {
  const expired: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const full = storage.key(i)
    if (full === null || !full.startsWith(PREFIX)) continue
    const item = read(storage, full.slice(PREFIX.length))
    if (item !== null && item.expires !== null && item.expires <= now) expired.push(full)
  }
  for (const full of expired) storage.removeItem(full)
  return expired.length
}

/** SPEC §9: expired storage cleanup every 1800 s. Returns a stop function. */
export function startStoragePurge(storage: Storage): () => void {
  purgeExpired(storage)
  const timer = setInterval(() => purgeExpired(storage), EXPIRED_STORAGE_CLEANUP_S * 1000)
  return () => clearInterval(timer)
}
