/** `npm start`: Vigil in one process, on the configured database, until SIGINT/SIGTERM. */
import { loadConfig } from './config'
import { createVigil } from './vigil'

const config = loadConfig()
const vigil = await createVigil(config)
const database = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL'
// Issue 20: an engine-only process checks hosts and serves nothing.
if (config.role === 'engine') console.log(`Vigil engine  (database: ${database}, role: engine)`)
else {
  const address = await vigil.app.listen({ port: config.port, host: config.host })
  console.log(`Vigil ${address.replace('0.0.0.0', '127.0.0.1')}  (database: ${database}, role: ${config.role})`)
}
if (vigil.seeded?.generatedPassword) {
  console.log(
    `First start: log in as "${config.adminUser}" with password ${vigil.seeded.generatedPassword}  (shown once; set VIGIL_ADMIN_PASSWORD to choose it)`,
  )
} else if (vigil.seeded) {
  console.log(`First start: log in as "${config.adminUser}" with the password from VIGIL_ADMIN_PASSWORD`)
} else if (config.role !== 'engine') {
  console.log('Log in at the URL above (the first administrator was created on first start).')
}

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  console.log(`${signal}: closing`)
  await vigil.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
