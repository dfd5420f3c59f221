import type { IconDrawing } from './drawing'
import { ICONS, type IconName } from './icons'
import './icon.css'

/**
 * A shipped icon drawn inline in the text colour, 1em square. Decorative: the element around it carries the
 * name (aria-label, title or text). `drawing` is an icon a feature ships in its own chunk (the editor's
 * toolbar) instead of a named one.
 */
export function Icon({ name, drawing, className }: { name?: IconName; drawing?: IconDrawing; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      data-icon={name}
      className={`vigil-icon${className ? ` ${className}` : ''}`}
      viewBox="0 0 16 16"
      fill="currentColor"
    >
      {(drawing ?? ICONS[name!]).map((path, i) => (
        <path key={i} d={path.d} fillRule={path.evenOdd ? 'evenodd' : undefined} />
      ))}
    </svg>
  )
}
