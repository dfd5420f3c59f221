/** Config → store → engine → http, and a close() that undoes it in reverse (DESIGN.md "main.ts"). */
import path from 'node:path'
import pino from 'pino'
import type { Config } from './config'
import { isPostgresUrl, openStore, optimize } from './store/db'
import { migrateToLatest } from './store/migrate'
import fs from 'node:fs'
import { seedFirstStart, seedLocalHosts, systemResolver } from './store/seed'
import { loadSecretKey, secretBox } from './security/secrets'
import { buildApp } from './http/app'
import { buildId } from './http/routes/ui'
import { purgeExpiredTokens } from './store/tokens'
import { memoryBus, postgresBus } from './feed/bus'
import { createEngine, type EngineOptions } from './engine/engine'
import { EXPIRED_STORAGE_CLEANUP_S } from '../shared/constants'

export async function createVigil(config: Config, engineOptions: Partial<EngineOptions> = {}) {
  const log = pino({ level: config.logLevel })
  const store = openStore(config.databaseUrl)
  await migrateToLatest(store)
  optimize(store)
  const seeded = await seedFirstStart(store.db, config.adminPassword)
  if (seeded && config.localHosts) {
    const resolvConf = fs.existsSync('/etc/resolv.conf') ? fs.readFileSync('/etc/resolv.conf', 'utf8') : ''
    await seedLocalHosts(store.db, config.port, systemResolver(resolvConf))
  }
  const keyDir = isPostgresUrl(config.databaseUrl) ? path.resolve('data') : path.dirname(path.resolve(config.databaseUrl))
  const box = secretBox(loadSecretKey(config.secretKey, keyDir))
  const bus = store.dialect === 'postgres' ? await postgresBus(config.databaseUrl, (err) => log.error({ err }, 'feed bus')) : memoryBus()
  const engine = createEngine(store, bus, log, { active: config.engine, ...engineOptions })
  const app = await buildApp({ store, config, box, build: buildId(config.distDir), engine, bus, log })
  await engine.start()
  const purge = setInterval(() => purgeExpiredTokens(store.db).catch((err) => log.error({ err }, 'token purge failed')), EXPIRED_STORAGE_CLEANUP_S * 1000)
  purge.unref()
  const statistics = setInterval(() => optimize(store), 3600_000)
  statistics.unref()
  return {
    app,
    store,
    engine,
    bus,
    seeded,
    async close() {
      clearInterval(purge)
      clearInterval(statistics)
      await app.close()
      await engine.stop()
      await bus.close()
      await store.close()
    },
  }
}
export type Vigil = Awaited<ReturnType<typeof createVigil>>
