import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from '../api/api'
import { filterOperations, operationsOf, type OperationView } from './openapi-view'

const METHOD_CLASS: Record<string, string> = {
  GET: 'bg-primary',
  POST: 'bg-success',
  PUT: 'bg-warning text-dark',
  PATCH: 'bg-warning text-dark',
  DELETE: 'bg-danger',
}

function Operation({ op }: { op: OperationView }) {
  const { t } = useTranslation()
  return (
    <details className="border-bottom py-2">
      <summary>
        <span className={`badge me-2 ${METHOD_CLASS[op.method] ?? 'bg-secondary'}`}>{op.method}</span>
        <code>{op.path}</code>
      </summary>
      <div className="ms-4 mt-2">
        {op.parameters.length > 0 && (
          <table className="table table-sm w-auto" aria-label={t('app.apiReference.parameters')}>
            <thead>
              <tr>
                <th>{t('app.apiReference.name')}</th>
                <th>{t('app.apiReference.in')}</th>
                <th>{t('app.apiReference.type')}</th>
                <th>{t('app.apiReference.required')}</th>
              </tr>
            </thead>
            <tbody>
              {op.parameters.map((p) => (
                <tr key={`${p.in}:${p.name}`}>
                  <td>
                    <code>{p.name}</code>
                  </td>
                  <td>{p.in}</td>
                  <td>{p.type}</td>
                  <td>{p.required ? '✓' : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {op.body !== null && (
          <>
            <h6>{t('app.apiReference.body')}</h6>
            <pre className="bg-body-tertiary p-2 small">{JSON.stringify(op.body, null, 2)}</pre>
          </>
        )}
        <p className="small text-body-secondary mb-0">
          {t('app.apiReference.responses')}: {op.responses.join(', ') || '—'} ·{' '}
          {op.secured ? t('app.apiReference.bearer') : t('app.apiReference.public')}
        </p>
      </div>
    </details>
  )
}

/** Issue 8: the API reference, rendered from /api/v1/openapi.json, so integrators never guess. */
export function ApiReference() {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const doc = useQuery({
    queryKey: ['openapi'],
    queryFn: () => api.request<Parameters<typeof operationsOf>[0]>('openapi.json'),
    staleTime: Infinity,
  })
  const ops = useMemo(() => (doc.data ? operationsOf(doc.data) : []), [doc.data])
  const shown = filterOperations(ops, query)
  return (
    <section aria-labelledby="api-reference-title">
      <h2 id="api-reference-title" className="h4">
        {t('app.apiReference.title')}
      </h2>
      <p className="text-body-secondary">
        {t('app.apiReference.intro')} <a href="/api/v1/openapi.json">openapi.json</a>
      </p>
      <input
        className="form-control mb-3"
        type="search"
        aria-label={t('app.apiReference.search')}
        placeholder={t('app.apiReference.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {doc.isPending && <p>{t('app.apiReference.loading')}</p>}
      {doc.isError && <p className="text-danger">{t('app.apiReference.failed')}</p>}
      <p className="small">{t('app.apiReference.count', { count: shown.length })}</p>
      {shown.map((op) => (
        <Operation key={`${op.method} ${op.path}`} op={op} />
      ))}
    </section>
  )
}
