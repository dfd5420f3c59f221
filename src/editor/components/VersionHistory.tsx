/**
 * SPEC §2 "version history (previous, next, latest, revert)": the published versions with author, time and
 * comment; one shown read-only on the canvas, or two compared (the changes highlighted on the canvas and
 * counted); and a revert of the draft to one of them, confirmed first.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { formatDateTime, Modal } from '../../ui'
import { versionsQuery } from '../../viewer'
import { CHANGE_COLOURS } from '../canvas/DiffLayer'
import { CHANGE_KINDS, type ChangeKind } from '../model/version-diff'

/** What the canvas shows instead of the draft. */
export type HistoryView = { version: number } | { from: number; to: number | 'draft'; counts: Record<ChangeKind, number> }

export interface VersionHistoryProps {
  mapId: number
  /** What is shown, or null for the draft being edited. */
  viewing: HistoryView | null
  canRevert: boolean
  onView(version: number | null): void
  onCompare(from: number, to: number | 'draft'): void
  onRevert(version: number): Promise<void>
}

const when = (unix: number) => formatDateTime(new Date(unix * 1000))

export function VersionHistory({ mapId, viewing, canRevert, onView, onCompare, onRevert }: VersionHistoryProps) {
  const { t } = useTranslation()
  const versions = useQuery(versionsQuery(mapId)).data?.result ?? []
  const [confirming, setConfirming] = useState<number | null>(null)
  const [from, setFrom] = useState<number | null>(null)
  const [to, setTo] = useState<number | 'draft'>('draft')
  const shownVersion = viewing && 'version' in viewing ? viewing.version : null
  // Newest first: "previous" is older, "next" is newer.
  const at = shownVersion === null ? -1 : versions.findIndex((v) => v.version === shownVersion)
  const older = at === -1 ? versions[0] : versions[at + 1]
  const newer = at > 0 ? versions[at - 1] : undefined
  const compareFrom = from ?? versions[0]?.version ?? null
  const label = (v: number | 'draft') => (v === 'draft' ? t('editor.history.draft') : t('editor.history.number', { version: v }))

  return (
    <section className="border-bottom p-2 d-flex flex-column gap-2" aria-label={t('editor.history.title')}>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <strong className="small">{t('editor.history.title')}</strong>
        <div className="btn-group btn-group-sm">
          <button type="button" className="btn btn-outline-secondary" disabled={!older} onClick={() => older && onView(older.version)}>
            {t('editor.history.previous')}
          </button>
          <button type="button" className="btn btn-outline-secondary" disabled={!newer} onClick={() => newer && onView(newer.version)}>
            {t('editor.history.next')}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={versions.length === 0 || at === 0}
            onClick={() => onView(versions[0].version)}
          >
            {t('editor.history.latest')}
          </button>
          <button type="button" className="btn btn-outline-secondary" disabled={viewing === null} onClick={() => onView(null)}>
            {t('editor.history.draft')}
          </button>
        </div>
        {shownVersion !== null && (
          <span className="small" role="status">
            {t('editor.history.viewing', { version: shownVersion, count: versions.length })}
          </span>
        )}
      </div>
      {versions.length === 0 ? (
        <span className="small text-body-secondary">{t('editor.history.none')}</span>
      ) : (
        <>
          <div style={{ maxHeight: 160, overflowY: 'auto' }}>
            <table className="table table-sm small mb-0" aria-label={t('editor.history.list')}>
              <thead>
                <tr>
                  <th scope="col">{t('editor.history.columns.version')}</th>
                  <th scope="col">{t('editor.history.columns.author')}</th>
                  <th scope="col">{t('editor.history.columns.time')}</th>
                  <th scope="col">{t('editor.history.columns.comment')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('editor.history.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {versions.map((v) => (
                  <tr key={v.version} className={v.version === shownVersion ? 'table-active' : undefined}>
                    <td>
                      {label(v.version)} {v.is_live && <span className="badge text-bg-success">{t('editor.history.live')}</span>}
                    </td>
                    <td>{v.username}</td>
                    <td>{when(v.created_time)}</td>
                    <td>{v.comment}</td>
                    <td className="text-end text-nowrap">
                      <button type="button" className="btn btn-link btn-sm py-0" onClick={() => onView(v.version)}>
                        {t('editor.history.show', { version: v.version })}
                      </button>
                      {canRevert && (
                        <button
                          type="button"
                          className="btn btn-link btn-sm py-0 text-warning-emphasis"
                          onClick={() => setConfirming(v.version)}
                        >
                          {t('editor.history.revertTo', { version: v.version })}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <form
            className="d-flex flex-wrap gap-2 align-items-center small"
            onSubmit={(e) => {
              e.preventDefault()
              if (compareFrom !== null) onCompare(compareFrom, to)
            }}
          >
            <label className="d-flex gap-1 align-items-center">
              {t('editor.history.compare')}
              <select
                className="form-select form-select-sm w-auto"
                value={compareFrom ?? ''}
                onChange={(e) => setFrom(Number(e.target.value))}
              >
                {versions.map((v) => (
                  <option key={v.version} value={v.version}>
                    {label(v.version)}
                  </option>
                ))}
              </select>
            </label>
            <label className="d-flex gap-1 align-items-center">
              {t('editor.history.with')}
              <select
                className="form-select form-select-sm w-auto"
                value={to}
                onChange={(e) => setTo(e.target.value === 'draft' ? 'draft' : Number(e.target.value))}
              >
                <option value="draft">{label('draft')}</option>
                {versions.map((v) => (
                  <option key={v.version} value={v.version}>
                    {label(v.version)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn btn-sm btn-outline-primary">
              {t('editor.history.compareButton')}
            </button>
            {viewing && 'counts' in viewing && (
              <span role="status" aria-label={t('editor.history.summaryLabel')} className="d-flex gap-2 align-items-center">
                <span>
                  {`${t('editor.history.comparing', { from: label(viewing.from), to: label(viewing.to) })} ${CHANGE_KINDS.map((kind) =>
                    t(`editor.history.changes.${kind}`, { count: viewing.counts[kind] }),
                  ).join(', ')}`}
                </span>
                {CHANGE_KINDS.map((kind) => (
                  <span key={kind} className="d-inline-flex align-items-center gap-1">
                    <span style={{ width: 10, height: 10, border: `2px solid ${CHANGE_COLOURS[kind]}`, display: 'inline-block' }} />
                    {t(`editor.history.legend.${kind}`)}
                  </span>
                ))}
              </span>
            )}
          </form>
        </>
      )}
      {confirming !== null && (
        <Modal title={t('editor.history.confirmTitle')} onClose={() => setConfirming(null)} size="sm">
          <p>{t('editor.history.confirm', { version: confirming })}</p>
          <div className="d-flex justify-content-end gap-2">
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(null)}>
              {t('editor.history.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-warning"
              onClick={() => {
                const version = confirming
                setConfirming(null)
                void onRevert(version)
              }}
            >
              {t('editor.history.revert')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  )
}
