/** Fields shared by the kinds bound to a monitored object: SPEC §2 "state icons" and colours. */
import { StateIcon } from '../../shared/maps'
import { colourFields, labelField, type InspectorField } from './types'

export const stateIconField: InspectorField = {
  key: 'state_icon',
  label: 'editor.inspector.stateIcon',
  type: 'select',
  options: StateIcon.options,
  optionLabel: 'editor.inspector.stateIcons',
}
export const boundFields: InspectorField[] = [labelField, stateIconField, ...colourFields]
