/** The map document model, item kinds, connectors, roll-up and Yjs mirror (DESIGN.md "Maps"). */
export * from './items'
export * from './connector'
export * from './route'
export * from './document'
export * from './item-state'
export * from './rollup'
export * from './migrate'
