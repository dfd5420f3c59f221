/**
 * SPEC §2 "version history (previous, next, latest, revert)": steps through the published versions, shown
 * read-only on the canvas, and reverts the draft to the one shown.
 */
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../ui'
import { versionsQuery } from '../../viewer'

export interface VersionHistoryProps {
  mapId: number
  /** The version shown, or null for the draft being edited. */
  viewing: number | null
  canRevert: boolean
  onView(version: number | null): void
  onRevert(version: number): void
}

export function VersionHistory({ mapId, viewing, canRevert, onView, onRevert }: VersionHistoryProps) {
  const { t } = useTranslation()
  const versions = useQuery(versionsQuery(mapId)).data?.result ?? []
  // Newest first: "previous" is older, "next" is newer.
  const at = viewing === null ? -1 : versions.findIndex((v) => v.version === viewing)
  const older = at === -1 ? versions[0] : versions[at + 1]
  const newer = at > 0 ? versions[at - 1] : undefined
  const shown = at >= 0 ? versions[at] : undefined
  return (
    <section className="border-bottom p-2 d-flex flex-wrap gap-2 align-items-center" aria-label={t('editor.history.title')}>
      <strong className="small">{t('editor.history.title')}</strong>
      {versions.length === 0 && <span className="small text-body-secondary">{t('editor.history.none')}</span>}
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
      {shown && (
        <>
          <span className="small" role="status">
            {t('editor.history.viewing', { version: shown.version, count: versions.length })}{' '}
            {t('editor.history.version', {
              version: shown.version,
              username: shown.username,
              time: formatDateTime(new Date(shown.created_time * 1000)),
            })}
          </span>
          {canRevert && (
            <button type="button" className="btn btn-sm btn-warning" onClick={() => onRevert(shown.version)}>
              {t('editor.history.revert')}
            </button>
          )}
        </>
      )}
    </section>
  )
}
