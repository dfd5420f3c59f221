import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import notes from '../../../release-notes.json'
import { versionQuery } from '../version/version-client'

/** SPEC §2 /versions (SPEC §1 versions module, its own chunk): the running build and release, maintenance, and release notes. */
export function VersionsPage() {
  const { t } = useTranslation()
  const { data: version, isPending } = useQuery(versionQuery)
  return (
    <div className="container-fluid py-3">
      <h1 className="h4">{t('app.screens.versions')}</h1>
      <section aria-labelledby="running-version" className="mb-4">
        <h2 id="running-version" className="h5">
          {t('shell.versions.running')}
        </h2>
        {!isPending && !version && <p className="text-danger">{t('shell.versions.unknown')}</p>}
        {version && (
          <dl className="row mb-2">
            <dt className="col-sm-2">{t('shell.versions.release')}</dt>
            <dd className="col-sm-10" data-testid="release">
              {version.release}
            </dd>
            <dt className="col-sm-2">{t('shell.versions.build')}</dt>
            <dd className="col-sm-10">
              <code data-testid="build">{version.build}</code>
            </dd>
            <dt className="col-sm-2">{t('shell.versions.maintenance')}</dt>
            <dd className="col-sm-10" data-testid="maintenance">
              {version.maintenance
                ? t('shell.versions.inMaintenance', { message: version.maintenance_message })
                : t('shell.versions.notInMaintenance')}
            </dd>
          </dl>
        )}
      </section>
      <section aria-labelledby="release-notes">
        <h2 id="release-notes" className="h5">
          {t('shell.versions.notes')}
        </h2>
        {notes.map((entry) => (
          <article key={entry.release} className="mb-3" aria-label={entry.release}>
            <h3 className="h6">
              {entry.release} <small className="text-body-secondary">{entry.date}</small>{' '}
              {entry.release === version?.release && <span className="badge text-bg-success">{t('shell.versions.current')}</span>}
            </h3>
            <ul>
              {entry.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </article>
        ))}
      </section>
    </div>
  )
}
