import type { ReactNode } from 'react'

/** A column of figures in a report table: its header and cells right-aligned, the figures in even widths. */
export function NumberHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="text-end">
      {children}
    </th>
  )
}

export function NumberCell({ children }: { children: ReactNode }) {
  return <td className="text-end font-monospace">{children}</td>
}
