import type { AnchorHTMLAttributes } from 'react'

export type RowLinkProps = { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>

/**
 * A link to an app route in a table row: a plain anchor to the hash route (DESIGN.md "hash routes"), which the
 * router follows when the browser moves to it (popstate); a new tab and copying the address work as with any
 * link. react-router's Link runs its hooks for every link, and a live table page renders over a hundred of them
 * at each background refresh: they were a sixth of the alerts page's script time (issue 17 alerts-page).
 */
export function RowLink({ to, ...rest }: RowLinkProps) {
  return <a href={`#${to}`} {...rest} />
}
