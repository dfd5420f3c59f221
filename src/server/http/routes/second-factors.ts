/**
 * Protected, issue 16: a signed-in user enrols an authenticator app (POST /users/current/totp, then
 * /users/current/totp/confirm with a first code, answering the backup codes once); an administrator resets a
 * user's second factors (DELETE /users/{id}/second-factors; the same rights as unlocking, store/login-failures.ts).
 */
import QRCode from 'qrcode'
import type { ZodApp, RouteDeps } from '../types'
import { BackupCodes, TotpCode, TotpEnrolment } from '../../../shared/api/auth'
import { IdParams } from '../../../shared/api/entities'
import { NoContent } from '../../../shared/api/list'
import { ApiError, LOGIN_FEEDBACK } from '../../../shared/errors'
import { beginTotp, confirmTotp, resetSecondFactors } from '../../store/second-factors'

export async function secondFactorRoutes(app: ZodApp, { store, box }: RouteDeps) {
  const ctx = { db: store.db, box }

  app.post('/current/totp', { schema: { response: { 200: TotpEnrolment } } }, async (req) => {
    const { secret, uri } = await beginTotp(ctx, { id: req.scope.userId, username: req.scope.username })
    return { secret, uri, qr: await QRCode.toDataURL(uri) }
  })
  app.post('/current/totp/confirm', { schema: { body: TotpCode, response: { 200: BackupCodes } } }, async (req) => {
    const codes = await confirmTotp(ctx, req.scope, req.body.code)
    if (!codes) throw new ApiError('invalid_input', { field: 'code', login_feedback: LOGIN_FEEDBACK.mfa_failed })
    return { backup_codes: codes }
  })
  app.delete('/:id/second-factors', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await resetSecondFactors(store.db, req.scope, req.params.id)
    return reply.status(204).send(null)
  })
}
