/**
 * The editor's side of an item kind (STYLE.md "Item kinds": `src/editor/items/<kind>.ts` holds handles,
 * resize rules and inspector fields). Values the inspector offers come from the kind's schema.
 */
import type { Draft } from 'immer'
import type { MapItem } from '../../shared/maps'

export type FieldType = 'text' | 'textarea' | 'number' | 'select' | 'checkbox' | 'colour'

export interface InspectorField {
  /** The prop edited: a top-level key, or `style.<key>`. */
  key: string
  /** i18n key of its label. */
  label: string
  type: FieldType
  options?: readonly string[]
  /** i18n prefix of option names: `${optionLabel}.${option}`. */
  optionLabel?: string
  min?: number
  max?: number
}

/** An item's new place and size, as the resize handles or the inspector's geometry fields give it. */
export interface ItemBox {
  x: number
  y: number
  w: number
  h: number
  rotation: number
}

export interface EditorKindDef {
  /** Resizing keeps the aspect ratio (state icons would be distorted otherwise). */
  keepRatio: boolean
  fields: readonly InspectorField[]
  /**
   * Puts an item of this kind into `box` when its drawing is not just x/y/w/h (a line draws its points);
   * without it the box is copied onto the item.
   */
  resize?(item: Draft<MapItem>, box: ItemBox): void
}

export const labelField: InspectorField = { key: 'label', label: 'editor.inspector.label', type: 'text', max: 200 }
export const colourFields: InspectorField[] = [
  { key: 'style.fill', label: 'editor.inspector.fill', type: 'colour' },
  { key: 'style.stroke', label: 'editor.inspector.stroke', type: 'colour' },
  { key: 'style.text', label: 'editor.inspector.textColour', type: 'colour' },
]
