import { ICONS, type IconName } from './icons'
import './icon.css'

/**
 * A shipped icon drawn in the text colour (a CSS mask over `currentColor`), 1em square. Decorative: the
 * element around it carries the name (aria-label, title or text). `src` is the URL of an icon a feature ships
 * in its own chunk (the editor's toolbar) instead of a named one.
 */
export function Icon({ name, src, className }: { name?: IconName; src?: string; className?: string }) {
  const mask = `url("${src ?? ICONS[name!]}")`
  return (
    <span
      aria-hidden="true"
      data-icon={name}
      className={`vigil-icon${className ? ` ${className}` : ''}`}
      style={{ maskImage: mask, WebkitMaskImage: mask }}
    />
  )
}
