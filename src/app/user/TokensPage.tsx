import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApiTokens, useCreateApiToken, useRevokeToken } from './api'
import { ShownOnce, TokenForm } from './TokenForm'
import { WallTokens } from './WallTokens'
import { when } from './dates'
import { useCurrentUser } from '../api/current-user'

/** SPEC §2 /user/tokens (issue 16): the user's API tokens, and wall tokens for environment administrators. */
export function TokensPage() {
  const { t } = useTranslation()
  const user = useCurrentUser()
  const tokens = useApiTokens()
  const create = useCreateApiToken()
  const revoke = useRevokeToken('tokens')
  const [shown, setShown] = useState<string | null>(null)
  const administered = (user?.allowed_environments ?? []).filter((e) => e.allowed_actions.includes('hostgroup_write'))
  return (
    <div className="container-fluid py-3">
      <h1 className="h4">{t('user.tokens.title')}</h1>
      <p className="text-body-secondary">{t('user.tokens.intro')}</p>
      <TokenForm
        label={t('user.tokens.create')}
        pending={create.isPending}
        onCreate={(body) => create.mutate(body, { onSuccess: (r) => setShown(r.token) })}
      />
      {shown && <ShownOnce value={shown} />}
      <table className="table table-sm" aria-label={t('user.tokens.title')}>
        <thead>
          <tr>
            <th>{t('user.tokens.name')}</th>
            <th>{t('user.tokens.created')}</th>
            <th>{t('user.tokens.expires')}</th>
            <th>{t('user.tokens.lastUsed')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(tokens.data ?? []).map((row) => (
            <tr key={row.id}>
              <td>{row.name}</td>
              <td>{when(row.created, '')}</td>
              <td>{when(row.expires, '')}</td>
              <td>{when(row.last_used, t('user.tokens.never'))}</td>
              <td className="text-end">
                <button
                  type="button"
                  className="btn btn-sm btn-link text-danger"
                  onClick={() => window.confirm(t('user.tokens.revokeConfirm', { name: row.name })) && revoke.mutate(row.id)}
                >
                  {t('user.tokens.revoke')}
                </button>
              </td>
            </tr>
          ))}
          {tokens.data?.length === 0 && (
            <tr>
              <td colSpan={5} className="text-body-secondary">
                {t('user.tokens.none')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {administered.length > 0 && <WallTokens environments={administered} />}
    </div>
  )
}
