/** Every migration, listed by hand in order (STYLE.md "Store"). */
import type { Migration } from 'kysely'
import * as m0001 from './0001_foundation'
import * as m0002 from './0002_perfdata'

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_perfdata': m0002,
}
