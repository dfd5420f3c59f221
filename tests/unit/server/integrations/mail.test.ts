/** Issue 16: with no SMTP server configured, a mail (a reset link) goes to the server log at warn, visible at the default LOG_LEVEL. */
import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createMailer } from '../../../../src/server/integrations/mail'
import { loadConfig } from '../../../../src/server/config'

describe('mail without SMTP', () => {
  it('writes the whole message to the log at warn, the default level', async () => {
    const lines: string[] = []
    const sink = new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) })
    const config = loadConfig({ DATABASE_URL: ':memory:' })
    expect(config.smtp).toBeUndefined()
    const mailer = createMailer(config.smtp, config.mailFrom, pino({ level: config.logLevel }, sink))
    await mailer.send({
      to: 'ann@example.test',
      subject: 'Vigil password reset',
      text: 'Open http://vigil/#/login/forgot_password?token=abc',
    })
    const entry = JSON.parse(lines[0]) as { level: number; mail: { to: string; text: string } }
    expect(entry.level).toBe(40)
    expect(entry.mail).toMatchObject({ to: 'ann@example.test', text: expect.stringContaining('forgot_password?token=abc') })
  })

  it('refuses half an SMTP or cloud login configuration at start', () => {
    expect(() => loadConfig({ DATABASE_URL: ':memory:', VIGIL_SMTP_URL: 'http://mail' })).toThrow(/VIGIL_SMTP_URL/)
    expect(() => loadConfig({ DATABASE_URL: ':memory:', VIGIL_OIDC_ISSUER: 'https://idp.example' })).toThrow(/VIGIL_OIDC_CLIENT_ID/)
  })
})
