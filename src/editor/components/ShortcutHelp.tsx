/**
 * The keyboard shortcuts of the editor, read from the action registry (STYLE.md "Actions": toolbar, keyboard
 * and shortcut help read the one ACTIONS list), so the list cannot drift from what the keys do.
 */
import { useTranslation } from 'react-i18next'
import { Modal } from '../../ui'
import { ACTIONS } from '../actions'
import { displayChord } from '../actions/keys'
import type { ActionGroup } from '../actions/types'

const GROUPS: ActionGroup[] = ['history', 'edit', 'arrange', 'align', 'move', 'view', 'tool']

export function ShortcutHelp({ onClose }: { onClose(): void }) {
  const { t } = useTranslation()
  return (
    <Modal title={t('editor.shortcuts.title')} onClose={onClose}>
      {GROUPS.map((group) => {
        const actions = ACTIONS.filter((a) => a.group === group && a.keys?.length)
        if (actions.length === 0) return null
        return (
          <table key={group} className="table table-sm small mb-3" aria-label={t(`editor.shortcuts.groups.${group}`)}>
            <caption className="caption-top fw-semibold">{t(`editor.shortcuts.groups.${group}`)}</caption>
            <tbody>
              {actions.map((a) => (
                <tr key={a.id}>
                  <th scope="row" className="fw-normal">
                    {t(a.label)}
                  </th>
                  <td>
                    {a.keys!.map((k) => (
                      <kbd key={k} className="me-1">
                        {displayChord(k)}
                      </kbd>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      })}
    </Modal>
  )
}
