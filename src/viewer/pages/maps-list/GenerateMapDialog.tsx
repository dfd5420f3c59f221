import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Modal, EnvironmentSelect, FormButtons, LayoutSelect, type WritableEnvironment, NameInput, nameProblem } from '../../../ui'
import { DEFAULT_LAYOUT, type GenerateMap } from '../../../shared/api/maps'
import { findHost } from './api'
import { mapWrites, useMapWrite } from '../../api'
import { editorPath } from './AddMapDialog'

type SourceKind = GenerateMap['from']['kind']
const SOURCE_KINDS: SourceKind[] = ['environment', 'tag', 'host']

export interface GenerateMapDialogProps {
  /** Where the map may be added (maps_write). */
  environments: readonly WritableEnvironment[]
  /** Every environment the person may see: the hosts may come from any of them. */
  sources: readonly WritableEnvironment[]
  onClose(): void
}

/**
 * Issue 7 "New map from…": the hosts of an environment, of a tag, or a host and its children, laid out by
 * the server (layered for parent/child trees, a grid otherwise). On success the editor opens.
 */
export function GenerateMapDialog({ environments, sources, onClose }: GenerateMapDialogProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const ids = { tag: useId(), host: useId(), kind: useId() }
  const [alias, setAlias] = useState('')
  const [environmentId, setEnvironmentId] = useState<number | null>(environments.length === 1 ? environments[0].id : null)
  const [layout, setLayout] = useState<number | null>(DEFAULT_LAYOUT)
  const [kind, setKind] = useState<SourceKind>('environment')
  const [sourceEnvironment, setSourceEnvironment] = useState<number | null>(null)
  const [text, setText] = useState('')
  const [hostMissing, setHostMissing] = useState(false)
  const [submitted, setSubmitted] = useState(false)

  const sourceMissing = kind === 'environment' ? sourceEnvironment === null && environmentId === null : text.trim() === ''
  const problems = { alias: nameProblem(alias), environment: environmentId === null, layout: layout === null, source: sourceMissing }
  const invalid = Object.values(problems).some((p) => p)

  async function from(): Promise<GenerateMap['from'] | null> {
    if (kind === 'environment') return { kind, hostgroup_id: sourceEnvironment ?? environmentId! }
    if (kind === 'tag') return { kind, tag: text.trim() }
    const host = await findHost(text.trim())
    setHostMissing(host === null)
    return host && { kind, host_id: host.id }
  }

  // The host lookup is part of the write: the form waits for both.
  const generate = useMapWrite(async (body: Omit<GenerateMap, 'from'>) => {
    const source = await from()
    return source && mapWrites.generate({ ...body, from: source })
  })

  function submit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    if (invalid || generate.isPending) return
    // Failures are shown by the API client (SPEC §8); the form stays for another try.
    generate.mutate(
      { alias: alias.trim(), hostgroup_id: environmentId!, layout: layout! },
      {
        onSuccess: (map) => {
          if (!map) return
          onClose()
          void navigate(editorPath(map))
        },
      },
    )
  }

  const required = t('maps.add.required')
  return (
    <Modal title={t('maps.generate.title')} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        {submitted && invalid && (
          <div className="alert alert-danger py-2" role="alert">
            {problems.layout ? t('maps.add.selectLayout') : t('maps.add.missing')}
          </div>
        )}
        <NameInput label={t('maps.add.alias')} value={alias} onChange={setAlias} autoFocus problem={submitted ? problems.alias : null} />
        <EnvironmentSelect
          environments={environments}
          value={environmentId}
          onChange={setEnvironmentId}
          error={submitted && problems.environment ? required : null}
        />
        <LayoutSelect value={layout} onChange={setLayout} error={submitted && problems.layout ? t('maps.add.selectLayout') : null} />
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('maps.generate.source')}</legend>
          {SOURCE_KINDS.map((k) => (
            <div className="form-check" key={k}>
              <input
                className="form-check-input"
                type="radio"
                name={ids.kind}
                id={`${ids.kind}-${k}`}
                checked={kind === k}
                onChange={() => {
                  setKind(k)
                  setText('')
                  setHostMissing(false)
                }}
              />
              <label className="form-check-label" htmlFor={`${ids.kind}-${k}`}>
                {t(`maps.generate.sources.${k}`)}
              </label>
            </div>
          ))}
        </fieldset>
        {kind === 'environment' && (
          <EnvironmentSelect
            label={t('maps.generate.sourceEnvironment')}
            environments={sources}
            value={sourceEnvironment ?? environmentId}
            onChange={setSourceEnvironment}
            error={submitted && problems.source ? required : null}
          />
        )}
        {kind !== 'environment' && (
          <div className="mb-3">
            <label className="form-label" htmlFor={kind === 'tag' ? ids.tag : ids.host}>
              {t(kind === 'tag' ? 'maps.generate.tag' : 'maps.generate.host')}
            </label>
            <input
              id={kind === 'tag' ? ids.tag : ids.host}
              className={`form-control${(submitted && problems.source) || hostMissing ? ' is-invalid' : ''}`}
              maxLength={kind === 'tag' ? 100 : 255}
              value={text}
              onChange={(e) => {
                setText(e.target.value)
                setHostMissing(false)
              }}
            />
            {submitted && problems.source && <div className="invalid-feedback">{required}</div>}
            {hostMissing && <div className="invalid-feedback">{t('maps.generate.hostMissing')}</div>}
          </div>
        )}
        <FormButtons submitLabel={t('maps.generate.submit')} busy={generate.isPending} onCancel={onClose} />
      </form>
    </Modal>
  )
}
