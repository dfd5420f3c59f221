import { useTexts } from '../use-texts'
import { Icon } from '../icons/Icon'
import type { IconName } from '../icons/icons'
import { decorationsOf, handlingDecoration, stateDecoration, type Decorated, type Decoration } from './decorations'

const ICONS: Record<Decoration, IconName> = {
  maintenance: 'tools',
  stale: 'stopwatch',
  flapping: 'arrowDownUp',
  acknowledgement: 'checkLg',
  ticket: 'ticket',
}

export interface DecorationIconsProps {
  item: Decorated
}

/**
 * SPEC §4 "Decorations": at most two icons (maintenance / stale / flapping, then ticket / acknowledged) and a
 * tooltip listing everything that applies; the list is also the accessible name.
 */
export function DecorationIcons({ item }: DecorationIconsProps) {
  const t = useTexts()
  const all = decorationsOf(item)
  if (all.length === 0) return null
  const shown = [stateDecoration(item), handlingDecoration(item)].filter((d): d is Decoration => d !== null)
  const tooltip = all.map((d) => t(`ui.decorations.${d}`)).join(', ')
  return (
    <span role="img" aria-label={tooltip} title={tooltip} className="ms-1 text-nowrap">
      {shown.map((d) => (
        <Icon key={d} name={ICONS[d]} className="me-1" />
      ))}
    </span>
  )
}
