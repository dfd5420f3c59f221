import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { downloadBlob, formatDateTime } from '../ui'
import { isApiFailure, translatedErrorText } from '../app/api'
import type { ConfigBackupVersion } from '../shared/api/config-backups'
import { useConfigBackup, useConfigBackups } from './api'
import { ConfigDiff } from './ConfigDiff'

export interface ConfigBackupsPanelProps {
  resourceId: number
  hostName: string
  /** the resource's last output: why there is no version yet, or how the last run went */
  output: string
  /** the resource's last check (live from the feed): a run may have stored a new version */
  lastCheck: number | null
}

const at = (unix: number) => formatDateTime(new Date(unix * 1000))

/** `?version=` and `?compare=` of the tab's address, so a comparison can be shared as a link. */
function useSelection(versions: ConfigBackupVersion[]) {
  const [params, setParams] = useSearchParams()
  const wanted = Number(params.get('version'))
  const version = versions.find((v) => v.version === wanted) ?? versions[0]
  const compare = versions.find((v) => v.version === Number(params.get('compare')) && v !== version) ?? null
  const select = (next: number, against: number | null) =>
    setParams(against === null ? { version: String(next) } : { version: String(next), compare: String(against) }, { replace: true })
  return { version, compare, select }
}

/**
 * SPEC §2 …/Config Backups/configs: the versions of a device's configuration, newest first, one version's text or
 * the changes between two (a unified diff with three lines of context, as RANCID and Oxidized mail them).
 */
export function ConfigBackupsPanel({ resourceId, hostName, output, lastCheck }: ConfigBackupsPanelProps) {
  const { t, i18n } = useTranslation()
  const list = useConfigBackups(resourceId, lastCheck)
  const versions = list.data?.result ?? []
  const { version, compare, select } = useSelection(versions)
  const shown = useConfigBackup(resourceId, version?.version ?? null)
  const older = useConfigBackup(resourceId, compare?.version ?? null)
  const failure = shown.error ?? older.error
  const unreadable = !failure
    ? null
    : isApiFailure(failure) && failure.errorBody?.key === 'unauthorized'
      ? t('configBackups.noRight')
      : (isApiFailure(failure) && translatedErrorText(failure, i18n)) || failure.message
  if (list.isPending) return <p className="text-body-secondary">{t('app.loading')}</p>
  return (
    <section aria-label={t('configBackups.title')}>
      <h2 className="h5">{t('configBackups.title')}</h2>
      {output && <p className="small text-body-secondary">{t('configBackups.lastRun', { output })}</p>}
      {!version ? (
        <p>{t('configBackups.empty')}</p>
      ) : (
        <>
          <table className="table table-sm w-auto" aria-label={t('configBackups.versions')}>
            <thead>
              <tr>
                <th scope="col">{t('configBackups.columns.version')}</th>
                <th scope="col">{t('configBackups.columns.created')}</th>
                <th scope="col">{t('configBackups.columns.checked')}</th>
                <th scope="col" className="text-end">
                  {t('configBackups.columns.lines')}
                </th>
                <th scope="col" className="text-end">
                  {t('configBackups.columns.size')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('configBackups.changes')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v, i) => {
                const previous = versions[i + 1]
                return (
                  <tr key={v.version} className={v === version ? 'table-active' : undefined}>
                    <td>
                      <button type="button" className="btn btn-link btn-sm p-0" onClick={() => select(v.version, null)}>
                        <span aria-hidden>{v.version}</span>
                        <span className="visually-hidden">{t('configBackups.view', { version: v.version })}</span>
                      </button>
                    </td>
                    <td>{at(v.created_time)}</td>
                    <td>{at(v.checked_time)}</td>
                    <td className="text-end">{v.lines}</td>
                    <td className="text-end">{t('configBackups.bytes', { count: v.size })}</td>
                    <td>
                      {previous && (
                        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => select(v.version, previous.version)}>
                          {t('configBackups.changes')}
                          <span className="visually-hidden">
                            {' '}
                            {t('configBackups.compareWithPrevious', { version: v.version, previous: previous.version })}
                          </span>
                        </button>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <label className="form-label mb-0" htmlFor="config-compare">
              {t('configBackups.compareWith')}
            </label>
            <select
              id="config-compare"
              className="form-select form-select-sm w-auto"
              value={compare?.version ?? ''}
              onChange={(e) => select(version.version, e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t('configBackups.noComparison')}</option>
              {versions
                .filter((v) => v !== version)
                .map((v) => (
                  <option key={v.version} value={v.version}>
                    {t('configBackups.versionOption', { version: v.version })}
                  </option>
                ))}
            </select>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={!shown.data}
              onClick={() => downloadBlob(new Blob([shown.data!.content], { type: 'text/plain' }), `${hostName}-v${version.version}.cfg`)}
            >
              {t('configBackups.download')}
            </button>
          </div>
          {unreadable ? (
            <p role="alert">{unreadable}</p>
          ) : compare ? (
            shown.data &&
            older.data && <ConfigDiff from={compare.version} to={version.version} older={older.data.content} newer={shown.data.content} />
          ) : (
            <>
              <p className="small mb-1">{t('configBackups.showing', { version: version.version, time: at(version.created_time) })}</p>
              <pre
                className="border rounded p-2 small"
                aria-label={t('configBackups.configuration', { host: hostName, version: version.version })}
              >
                {shown.data?.content}
              </pre>
            </>
          )}
        </>
      )}
    </section>
  )
}
