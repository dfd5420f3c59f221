import { ApiError, type ErrorKey } from '../../shared/errors'

/** `value ?? fail('host_not_found', {id})`: throws the SPEC §8 error in expression position. */
export function fail(key: ErrorKey, extra: Record<string, unknown> = {}): never {
  throw new ApiError(key, extra)
}
