/**
 * Items and connectors on Konva (the wall, slideshows and the editor): the shared drawing of each kind
 * (src/shared/maps/draw) painted by the Konva backend (konva-ops.tsx), the same operations the SVG export paints.
 */
export { ItemNode, ConnectorLine, type ConnectorProps } from './ItemNode'
export type { ItemProps, LiveState, ItemDecorations, Lod, ImageLookup } from './types'
