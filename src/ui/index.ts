/** Browser widgets used by several features (DESIGN.md `src/ui`). */
export { ComingSoon, type ComingSoonProps } from './ComingSoon'
export { Modal, type ModalProps } from './Modal'
export { PlaceholderPage, useScreenKey, isScreenHandle, type PlaceholderPageProps, type ScreenHandle } from './PlaceholderPage'
export { parseTablePath, isTablePathSegment, type TablePath } from './table-path'
