import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useDropzone } from 'react-dropzone'
import { useCurrentUser } from '../../app/api'
import { HOST_IMPORT_COLUMNS, HOST_IMPORT_MAX_ROWS, type HostImportOut } from '../../shared/api/host-import'
import { FormError } from '../components/FormError'
import { useHostImport, useOrganizationEnvironments } from './api'
import { downloadHostImportTemplate } from './import-template'
import { ImportRows } from './ImportRows'

/**
 * Issue 15 /admin/{organization}/hosts/import: a CSV file (chosen, dropped or pasted) is previewed row by row
 * with its SPEC §8 errors, then "Import N hosts" creates the valid rows and shows what became of each.
 */
export function HostImportPage() {
  const { t } = useTranslation()
  const organization = useParams().organization ?? ''
  const user = useCurrentUser()
  const pasteId = useId()
  const environmentId = useId()
  // SPEC §6 host_write: only environments where the person may add hosts.
  const writable = new Set((user?.allowed_environments ?? []).filter((e) => e.allowed_actions.includes('host_write')).map((e) => e.id))
  const environments = (useOrganizationEnvironments(organization).data?.result ?? []).filter((e) => writable.has(e.id))
  const [chosenEnvironment, setEnvironment] = useState<number | null>(null)
  const environment = chosenEnvironment ?? environments[0]?.id ?? null
  const [text, setText] = useState('')
  const [fileName, setFileName] = useState<string | null>(null)
  const preview = useHostImport()
  const commit = useHostImport()
  const hostsPath = `/admin/${encodeURIComponent(organization)}/hosts`

  const change = (next: string, name: string | null) => {
    setText(next)
    setFileName(name)
    preview.reset()
    commit.reset()
  }
  const dropzone = useDropzone({
    multiple: false,
    onDrop: ([file]) => void file?.text().then((content) => change(content, file.name)),
  })
  const send = (dryRun: boolean) =>
    environment !== null && (dryRun ? preview : commit).mutate({ hostgroup_id: environment, csv: text, dry_run: dryRun })
  const shown: HostImportOut | undefined = commit.data ?? preview.data

  return (
    <div className="container-fluid py-3">
      <h1 className="h4">{t('admin.hosts.import.title', { organization })}</h1>
      <p>
        <Link to={hostsPath}>{t('admin.hosts.import.back')}</Link>
      </p>
      <p>{t('admin.hosts.import.intro', { max: HOST_IMPORT_MAX_ROWS })}</p>
      <p className="small">
        {t('admin.hosts.import.columns')} <code>{HOST_IMPORT_COLUMNS.join(', ')}</code>
      </p>
      <button type="button" className="btn btn-sm btn-outline-secondary mb-3" onClick={downloadHostImportTemplate}>
        {t('admin.hosts.import.template')}
      </button>
      <div className="mb-3">
        <label htmlFor={environmentId} className="form-label">
          {t('admin.hosts.import.environment')}
        </label>
        <select
          id={environmentId}
          className="form-select"
          value={environment ?? ''}
          onChange={(e) => {
            setEnvironment(Number(e.target.value))
            preview.reset()
          }}
        >
          {environments.map((e) => (
            <option key={e.id} value={e.id}>
              {e.alias}
            </option>
          ))}
        </select>
      </div>
      <div
        {...dropzone.getRootProps({
          className: `border border-2 rounded p-3 mb-2 text-center${dropzone.isDragActive ? ' border-primary' : ''}`,
        })}
      >
        <input {...dropzone.getInputProps({ 'aria-label': t('admin.hosts.import.file') })} />
        <span className="text-body-secondary">
          {fileName ? t('admin.hosts.import.chosen', { name: fileName }) : t('admin.hosts.import.drop')}
        </span>
      </div>
      <div className="mb-3">
        <label htmlFor={pasteId} className="form-label">
          {t('admin.hosts.import.paste')}
        </label>
        <textarea
          id={pasteId}
          className="form-control font-monospace"
          rows={6}
          value={text}
          onChange={(e) => change(e.target.value, null)}
        />
      </div>
      <FormError error={preview.error ?? commit.error} />
      <div className="d-flex gap-2 mb-3">
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={!text.trim() || environment === null || preview.isPending}
          onClick={() => send(true)}
        >
          {t('admin.hosts.import.preview')}
        </button>
        {preview.data && !commit.data && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={preview.data.ok === 0 || commit.isPending}
            onClick={() => send(false)}
          >
            {t('admin.hosts.import.submit', { count: preview.data.ok })}
          </button>
        )}
      </div>
      {shown && (
        <>
          <p role="status">
            {shown.dry_run
              ? t('admin.hosts.import.previewed', { ok: shown.ok, failed: shown.failed })
              : t('admin.hosts.import.done', { ok: shown.ok, failed: shown.failed })}
          </p>
          {!shown.dry_run && (
            <p>
              <Link to={hostsPath}>{t('admin.hosts.import.showHosts')}</Link>
            </p>
          )}
          <ImportRows rows={shown.rows} />
        </>
      )}
    </div>
  )
}
