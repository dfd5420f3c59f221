/**
 * Issue 16: the one way Vigil sends mail (password reset links today; reports and notifications reuse it).
 * SMTP through nodemailer with the VIGIL_SMTP_* settings; with none set, the message goes to the server log
 * at warn, so a small installation still gets its reset links (README "Mail").
 */
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { SmtpConfig } from '../config'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/** How long one delivery may take, so a stalled relay never holds a request open. */
const SMTP_TIMEOUT_MS = 10_000

export function createMailer(smtp: SmtpConfig | undefined, from: string, log: FastifyBaseLogger): Mailer {
  if (!smtp) {
    return {
      async send(mail) {
        log.warn(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'mail not sent: no SMTP server configured (VIGIL_SMTP_URL)',
        )
      },
    }
  }
  const timeouts = { connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS }
  const tls = { rejectUnauthorized: smtp.tlsRejectUnauthorized }
  const transport = smtp.url
    ? nodemailer.createTransport({ url: smtp.url, tls, ...timeouts })
    : nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
        tls,
        ...timeouts,
      })
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
  }
}
