/**
 * The second factors client (issue 16): the signed-in user's own factors (list, rename, remove), hardware key
 * registration through the browser's WebAuthn (@simplewebauthn/browser) and push approval on.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { api } from '../api/api'
import { KeyOptions, SecondFactorList, SecondFactorRow } from '../../shared/api/second-factors'

export const factorKeys = { all: ['second-factors'] as const }

export const useSecondFactors = () =>
  useQuery({
    queryKey: factorKeys.all,
    queryFn: ({ signal }) => api.request('users/current/second-factors', { schema: SecondFactorList, signal }),
  })

function useFactorMutation<V, R>(write: (vars: V) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: factorKeys.all }) })
}

/** Asks the server for a challenge, lets the key sign it (the browser's own prompt), and stores the key. */
export const useRegisterKey = () =>
  useFactorMutation(async ({ name, passwordless }: { name: string; passwordless: boolean }) => {
    const options = await api.request('users/current/webauthn/options', { method: 'POST', body: {}, schema: KeyOptions })
    const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON })
    return api.request('users/current/webauthn', { method: 'POST', body: { name, passwordless, response }, schema: SecondFactorRow })
  })
export const useEnablePush = () =>
  useFactorMutation(() => api.request('users/current/push', { method: 'POST', body: {}, schema: SecondFactorRow }))
export const useRenameFactor = () =>
  useFactorMutation(({ id, name }: { id: number; name: string }) =>
    api.request(`users/current/second-factors/${id}`, { method: 'PUT', body: { name } }),
  )
export const useRemoveFactor = () =>
  useFactorMutation((id: number) => api.request(`users/current/second-factors/${id}`, { method: 'DELETE' }))
