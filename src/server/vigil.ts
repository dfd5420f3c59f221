/** Config → store → (engine) → http, and a close() that undoes it in reverse (DESIGN.md "main.ts"). */
import path from 'node:path'
import type { Config } from './config'
import { isPostgresUrl, openStore } from './store/db'
import { migrateToLatest } from './store/migrate'
import { seedFirstStart } from './store/seed'
import { loadSecretKey, secretBox } from './security/secrets'
import { buildApp } from './http/app'
import { buildId } from './http/routes/ui'
import { purgeExpiredTokens } from './store/tokens'
import { EXPIRED_STORAGE_CLEANUP_S } from '../shared/constants'

export async function createVigil(config: Config) {
  const store = openStore(config.databaseUrl)
  await migrateToLatest(store)
  const seeded = await seedFirstStart(store.db, config.adminPassword)
  const keyDir = isPostgresUrl(config.databaseUrl) ? path.resolve('data') : path.dirname(path.resolve(config.databaseUrl))
  const box = secretBox(loadSecretKey(config.secretKey, keyDir))
  const app = await buildApp({ store, config, box, build: buildId(config.distDir) })
  const purge = setInterval(() => purgeExpiredTokens(store.db).catch((err) => app.log.error({ err }, 'token purge failed')), EXPIRED_STORAGE_CLEANUP_S * 1000)
  purge.unref()
  return {
    app,
    store,
    seeded,
    async close() {
      clearInterval(purge)
      await app.close()
      await store.close()
    },
  }
}
export type Vigil = Awaited<ReturnType<typeof createVigil>>
