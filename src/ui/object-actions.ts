import { createContext, type ComponentType } from 'react'

/** A host (no `resource`) or a resource, by the names of its SPEC §7 subject route. */
export interface ObjectActionsProps {
  host: string
  resource?: string
}

/**
 * Issue 18: the monitoring feature's acknowledge and maintenance actions for one object, handed to other features
 * (the map popover) by the app (src/app/shell/main.tsx), so that the viewer does not import monitoring, which
 * reaches the viewer through the dashboard. None: nothing is offered.
 */
export const ObjectActionsContext = createContext<ComponentType<ObjectActionsProps> | null>(null)
