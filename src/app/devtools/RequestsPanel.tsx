/** Developer tools (issue 19): this page's API requests with status, request id and timing, and the TanStack Query cache. */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { requestLog } from '../api'

export function RequestsPanel() {
  const { t } = useTranslation()
  const requests = useStore(requestLog, (s) => s.requests)
  const k = (key: string) => t(`shell.devTools.${key}`)
  return (
    <section aria-label={k('requests')} className="mb-4">
      <h2 className="h5">{k('requests')}</h2>
      <div className="table-responsive" style={{ maxHeight: '24rem' }}>
        <table className="table table-sm" aria-label={k('requests')}>
          <thead>
            <tr>
              <th>{k('started')}</th>
              <th>{k('method')}</th>
              <th>{k('path')}</th>
              <th>{k('result')}</th>
              <th>{k('requestId')}</th>
              <th className="text-end">{k('duration')}</th>
            </tr>
          </thead>
          <tbody>
            {[...requests].reverse().map((r) => (
              <tr key={`${r.startedAt}-${r.method}-${r.path}-${r.requestId}`}>
                <td>{new Date(r.startedAt).toLocaleTimeString()}</td>
                <td>{r.method}</td>
                <td>
                  <code>{r.path}</code>
                </td>
                <td>{r.status ?? '—'}</td>
                <td>
                  <code>{r.requestId ?? '—'}</code>
                </td>
                <td className="text-end">{r.ms}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

export function CachePanel() {
  const { t } = useTranslation()
  const cache = useQueryClient().getQueryCache()
  const [queries, setQueries] = useState(() => cache.getAll())
  useEffect(() => cache.subscribe(() => setQueries(cache.getAll())), [cache])
  const k = (key: string) => t(`shell.devTools.${key}`)
  return (
    <section aria-label={k('cache')} className="mb-4">
      <h2 className="h5">{k('cache')}</h2>
      <table className="table table-sm" aria-label={k('cache')}>
        <thead>
          <tr>
            <th>{k('key')}</th>
            <th>{k('state')}</th>
            <th>{k('updated')}</th>
            <th>{k('observers')}</th>
          </tr>
        </thead>
        <tbody>
          {queries.map((q) => (
            <tr key={q.queryHash}>
              <td>
                <code>{q.queryHash}</code>
              </td>
              <td>
                {q.state.status} · {k(q.isStale() ? 'stale' : 'fresh')}
              </td>
              <td>{q.state.dataUpdatedAt ? new Date(q.state.dataUpdatedAt).toLocaleTimeString() : '—'}</td>
              <td>{q.getObserversCount()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
