/**
 * `config-backup`: reads a network device's configuration over SSH (SPEC §2 "…/Config Backups/configs", §3 "backup
 * credentials"), as RANCID and Oxidized do: log in with the host's sealed backup credentials — a password, a private
 * key (OpenSSH or PEM, with its passphrase), or both — else its user and password, run the profile's command
 * (shared/config-backups.ts) on an exec channel (or, with an enable password, through the device's CLI in privileged
 * mode: cli-session.ts) and hand the normalised text to the engine, which stores it as a new version when it changed (store/config-backups.ts). The configuration and
 * the credentials never reach the output line.
 */
import { createHash } from 'node:crypto'
import { Client, type ClientChannel } from 'ssh2'
import { z } from 'zod'
import { BACKUP_PROFILE_NAMES, BACKUP_PROFILES, MAX_CONFIG_BYTES, normaliseConfiguration } from '../../../shared/config-backups'
import { perfItem } from '../../../shared/perfdata'
import { describeError, failure, HostField, PortField, stopReason } from './common'
import { throughPolicy } from './reach'
import { privilegedRead } from './cli-session'
import type { CheckContext, CheckKind, CheckResult } from './types'

export const ConfigBackupConfig = z.object({
  /** the device profile: which command reads the configuration */
  profile: z.enum(BACKUP_PROFILE_NAMES),
  /** defaults to the host's address */
  host: HostField.optional(),
  port: PortField.default(22),
  /**
   * The device's host key as OpenSSH prints it (`SHA256:…`, `ssh-keygen -lf`): set, a device answering with another
   * key is refused before the login is sent. Each OK run names the key it saw.
   */
  host_key: z
    .string()
    .regex(/^SHA256:[A-Za-z0-9+/]{43}=?$/, 'an OpenSSH SHA256 fingerprint expected, e.g. SHA256:followed by 43 base64 characters')
    .optional(),
  /** a slow device may take a while to print a large configuration */
  timeout_s: z.number().int().min(1).max(120).optional(),
})
export type ConfigBackupConfig = z.infer<typeof ConfigBackupConfig>

const LABEL = 'CONFIG'

/** OpenSSH's fingerprint of a host key blob: `SHA256:` and unpadded base64. */
const fingerprint = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`

function backup(config: ConfigBackupConfig, ctx: CheckContext): Promise<CheckResult> {
  const s = ctx.secrets
  const username = s.backup_user || s.user
  const password = s.backup_user ? s.backup_password : s.password
  const privateKey = s.backup_user ? s.backup_private_key : undefined
  if (!username || (!password && !privateKey))
    return Promise.resolve(
      failure(
        3,
        `${LABEL} UNKNOWN - the host has no backup credentials: set its secrets backup_user and backup_password or backup_private_key`,
      ),
    )
  const host = config.host ?? ctx.address
  const login = { host, username, password, privateKey, passphrase: s.backup_key_passphrase }
  return throughPolicy(LABEL, host, ctx, (address) => readConfiguration(config, { ...login, address }, ctx))
}

interface Login {
  host: string
  address: string
  username: string
  password: string | undefined
  /** tried before the password, as OpenSSH's client does */
  privateKey: string | undefined
  passphrase: string | undefined
}

function readConfiguration(config: ConfigBackupConfig, login: Login, ctx: CheckContext): Promise<CheckResult> {
  const where = `${login.host} port ${config.port}`
  const profile = BACKUP_PROFILES[config.profile]
  // `ssh-keygen -lf` prints no base64 padding; a pasted one may carry it.
  const pinned = config.host_key?.replace(/=$/, '')
  return new Promise((resolve) => {
    const client = new Client()
    const chunks: Buffer[] = []
    let bytes = 0
    let errorText = ''
    let seenKey = ''
    let settled = false
    const settle = (result: CheckResult) => {
      if (settled) return
      settled = true
      stop()
      client.end()
      resolve(result)
    }
    const critical = (why: string) => settle(failure(2, `${LABEL} CRITICAL - ${where}: ${why}`))
    const stop = ctx.onStop(() => critical(`${stopReason(ctx)} reading the configuration`))
    const finished = (code: number | null) => {
      if (code) return critical(`"${profile.command}" ended with status ${code}${errorText ? `: ${errorText}` : ''}`)
      done(Buffer.concat(chunks).toString('utf8'))
    }
    const done = (text: string) => {
      const configuration = normaliseConfiguration(config.profile, text)
      if (!configuration) return critical(`the device returned no configuration${errorText ? `: ${errorText}` : ''}`)
      const lines = configuration.split('\n').length - 1
      settle({
        status: 0,
        output: `${LABEL} OK - ${lines} lines (${Buffer.byteLength(configuration)} bytes) read from ${where}`,
        long_output: `host key ${seenKey}`,
        perfdata: [perfItem('lines', lines, ''), perfItem('size', Buffer.byteLength(configuration), 'B', { min: 0 })],
        configuration,
      })
    }
    const read = (stream: ClientChannel) => {
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        if (bytes > MAX_CONFIG_BYTES) return critical(`the configuration is larger than ${MAX_CONFIG_BYTES} bytes`)
        chunks.push(chunk)
      })
      stream.stderr.on('data', (chunk: Buffer) => {
        if (errorText.length < 200) errorText = (errorText + chunk.toString('utf8')).replace(/\s+/g, ' ').trim().slice(0, 200)
      })
      stream.on('close', (code: number | null) => finished(code))
    }
    // SPEC §3 enable-password: with one, a device of a profile that has an enable mode is driven through its CLI.
    const enable = 'enable' in profile && ctx.secrets.enable_password ? { ...profile.enable, password: ctx.secrets.enable_password } : null
    client.on('ready', () => {
      if (!enable)
        return client.exec(profile.command, (error, stream) =>
          error ? critical(`cannot run "${profile.command}": ${error.message}`) : read(stream),
        )
      client.shell({ term: 'vt100', cols: 511, rows: 24 }, (error, stream) => {
        if (error) return critical(`cannot open a shell: ${error.message}`)
        void privilegedRead(stream, {
          command: profile.command,
          pager: enable.pager,
          enablePassword: enable.password,
          maxBytes: MAX_CONFIG_BYTES,
        }).then((outcome) => ('why' in outcome ? critical(outcome.why) : done(outcome.text)))
      })
    })
    // Many devices ask for the password through keyboard-interactive authentication.
    client.on('keyboard-interactive', (_name, _instructions, _lang, prompts, answer) => answer(prompts.map(() => login.password ?? '')))
    client.on('error', (error: Error & { level?: string }) => {
      if (error.level === 'client-authentication') return critical('login refused (check the backup credentials)')
      if (pinned && seenKey && pinned !== seenKey)
        return critical(`host key ${seenKey} is not the expected ${config.host_key}: no login was sent`)
      critical(describeError(error))
    })
    client.connect({
      host: login.address,
      port: config.port,
      username: login.username,
      password: login.password,
      privateKey: login.privateKey,
      passphrase: login.passphrase,
      tryKeyboard: login.password !== undefined,
      readyTimeout: ctx.timeoutMs,
      hostVerifier: (key: Buffer) => {
        seenKey = fingerprint(key)
        return pinned === undefined || pinned === seenKey
      },
    })
  })
}

export const configBackup: CheckKind<ConfigBackupConfig> = {
  kind: 'config-backup',
  config: ConfigBackupConfig,
  usesSecrets: true,
  run: backup,
}
