/** Config → store → engine → http, and a close() that undoes it in reverse (DESIGN.md "main.ts"). */
import pino from 'pino'
import type { Config } from './config'
import { openStore, optimize } from './store/db'
import { migrateToLatest } from './store/migrate'
import fs from 'node:fs'
import os from 'node:os'
import { randomBytes } from 'node:crypto'
import { ownWebAddress, seedFirstStart, seedLocalHosts, systemResolver } from './store/seed'
import { loadSecretKey, secretBox } from './security/secrets'
import { buildApp } from './http/app'
import { buildId } from './http/routes/ui'
import { purgeExpiredTokens } from './store/tokens'
import { purgeStaleLoginFailures } from './store/login-failures'
import { purgeLoginTickets } from './store/login-tickets'
import { memoryBus, postgresBus, tapPublished, type Bus } from './feed/bus'
import { createEngine, type EngineOptions } from './engine/engine'
import { createLeases, noOwnership, soleOwnership } from './engine/leases'
import { EXPIRED_STORAGE_CLEANUP_S, RELEASE } from '../shared/constants'
import { writeSystemEvent, type SystemEvent } from './store/event-log'
import { createNotifier } from './notifications/notifier'
import { createOverloadWatch } from './notifications/overload'
import { sealSnmpCommunities } from './store/snmp-communities'
import { pluginSettings } from './engine/checks/plugins'
import { createMailer } from './integrations/mail'
import { purgeOldResetLinks } from './store/password-resets'
import { createRemoteWriter } from './integrations/prometheus/remote-writer'
import { perfdataExport } from './integrations/prometheus/perfdata-export'
import { createProbeGateway } from './probes/gateway'

export async function createVigil(config: Config, engineOptions: Partial<EngineOptions> = {}) {
  const log = pino({ level: config.logLevel })
  const box = secretBox(loadSecretKey(config.secretKey, config.database), config.previousSecretKey)
  const store = openStore(config.database)
  const migrated = await migrateToLatest(store)
  // Issue 5 system events: written beside the work, never in its way; live on the feed's `system` topic once
  // the bus is up (the migrations' event is written before it).
  let live: Bus | null = null
  const system = (e: SystemEvent) =>
    writeSystemEvent(store.db, e)
      .then((delta) => live?.publish(delta))
      .catch((err) => log.error({ err, event: e.status }, 'system event not written'))
  if (migrated.length)
    await system({ status: 'MIGRATED', message: `Migrations applied: ${migrated.join(', ')}`, extra_data: { migrations: migrated } })
  optimize(store)
  const seeded = await seedFirstStart(store.db, config.adminUser, config.adminPassword, config.scrypt)
  if (seeded && config.localHosts) {
    const resolvConf = fs.existsSync('/etc/resolv.conf') ? fs.readFileSync('/etc/resolv.conf', 'utf8') : ''
    await seedLocalHosts(store.db, ownWebAddress(config), systemResolver(resolvConf))
  }
  const sealed = await sealSnmpCommunities(store.db, box)
  if (sealed.moved || sealed.unopened.length) log.warn(sealed, 'SNMP communities moved from check configuration into host secrets')
  const bus =
    config.database.kind === 'postgres'
      ? await postgresBus(
          config.database.url,
          (err) => log.error({ err }, 'feed bus'),
          () => void system({ status: 'RECONNECTED', message: 'Feed bus reconnected to PostgreSQL' }),
        )
      : memoryBus()
  live = bus
  const notifier = createNotifier({ store, bus, log, webhookUrl: config.notifyWebhook, delayS: config.notifyDelayS })
  const overload = createOverloadWatch((e) => void system(e))
  // Issue 20: perfdata also to a Prometheus-compatible store, when one is configured.
  const remoteWriter = config.remoteWrite ? createRemoteWriter({ config: config.remoteWrite, log }) : null
  const perfdataOut =
    remoteWriter && perfdataExport(store.db, remoteWriter, (err) => log.error({ err }, 'perfdata not handed to remote write'))
  const probes = createProbeGateway({ store, bus, log, deadS: config.probeDeadS, sweepMs: config.probeSweepMs, system })
  // Issue 20: on PostgreSQL engine processes split the hosts by leases; an API-only process checks none.
  const ownership =
    config.role === 'api'
      ? noOwnership
      : config.database.kind === 'postgres' && config.engine
        ? createLeases({
            db: store.db,
            processId: `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(3).toString('hex')}`,
            leaseMs: config.leaseS * 1000,
            onError: (err) => log.error({ err }, 'engine leases'),
          })
        : soleOwnership()
  const engine = createEngine(store, bus, log, {
    active: config.engine && config.role !== 'api',
    ownership,
    runsHere: probes.runsHere,
    secretBox: box,
    plugins: pluginSettings(config.pluginDirs, config.pluginUser),
    onWritten: (deltas) => {
      notifier.onWritten(deltas)
      overload.onWritten(deltas)
    },
    onCommitted: perfdataOut?.onCommitted,
    ...engineOptions,
  })
  const build = buildId(config.distDir)
  const mailer = createMailer(config.smtp, config.mailFrom, log)
  // Issue 17: acknowledgements made with "notify" through this process's routes are notified by it.
  const routeBus = tapPublished(bus, notifier.onPublished)
  const app = await buildApp({ store, config, box, build, engine, bus: routeBus, mailer, log, probes })
  await probes.start(engine)
  await engine.start()
  await system({
    status: 'STARTED',
    message: `Vigil ${RELEASE} started`,
    extra_data: { release: RELEASE, build, database: store.dialect, engine: config.engine, role: config.role },
  })
  const purge = setInterval(
    () =>
      Promise.all([
        purgeExpiredTokens(store.db),
        purgeStaleLoginFailures(store.db),
        purgeLoginTickets(store.db),
        purgeOldResetLinks(store.db),
      ]).catch((err) => log.error({ err }, 'token purge failed')),
    EXPIRED_STORAGE_CLEANUP_S * 1000,
  )
  purge.unref()
  const statistics = setInterval(() => optimize(store), 3600_000)
  statistics.unref()
  return {
    app,
    store,
    engine,
    bus,
    seeded,
    remoteWriter,
    async close() {
      clearInterval(purge)
      clearInterval(statistics)
      await system({ status: 'STOPPING', message: `Vigil ${RELEASE} stopping`, extra_data: { release: RELEASE } })
      await app.close()
      probes.stop()
      await engine.stop()
      await perfdataOut?.settled()
      await remoteWriter?.stop()
      await notifier.stop()
      await bus.close()
      await store.close()
    },
  }
}
export type Vigil = Awaited<ReturnType<typeof createVigil>>
