/**
 * Protected, issue 16: a signed-in user enrols an authenticator app (POST /users/current/totp, then
 * /users/current/totp/confirm with a first code, answering the backup codes once), registers hardware keys
 * (POST /users/current/webauthn/options, then /users/current/webauthn with the key's answer), turns push
 * approval on (POST /users/current/push), lists, renames and removes their own factors
 * (/users/current/second-factors), and decides their own logins waiting for push approval
 * (/users/current/push-approvals). An administrator resets a user's second factors
 * (DELETE /users/{id}/second-factors; the same rights as unlocking, store/login-failures.ts).
 */
import QRCode from 'qrcode'
import type { ZodApp, RouteDeps } from '../types'
import { BackupCodes, TotpCode, TotpEnrolment } from '../../../shared/api/auth'
import {
  FactorPatch,
  KeyOptions,
  KeyRegistrationBody,
  PushApprovalList,
  PushDecision,
  SecondFactorList,
  SecondFactorRow,
} from '../../../shared/api/second-factors'
import { IdParams } from '../../../shared/api/entities'
import { NoContent } from '../../../shared/api/list'
import { ApiError, LOGIN_FEEDBACK } from '../../../shared/errors'
import {
  beginTotp,
  confirmTotp,
  enablePush,
  listSecondFactors,
  removeSecondFactor,
  renameSecondFactor,
  resetSecondFactors,
} from '../../store/second-factors'
import { registerKey, registrationOptions } from '../../store/webauthn-keys'
import { decidePushApproval, pendingApprovals } from '../../store/push-approvals'
import { relyingParty } from '../../security/relying-party'
import { sessionPushProvider } from '../../integrations/push'

export async function secondFactorRoutes(app: ZodApp, { store, box, config, bus }: RouteDeps) {
  const ctx = { db: store.db, box }
  const push = sessionPushProvider(bus)

  app.post('/current/totp', { schema: { response: { 200: TotpEnrolment } } }, async (req) => {
    const { secret, uri } = await beginTotp(ctx, { id: req.scope.userId, username: req.scope.username })
    return { secret, uri, qr: await QRCode.toDataURL(uri) }
  })
  app.post('/current/totp/confirm', { schema: { body: TotpCode, response: { 200: BackupCodes } } }, async (req) => {
    const codes = await confirmTotp(ctx, req.scope, req.body.code)
    if (!codes) throw new ApiError('invalid_input', { field: 'code', login_feedback: LOGIN_FEEDBACK.mfa_failed })
    return { backup_codes: codes }
  })

  app.post('/current/webauthn/options', { schema: { response: { 200: KeyOptions } } }, async (req) =>
    registrationOptions({ ...ctx, rp: relyingParty(config, req) }, req.scope),
  )
  app.post('/current/webauthn', { schema: { body: KeyRegistrationBody, response: { 200: SecondFactorRow } } }, async (req) =>
    registerKey({ ...ctx, rp: relyingParty(config, req) }, req.scope, req.body),
  )
  app.post('/current/push', { schema: { response: { 200: SecondFactorRow } } }, async (req) => enablePush(ctx, req.scope))

  app.get('/current/second-factors', { schema: { response: { 200: SecondFactorList } } }, async (req) =>
    listSecondFactors(ctx, req.scope.userId),
  )
  app.put(
    '/current/second-factors/:id',
    { schema: { params: IdParams, body: FactorPatch, response: { 204: NoContent } } },
    async (req, reply) => {
      await renameSecondFactor(store.db, req.scope, req.params.id, req.body.name)
      return reply.status(204).send(null)
    },
  )
  app.delete('/current/second-factors/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await removeSecondFactor(store.db, req.scope, req.params.id)
    return reply.status(204).send(null)
  })

  app.get('/current/push-approvals', { schema: { response: { 200: PushApprovalList } } }, async (req) =>
    pendingApprovals(store.db, req.scope.userId),
  )
  app.post(
    '/current/push-approvals/:id',
    { schema: { params: IdParams, body: PushDecision, response: { 204: NoContent } } },
    async (req, reply) => {
      await decidePushApproval(store.db, push, req.scope, req.params.id, req.body.decision)
      return reply.status(204).send(null)
    },
  )

  app.delete('/:id/second-factors', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await resetSecondFactors(store.db, req.scope, req.params.id)
    return reply.status(204).send(null)
  })
}
