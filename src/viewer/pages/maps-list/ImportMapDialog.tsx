import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useDropzone } from 'react-dropzone'
import { Modal, EnvironmentSelect, FormButtons, type WritableEnvironment, NameInput, nameProblem } from '../../../ui'
import { isApiFailure, translatedErrorText } from '../../../app/api'
import { IMPORT_FORMATS, type MapImportResult } from '../../../shared/api/maps'
import { mapWrites, useMapWrite } from '../../api'
import { guessFormat, type ImportFormat } from './import-format'
import { editorPath } from './AddMapDialog'

export interface ImportMapDialogProps {
  /** Where the map may be added (SPEC §6 maps_write). */
  environments: readonly WritableEnvironment[]
  onClose(): void
}

/**
 * Issue 6 "Import": a draw.io or NagVis file becomes a new draft map. The file is read in the browser and
 * sent as text; afterwards the dialog says what could not be converted (SPEC §8 "Unsupported item types
 * for conversion") and which names matched no host, and offers the editor on the new map.
 */
export function ImportMapDialog({ environments, onClose }: ImportMapDialogProps) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const formatId = useId()
  const [alias, setAlias] = useState('')
  const [environmentId, setEnvironmentId] = useState<number | null>(environments.length === 1 ? environments[0].id : null)
  const [format, setFormat] = useState<ImportFormat>('drawio')
  const [file, setFile] = useState<File | null>(null)
  const [submitted, setSubmitted] = useState(false)
  const importing = useMapWrite(mapWrites.import)
  // The SPEC §8 text of a refusal stays in the dialog beside the file it is about.
  const serverError = isApiFailure(importing.error) ? (translatedErrorText(importing.error, i18n) ?? null) : null
  const result = importing.data

  const dropzone = useDropzone({
    multiple: false,
    onDrop: ([chosen]) => {
      if (!chosen) return
      setFile(chosen)
      importing.reset()
      const guessed = guessFormat(chosen.name)
      if (guessed) setFormat(guessed)
    },
  })

  const problems = { alias: nameProblem(alias), environment: environmentId === null, file: file === null }
  const invalid = problems.alias !== null || problems.environment || problems.file

  function submit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    if (invalid || importing.isPending) return
    importing.mutate({ query: { hostgroup_id: environmentId!, format, alias: alias.trim() }, file: file! })
  }

  if (result)
    return (
      <ImportSummary
        result={result}
        onClose={onClose}
        onOpen={() => {
          onClose()
          void navigate(editorPath(result.map))
        }}
      />
    )

  const required = t('maps.add.required')
  return (
    <Modal title={t('maps.import.title')} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        {submitted && invalid && (
          <div className="alert alert-danger py-2" role="alert">
            {t('maps.add.missing')}
          </div>
        )}
        {serverError && (
          <div className="alert alert-danger py-2" role="alert">
            {serverError}
          </div>
        )}
        <NameInput label={t('maps.add.alias')} value={alias} onChange={setAlias} autoFocus problem={submitted ? problems.alias : null} />
        <EnvironmentSelect
          environments={environments}
          value={environmentId}
          onChange={setEnvironmentId}
          error={submitted && problems.environment ? required : null}
        />
        <div className="mb-3">
          <label className="form-label" htmlFor={formatId}>
            {t('maps.import.format')}
          </label>
          <select id={formatId} className="form-select" value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)}>
            {IMPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`maps.import.formats.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="mb-3">
          <div
            {...dropzone.getRootProps({
              className: `border border-2 rounded p-3 text-center${dropzone.isDragActive ? ' border-primary' : ''}${submitted && problems.file ? ' border-danger' : ''}`,
            })}
          >
            <input {...dropzone.getInputProps({ 'aria-label': t('maps.import.file') })} />
            {file ? (
              <span>{t('maps.import.chosen', { name: file.name })}</span>
            ) : (
              <span className="text-body-secondary">{t('maps.import.drop')}</span>
            )}
          </div>
          {submitted && problems.file && <div className="text-danger small mt-1">{required}</div>}
        </div>
        <FormButtons submitLabel={t('maps.import.submit')} busy={importing.isPending} onCancel={onClose} />
      </form>
    </Modal>
  )
}

interface ImportSummaryProps {
  result: MapImportResult
  onClose(): void
  onOpen(): void
}

/** What the import did: the new map, the SPEC §8 unsupported types with counts, and the unmatched names. */
function ImportSummary({ result, onClose, onOpen }: ImportSummaryProps) {
  const { t } = useTranslation()
  return (
    <Modal title={t('maps.import.doneTitle')} onClose={onClose}>
      <p role="status">{t('maps.import.done', { alias: result.map.alias })}</p>
      {result.unsupported.length > 0 && (
        <div className="alert alert-warning py-2">
          <div className="fw-semibold">{t('maps.import.unsupported')}</div>
          <ul className="mb-0">
            {result.unsupported.map((u) => (
              <li key={u.type}>{t('maps.import.unsupportedType', { type: u.type, count: u.count })}</li>
            ))}
          </ul>
        </div>
      )}
      {result.unmatched.length > 0 && (
        <div className="alert alert-info py-2">
          <div className="fw-semibold">{t('maps.import.unmatched')}</div>
          <ul className="mb-0">
            {result.unmatched.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      )}
      {result.missing_pictures.length > 0 && (
        <div className="alert alert-info py-2">
          <div className="fw-semibold">{t('maps.import.missingPictures')}</div>
          <ul className="mb-0">
            {result.missing_pictures.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="d-flex justify-content-end gap-2">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('maps.import.close')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onOpen}>
          {t('maps.import.open')}
        </button>
      </div>
    </Modal>
  )
}
