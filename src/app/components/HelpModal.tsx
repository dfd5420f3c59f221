import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../ui'
import { SHORTCUTS } from '../input/shortcuts'
import { useActiveShortcuts } from '../input/use-shortcuts'

export interface HelpModalProps {
  onClose(): void
}

function KeyLabel({ name }: { name: string }) {
  return <kbd>{name === 'escape' ? 'Esc' : name}</kbd>
}

/**
 * SPEC §2 "Help panel": the keyboard shortcuts, from the one registry the key handler uses. Those that only
 * some screens handle (search, paging, …) say so when the current screen does not.
 */
export function HelpModal({ onClose }: HelpModalProps) {
  const { t } = useTranslation()
  const active = useActiveShortcuts()
  return (
    <Modal title={t('app.help.title')} onClose={onClose} size="lg">
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col">{t('app.help.key')}</th>
            <th scope="col">{t('app.help.action')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.id}>
              <td>
                {shortcut.keys.map((seq, i) => (
                  <Fragment key={seq.join(' ')}>
                    {i > 0 && ' / '}
                    {seq.map((key, j) => (
                      <Fragment key={key}>
                        {j > 0 && ` ${t('app.help.then')} `}
                        <KeyLabel name={key} />
                      </Fragment>
                    ))}
                  </Fragment>
                ))}
              </td>
              <td>
                {t(`app.help.shortcuts.${shortcut.id}`)}
                {!active.has(shortcut.id) && shortcut.id !== 'closeMessages' && (
                  <span className="small text-body-secondary ms-2">{t('app.help.notHere')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="small text-body-secondary mb-0">{t('app.help.touch')}</p>
    </Modal>
  )
}
