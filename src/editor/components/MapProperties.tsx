/**
 * The map's own fields after creation (SPEC §3 Map: alias, description, tags, layout, use_hard_state), with
 * the SPEC §5 "Add map" rules and messages: name required and 2–50 allowed characters, layout required
 * ("select layout"). Saved with PUT maps/:id; the URL name does not change with the alias.
 */
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Tags, type MapInfo } from '../../shared/api/maps'
import { Modal, DescriptionField, FormButtons, HardStateCheckbox, LayoutSelect, NameInput, nameProblem } from '../../ui'
import { mapWrites, useMapWrite } from '../../viewer'

/** Tags are typed comma-separated; empty entries are dropped. */
export const parseTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)

export interface MapPropertiesProps {
  map: MapInfo
  onSaved(map: MapInfo): void
  onClose(): void
}

export function MapProperties({ map, onSaved, onClose }: MapPropertiesProps) {
  const { t } = useTranslation()
  const tagsId = useId()
  const [alias, setAlias] = useState(map.alias)
  const [description, setDescription] = useState(map.description)
  const [tags, setTags] = useState(map.tags.join(', '))
  const [layout, setLayout] = useState<number | null>(map.layout)
  const [useHardState, setUseHardState] = useState(map.use_hard_state)
  const [submitted, setSubmitted] = useState(false)
  const update = useMapWrite(mapWrites.update)

  const problems = { alias: nameProblem(alias), layout: layout === null, tags: !Tags.safeParse(parseTags(tags)).success }
  const invalid = problems.alias !== null || problems.layout || problems.tags

  function submit(e: FormEvent) {
    e.preventDefault()
    setSubmitted(true)
    if (invalid || update.isPending) return
    // A refusal is shown by the API client (SPEC §8); the form stays for another try.
    update.mutate(
      {
        id: map.id,
        body: {
          alias: alias.trim(),
          description: description.trim(),
          tags: parseTags(tags),
          layout: layout!,
          use_hard_state: useHardState,
        },
      },
      { onSuccess: onSaved },
    )
  }

  return (
    <Modal title={t('editor.properties.title')} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        {submitted && invalid && (
          <div className="alert alert-danger py-2" role="alert">
            {problems.layout ? t('maps.add.selectLayout') : t('maps.add.missing')}
          </div>
        )}
        <NameInput label={t('maps.add.alias')} value={alias} onChange={setAlias} problem={submitted ? problems.alias : null} autoFocus />
        <DescriptionField value={description} onChange={setDescription} />
        <div className="mb-3">
          <label className="form-label" htmlFor={tagsId}>
            {t('editor.properties.tags')}
          </label>
          <input
            id={tagsId}
            className={`form-control${submitted && problems.tags ? ' is-invalid' : ''}`}
            value={tags}
            onChange={(e) => setTags(e.target.value)}
            aria-describedby={`${tagsId}-hint`}
          />
          {submitted && problems.tags && <div className="invalid-feedback">{t('editor.properties.tagsInvalid')}</div>}
          <div id={`${tagsId}-hint`} className="form-text">
            {t('editor.properties.tagsHint')}
          </div>
        </div>
        <LayoutSelect value={layout} onChange={setLayout} error={submitted && problems.layout ? t('maps.add.selectLayout') : null} />
        <HardStateCheckbox checked={useHardState} onChange={setUseHardState} />
        <FormButtons submitLabel={t('editor.properties.submit')} busy={update.isPending} onCancel={onClose} />
      </form>
    </Modal>
  )
}
