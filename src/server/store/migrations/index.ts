/** Every migration, listed by hand in order (STYLE.md "Store"). */
import type { Migration } from 'kysely'
import * as m0001 from './0001_foundation'

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
}
