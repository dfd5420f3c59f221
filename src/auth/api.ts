/** Login call (server contract: POST /api/v1/auth/login {username, password} → {token, expires_at}). */
import { LoginResponse, type LoginBody } from '../shared/api/auth'
import { api } from '../app/api'
import { startSession } from '../app/guard'

export async function login(body: LoginBody): Promise<void> {
  // Login answers with SPEC §8 login feedback codes; the generic error handler (401 → login) must not run.
  const result = await api.request('auth/login', {
    method: 'POST',
    body,
    schema: LoginResponse,
    anonymous: true,
    errorHandlerEnabled: false,
  })
  startSession(result.token, result.expires_at)
}
