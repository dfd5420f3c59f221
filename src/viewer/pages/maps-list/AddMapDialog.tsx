import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import {
  Modal,
  NameInput,
  nameProblem,
  DescriptionField,
  EnvironmentSelect,
  FormButtons,
  HardStateCheckbox,
  LayoutSelect,
  type WritableEnvironment,
} from '../../../ui'
import { DEFAULT_LAYOUT } from '../../../shared/api/maps'
import { mapWrites, useMapWrite } from '../../api'

export interface AddMapDialogProps {
  /** Environments where the person holds maps_write (SPEC §6). */
  environments: readonly WritableEnvironment[]
  onClose(): void
}

/** The editor's address of a map (SPEC §2 "Current editor"). */
export const editorPath = (map: { hostgroup_name: string; name: string }) =>
  `/maps/${encodeURIComponent(map.hostgroup_name)}/${encodeURIComponent(map.name)}/edit`

/**
 * SPEC §5 Add map: name (alias), environment and layout required ("select layout"), layout logical by
 * default, optional description, use_hard_state off by default. On success the editor opens.
 */
export function AddMapDialog({ environments, onClose }: AddMapDialogProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [alias, setAlias] = useState('')
  const [environmentId, setEnvironmentId] = useState<number | null>(environments.length === 1 ? environments[0].id : null)
  const [layout, setLayout] = useState<number | null>(DEFAULT_LAYOUT)
  const [description, setDescription] = useState('')
  const [useHardState, setUseHardState] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const create = useMapWrite(mapWrites.create)

  const problems = { alias: nameProblem(alias), environment: environmentId === null, layout: layout === null }
  const invalid = problems.alias !== null || problems.environment || problems.layout

  function submit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    if (invalid || create.isPending) return
    // A refusal (e.g. map_already_exists) is shown by the API client (SPEC §8); the form stays for another try.
    create.mutate(
      {
        alias: alias.trim(),
        hostgroup_id: environmentId!,
        layout: layout!,
        description: description.trim(),
        use_hard_state: useHardState,
        tags: [],
      },
      {
        onSuccess: (map) => {
          onClose()
          void navigate(editorPath(map))
        },
      },
    )
  }

  return (
    <Modal title={t('maps.add.title')} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        {submitted && invalid && (
          <div className="alert alert-danger py-2" role="alert">
            {problems.layout ? t('maps.add.selectLayout') : t('maps.add.missing')}
          </div>
        )}
        <NameInput label={t('maps.add.alias')} value={alias} onChange={setAlias} problem={submitted ? problems.alias : null} autoFocus />
        <EnvironmentSelect
          environments={environments}
          value={environmentId}
          onChange={setEnvironmentId}
          error={submitted && problems.environment ? t('maps.add.required') : null}
        />
        <LayoutSelect value={layout} onChange={setLayout} error={submitted && problems.layout ? t('maps.add.selectLayout') : null} />
        <DescriptionField value={description} onChange={setDescription} />
        <HardStateCheckbox checked={useHardState} onChange={setUseHardState} />
        <FormButtons submitLabel={t('maps.add.submit')} busy={create.isPending} onCancel={onClose} />
      </form>
    </Modal>
  )
}
