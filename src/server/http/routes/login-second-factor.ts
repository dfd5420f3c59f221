/**
 * Public, issue 16: the second step of a login that POST /auth/login answered with a ticket.
 * POST /auth/mfa proves a second factor (any method of the registry in store/second-factors.ts); a hardware
 * key first asks POST /auth/mfa/webauthn/options for its challenge; push approval (SPEC §4) starts with
 * POST /auth/push and waits with POST /auth/push/wait until a signed-in session of the user decides;
 * POST /auth/enroll and /auth/enroll/confirm enrol an authenticator app where the organization requires one.
 * Only then does the session start. Wrong answers count as failed logins (issue 13 limits and delays per user
 * and source, a budget per address) and end the ticket after a few, so codes cannot be guessed.
 */
import QRCode from 'qrcode'
import type { FastifyRequest } from 'fastify'
import type { ZodApp, RouteDeps } from '../types'
import { EnrollBody, EnrollConfirmBody, EnrolledSession, MfaBody, MfaResponse, TotpEnrolment } from '../../../shared/api/auth'
import { ApiError, LOGIN_FEEDBACK } from '../../../shared/errors'
import { addressBudget, sourceOf, LOGIN_FAILURES_PER_ADDRESS } from '../../security/login-limits'
import { lockedUntil, recordLoginFailure } from '../../store/login-failures'
import { endLoginTicket, failLoginTicket, findLoginTicket, rememberDevice, type TicketPurpose } from '../../store/login-tickets'
import { beginTotp, confirmTotp, SECOND_FACTOR_METHODS } from '../../store/second-factors'
import { authenticationOptions } from '../../store/webauthn-keys'
import { pushStatus, requestPushApproval } from '../../store/push-approvals'
import { KeyOptions, PushStatus, PushWaitBody } from '../../../shared/api/second-factors'
import { relyingParty } from '../../security/relying-party'
import { sessionPushProvider } from '../../integrations/push'
import { startSession } from '../../store/users'
import { LOGIN_RATE_PER_MINUTE, tryLater } from './auth'

type Ticket = NonNullable<Awaited<ReturnType<typeof findLoginTicket>>>

export async function loginSecondFactorRoutes(app: ZodApp, { store, box, config, bus }: RouteDeps) {
  const db = store.db
  const push = sessionPushProvider(bus)
  const budget = addressBudget(LOGIN_FAILURES_PER_ADDRESS, 60_000)
  // SPEC §8 code 2: the ticket is unknown, expired, used up or from another address; the password is due again.
  const deadTicket = () => new ApiError('invalid_token', { login_feedback: LOGIN_FEEDBACK.invalid_token })
  const rateLimit = {
    max: LOGIN_RATE_PER_MINUTE,
    timeWindow: 60_000,
    // Per ticket, as the login's is per username: many users may share one proxy's address.
    keyGenerator: (req: FastifyRequest) => `${sourceOf(req.ip)}|${String((req.body as { ticket?: unknown } | undefined)?.ticket ?? '')}`,
  }

  /** The live ticket of the request, after the source's limits and delays. */
  async function ticketOf(req: FastifyRequest, ticket: string, purpose: TicketPurpose) {
    const source = sourceOf(req.ip)
    if (!budget.take(source)) throw tryLater()
    const found = await findLoginTicket(db, ticket, purpose, source)
    if (!found) throw deadTicket()
    const until = await lockedUntil(db, found.user_id, source)
    if (until) throw new ApiError('account_locked', { login_feedback: LOGIN_FEEDBACK.locked_out, locked_until: until })
    return { found, source }
  }

  /** A wrong answer: counted against the user and source like a wrong password (SPEC §8 code 3). */
  async function refuse(found: Ticket, source: string): Promise<never> {
    await recordLoginFailure(db, found.user_id, source)
    await failLoginTicket(db, found.id)
    throw new ApiError('unauthenticated', { login_feedback: LOGIN_FEEDBACK.mfa_failed })
  }

  /** A right answer: the ticket is used up and the session starts, remembering the browser when asked. */
  async function finish(found: Ticket, source: string, remember: boolean) {
    budget.refund(source)
    if (!(await endLoginTicket(db, found.id))) throw deadTicket()
    const session = await startSession(db, { id: found.user_id, organization_id: found.organization_id }, source, null)
    return { ...session, ...(remember ? await rememberDevice(db, found.user_id) : {}) }
  }

  app.post('/mfa', { schema: { body: MfaBody, response: { 200: MfaResponse } }, config: { rateLimit } }, async (req) => {
    const { found, source } = await ticketOf(req, req.body.ticket, 'verify')
    const ctx = { db, box, rp: relyingParty(config, req), ticketId: found.id }
    if (!(await SECOND_FACTOR_METHODS[req.body.method].verify(ctx, found.user_id, req.body.code))) return refuse(found, source)
    return finish(found, source, req.body.remember)
  })

  /** A step that asks for something rather than answering: its budget is given back. */
  async function asking(req: FastifyRequest, ticket: string) {
    const { found, source } = await ticketOf(req, ticket, 'verify')
    budget.refund(source)
    return { found, source }
  }

  app.post('/mfa/webauthn/options', { schema: { body: EnrollBody, response: { 200: KeyOptions } }, config: { rateLimit } }, async (req) => {
    const { found } = await asking(req, req.body.ticket)
    return authenticationOptions({ db, box, rp: relyingParty(config, req) }, found.user_id)
  })

  const loginOf = (found: Ticket) => ({
    ticketId: found.id,
    userId: found.user_id,
    username: found.username,
    organizationId: found.organization_id,
  })

  app.post('/push', { schema: { body: EnrollBody, response: { 200: PushStatus } }, config: { rateLimit } }, async (req) => {
    const { found, source } = await asking(req, req.body.ticket)
    if (!(await SECOND_FACTOR_METHODS.push.available(db, found.user_id)))
      throw new ApiError('invalid_operation', {
        reason: 'push approval is not on for this user',
        login_feedback: LOGIN_FEEDBACK.invalid_login_method,
      })
    return requestPushApproval(db, push, { ...loginOf(found), source })
  })

  // SPEC §4 "waiting for confirmation": the login page asks again and again; a denial counts as a wrong answer.
  app.post('/push/wait', { schema: { body: PushWaitBody, response: { 200: PushStatus } }, config: { rateLimit } }, async (req) => {
    const { found, source } = await asking(req, req.body.ticket)
    const status = await pushStatus(db, push, loginOf(found), req.body.wait_s)
    return status.status === 'denied' ? refuse(found, source) : status
  })

  app.post('/enroll', { schema: { body: EnrollBody, response: { 200: TotpEnrolment } }, config: { rateLimit } }, async (req) => {
    const { found, source } = await ticketOf(req, req.body.ticket, 'enroll')
    // Asking for the key is no wrong answer: its budget is given back.
    budget.refund(source)
    const { secret, uri } = await beginTotp({ db, box }, { id: found.user_id, username: found.username })
    return { secret, uri, qr: await QRCode.toDataURL(uri) }
  })

  app.post(
    '/enroll/confirm',
    { schema: { body: EnrollConfirmBody, response: { 200: EnrolledSession } }, config: { rateLimit } },
    async (req) => {
      const { found, source } = await ticketOf(req, req.body.ticket, 'enroll')
      const actor = {
        userId: found.user_id,
        username: found.username,
        fullName: `${found.first_name} ${found.last_name}`.trim() || found.username,
      }
      const codes = await confirmTotp({ db, box }, { ...actor, organizationId: found.organization_id }, req.body.code)
      if (!codes) return refuse(found, source)
      return { ...(await finish(found, source, req.body.remember)), backup_codes: codes }
    },
  )
}
