import { ICONS, type IconName } from './icons'
import './icon.css'

/**
 * A shipped icon drawn in the text colour (a CSS mask over `currentColor`), 1em square. Decorative: the
 * element around it carries the name (aria-label, title or text).
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const mask = `url("${ICONS[name]}")`
  return (
    <span
      aria-hidden="true"
      data-icon={name}
      className={`vigil-icon${className ? ` ${className}` : ''}`}
      style={{ maskImage: mask, WebkitMaskImage: mask }}
    />
  )
}
