/** Runs the migrations at start; a failure stops the server with the migration's error. */
import { Migrator, type MigrationProvider } from 'kysely'
import type { Store } from './db'
import { migrations } from './migrations/index'

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** Returns the names of the migrations it applied (none when the database was up to date). */
export async function migrateToLatest(store: Store): Promise<string[]> {
  const migrator = new Migrator({ db: store.db, provider })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
