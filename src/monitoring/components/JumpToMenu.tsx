import { useTexts } from '../../ui'
import type { Jump } from '../links'
import { Dropdown } from './Dropdown'

export interface JumpToMenuProps {
  jumps: readonly Jump[]
  /** Called after an entry was chosen (e.g. to close the search modal). */
  onJump?(): void
}

/** SPEC §2 "jump-to dropdown (status, resources, timeline, graphs, assets)". */
export function JumpToMenu({ jumps, onJump }: JumpToMenuProps) {
  const t = useTexts()
  return (
    <Dropdown
      label={t('monitoring.jumpTo.label')}
      items={jumps.map(({ target, to }) => ({ key: target, label: t(`monitoring.jumpTo.${target}`), to, onSelect: onJump }))}
    />
  )
}
