/**
 * Public: issue 16 "Forgot password" on SPEC §7's `:forgot-password` call, the one call that needs no token.
 * POST asks for a reset link by username or email and answers the same whoever was named (SPEC §8 code 9),
 * sending the mail after the answer so its time tells nothing either; PUT sets the new password with the
 * link's token. Limits: requests per address (here) and links per user (store/password-resets.ts).
 */
import type { ZodApp, RouteDeps } from '../types'
import { ForgotPasswordBody, ForgotPasswordResponse, ResetPasswordBody } from '../../../shared/api/auth'
import { NoContent } from '../../../shared/api/list'
import { ApiError, LOGIN_FEEDBACK } from '../../../shared/errors'
import { createResetLink, resetPassword, usersToReset, RESET_LINK_TTL_S } from '../../store/password-resets'
import { passwordChecker } from '../../security/password-checker'
import { sourceOf } from '../../security/login-limits'
import { publicUrl } from '../public-url'

/** Reset requests per minute from one address, whatever they name. */
const REQUESTS_PER_MINUTE = 5

export async function passwordResetRoutes(app: ZodApp, { store, config, mailer, bus }: RouteDeps) {
  const passwords = passwordChecker(config.scrypt)
  const perAddress = { max: REQUESTS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (req: { ip: string }) => sourceOf(req.ip) }

  const sendLinks = async (login: string) => {
    const base = publicUrl(config, app)
    for (const user of await usersToReset(store.db, login)) {
      const token = await createResetLink(store.db, user.id)
      if (!token) continue
      const link = `${base}/#/login/forgot_password?token=${encodeURIComponent(token)}`
      const text =
        `Someone asked to reset the Vigil password of ${user.username}.\n\n` +
        `Open this link within ${RESET_LINK_TTL_S / 60} minutes to choose a new password; it works once:\n\n${link}\n\n` +
        `If it was not you, ignore this message: your password stays as it is.`
      await mailer.send({ to: user.email, subject: 'Vigil password reset', text })
    }
  }

  app.post(
    '/auth::forgot-password',
    { schema: { body: ForgotPasswordBody, response: { 202: ForgotPasswordResponse } }, config: { rateLimit: perAddress } },
    async (req, reply) => {
      // The answer leaves before the lookup, so neither its content nor its time tells whether anyone was named.
      void sendLinks(req.body.username).catch((err: unknown) => req.log.error({ err }, 'password reset mail not sent'))
      return reply.status(202).send({ login_feedback: LOGIN_FEEDBACK.check_email })
    },
  )

  app.put(
    '/auth::forgot-password',
    { schema: { body: ResetPasswordBody, response: { 204: NoContent } }, config: { rateLimit: perAddress } },
    async (req, reply) => {
      const hash = await passwords.hash(req.body.password)
      if (!hash) throw new ApiError('rate_limited', { login_feedback: LOGIN_FEEDBACK.try_later })
      for (const tokenId of await resetPassword(store.db, req.body.token, hash)) bus.endSession(tokenId)
      return reply.status(204).send(null)
    },
  )
}
