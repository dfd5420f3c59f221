import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useEnablePush, useRegisterKey, useRemoveFactor, useSecondFactors } from './security-api'
import { when } from './dates'

/**
 * Issue 16, the user's own second factors: the list with removal (audited), a hardware key registered with the
 * browser's WebAuthn prompt (named; passwordless if chosen), push approval on, the authenticator app's enrolment.
 */
export function SecurityPage() {
  const { t } = useTranslation()
  const factors = useSecondFactors()
  const register = useRegisterKey()
  const enablePush = useEnablePush()
  const remove = useRemoveFactor()
  const [name, setName] = useState('')
  const [passwordless, setPasswordless] = useState(false)
  const rows = factors.data ?? []
  const addKey = (event: FormEvent) => {
    event.preventDefault()
    register.mutate({ name: name.trim(), passwordless }, { onSuccess: () => setName('') })
  }
  const failure = register.error ?? enablePush.error ?? remove.error
  return (
    <div className="container-fluid py-3" style={{ maxWidth: '48rem' }}>
      <h1 className="h4">{t('user.security.title')}</h1>
      <p className="text-body-secondary">{t('user.security.intro')}</p>
      {failure && (
        <div className="alert alert-danger" role="alert">
          {t('user.security.failed')}
        </div>
      )}
      <table className="table table-sm" aria-label={t('user.security.factors')}>
        <thead>
          <tr>
            <th>{t('user.security.name')}</th>
            <th>{t('user.security.kind')}</th>
            <th>{t('user.security.added')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((f) => (
            <tr key={f.id}>
              <td>{f.name}</td>
              <td>
                {t(`user.security.methods.${f.method}`)}
                {f.passwordless && <span className="badge text-bg-secondary ms-2">{t('user.security.passwordless')}</span>}
              </td>
              <td>{when(f.created_time, '')}</td>
              <td className="text-end">
                <button
                  type="button"
                  className="btn btn-sm btn-link text-danger"
                  onClick={() => window.confirm(t('user.security.removeConfirm', { name: f.name })) && remove.mutate(f.id)}
                >
                  {t('user.security.remove')}
                </button>
              </td>
            </tr>
          ))}
          {!rows.length && factors.isSuccess && (
            <tr>
              <td colSpan={4}>{t('user.security.none')}</td>
            </tr>
          )}
        </tbody>
      </table>

      <h2 className="h5 mt-4">{t('user.security.addKey')}</h2>
      <form className="row g-2 align-items-end" onSubmit={addKey}>
        <div className="col-sm-6">
          <label htmlFor="key-name" className="form-label">
            {t('user.security.keyName')}
          </label>
          <input id="key-name" className="form-control" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="col-sm-6">
          <div className="form-check">
            <input
              id="key-passwordless"
              type="checkbox"
              className="form-check-input"
              checked={passwordless}
              onChange={(e) => setPasswordless(e.target.checked)}
            />
            <label htmlFor="key-passwordless" className="form-check-label">
              {t('user.security.usePasswordless')}
            </label>
          </div>
        </div>
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={register.isPending}>
            {t('user.security.registerKey')}
          </button>
        </div>
      </form>

      <h2 className="h5 mt-4">{t('user.security.otherMethods')}</h2>
      <p>
        {!rows.some((f) => f.method === 'push') && (
          <button
            type="button"
            className="btn btn-outline-primary me-2"
            disabled={enablePush.isPending}
            onClick={() => enablePush.mutate()}
          >
            {t('user.security.enablePush')}
          </button>
        )}
        {!rows.some((f) => f.method === 'totp') && (
          <Link className="btn btn-outline-primary" to="/login/enroll">
            {t('user.security.enrollTotp')}
          </Link>
        )}
      </p>
      <p className="small text-body-secondary">{t('user.security.pushHelp')}</p>
    </div>
  )
}
