/**
 * SPEC §3 "Host option tags (category, description, optional device types)": the tags a host can carry, by category,
 * each with what it does, to tick instead of typing. Ticking adds the tag to the host's tags and unticking removes
 * it; other tags typed in the field stay as they are.
 */
import { useTranslation } from 'react-i18next'
import { checkSlug, NO_CHECK_PREFIX, optionTagCategories, STATUS_ALLOWANCE_TAGS, type OptionTagCategory } from '../../shared/host-tags'
import { HOST_TYPES, isHostType } from '../../shared/host-types'

export interface OptionTagPickerProps {
  hosttype: string
  tags: readonly string[]
  onChange(tags: string[]): void
}

export function OptionTagPicker({ hosttype, tags, onChange }: OptionTagPickerProps) {
  const { t } = useTranslation()
  const categories = optionTagCategories(hosttype)
  const checkNames = new Map(
    (isHostType(hosttype) ? HOST_TYPES[hosttype].checks({ hostname: '' }) : []).map((c) => [NO_CHECK_PREFIX + checkSlug(c.name), c.name]),
  )
  const describe = (tag: string) => {
    if (checkNames.has(tag)) return t('admin.hosts.tags.noCheck', { check: checkNames.get(tag) })
    if ((STATUS_ALLOWANCE_TAGS as readonly string[]).includes(tag)) return t('admin.hosts.tags.allowStatus', { status: tag })
    return t(`admin.hosts.tags.descriptions.${tag}`)
  }
  const toggle = (tag: string, on: boolean) => onChange(on ? [...tags, tag] : tags.filter((x) => x !== tag))
  return (
    <details className="mb-2">
      <summary className="form-label">{t('admin.hosts.tags.title')}</summary>
      {(Object.keys(categories) as OptionTagCategory[]).map((category) => (
        <fieldset key={category} className="mb-2">
          <legend className="fs-6 fw-semibold mb-1">{t(`admin.hosts.tags.categories.${category}`)}</legend>
          {categories[category].map((tag) => (
            <label key={tag} className="form-check small">
              <input
                type="checkbox"
                className="form-check-input"
                checked={tags.includes(tag)}
                onChange={(e) => toggle(tag, e.target.checked)}
              />
              <code>{tag}</code> <span className="text-body-secondary">{describe(tag)}</span>
            </label>
          ))}
        </fieldset>
      ))}
    </details>
  )
}
