/**
 * The inspector (issue 6): the selected item's fields as its kind lists them (src/editor/items), its position
 * and size, a rack's slots, a connection's settings; with nothing selected, the map's settings. Each change is
 * checked against the kind's schema before it becomes one history entry.
 */
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import type { MapItem } from '../../shared/maps'
import { editorKindOf, type InspectorField } from '../items'
import type { Editor } from '../model/editor'
import { commitField } from './commit-field'
import { ConnectorForm } from './ConnectorForm'
import { FieldInput } from './FieldInput'
import { MapSettings } from './MapSettings'
import { RackSlots } from './RackSlots'

const GEOMETRY: InspectorField[] = (['x', 'y', 'w', 'h', 'rotation'] as const).map((key) => ({
  key,
  label: `editor.inspector.${key}`,
  type: 'number',
}))

const read = (item: MapItem, key: string): unknown =>
  key.startsWith('style.') ? (item.style as Record<string, unknown> | undefined)?.[key.slice(6)] : (item as Record<string, unknown>)[key]

export function Inspector({ editor, hostgroupId }: { editor: Editor; hostgroupId: number }) {
  const { t } = useTranslation()
  const doc = useStore(editor.store, (s) => s.doc)
  const selection = useStore(editor.store, (s) => s.selection)
  const readOnly = useStore(editor.store, (s) => s.readOnly)
  const items = [...selection].flatMap((id) => (doc.items[id] ? [doc.items[id]] : []))
  const connector = selection.size === 1 ? doc.connectors[[...selection][0]] : undefined

  let body
  if (connector) {
    body = <ConnectorForm key={connector.id} editor={editor} hostgroupId={hostgroupId} connector={connector} disabled={readOnly} />
  } else if (items.length === 1) {
    const item = items[0]
    const name = 'name' in item ? item.name : undefined
    body = (
      <fieldset disabled={readOnly}>
        <legend className="h6">{t(`editor.palette.kinds.${item.kind}`, { defaultValue: item.kind })}</legend>
        {name && <p className="small">{t('editor.inspector.boundTo', { name })}</p>}
        {[...editorKindOf(item).fields, ...GEOMETRY].map((field) => (
          <FieldInput
            key={`${item.id}-${field.key}`}
            field={field}
            value={read(item, field.key)}
            onCommit={(v) => commitField(editor, [item], field.key, v)}
          />
        ))}
        {item.kind === 'rack' && (
          <RackSlots
            key={`${item.id}-${JSON.stringify(item.slots)}-${item.units}`}
            editor={editor}
            hostgroupId={hostgroupId}
            rack={item}
            disabled={readOnly}
          />
        )}
      </fieldset>
    )
  } else if (items.length > 1) {
    const shared = editorKindOf(items[0]).fields.filter((f) => f.type === 'colour' || f.key === 'state_icon')
    body = (
      <fieldset disabled={readOnly}>
        <legend className="h6">{t('editor.inspector.several', { count: items.length })}</legend>
        {shared.map((field) => (
          <FieldInput
            key={field.key}
            field={field}
            value={read(items[0], field.key)}
            onCommit={(v) => commitField(editor, items, field.key, v)}
          />
        ))}
      </fieldset>
    )
  } else {
    body = (
      <>
        <p className="small text-body-secondary">{t('editor.inspector.nothing')}</p>
        <MapSettings editor={editor} hostgroupId={hostgroupId} disabled={readOnly} />
      </>
    )
  }
  return (
    <aside className="border-start p-2 overflow-auto flex-shrink-0" style={{ width: 280 }} aria-label={t('editor.inspector.title')}>
      {body}
    </aside>
  )
}
