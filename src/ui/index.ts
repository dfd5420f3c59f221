/** Browser widgets used by several features (DESIGN.md `src/ui`). */
export { Modal, type ModalProps } from './Modal'
export { parseTablePath, formatTablePath, isTablePathSegment, type TablePath } from './table-path'
export { mapPath, slideshowPath } from './map-links'
// Issue 4 widgets: table panel, filter panel, date-range picker, action panels, decorations.
export { ChipList, type Chip, type ChipListProps } from './ChipList'
export { TablePanel, type TablePanelProps } from './table/TablePanel'
export type { TableColumn, TableSelection } from './table/types'
export { RowLink, type RowLinkProps } from './table/RowLink'
export { nextSort, toOrderParam, fromOrderParam, type SortState } from './table/sort'
export { lastPage, stepPage, targetPage, pageNumbers, type PageStep } from './table/pagination'
export { toCsv, csvCell, downloadBlob, type CsvColumn, type CsvValue } from './table/csv'
export type { EmptyKind } from './table/empty'
export { FilterPanel, type FilterPanelProps, type SavedFiltersProps } from './filter/FilterPanel'
export { EnvironmentFilterFeedback, type EnvironmentFilterFeedbackProps } from './filter/EnvironmentFilterFeedback'
export { filterKeys, panelFilter, panelRules, type FilterTuple, type PanelNode, type PanelRule } from './filter/rules'
export type { FilterColumn } from './filter/values'
export {
  encodeFilter,
  readableFilter,
  decodeFilter,
  readFilterParam,
  withFilterParam,
  fitsInLink,
  type FilterNotice,
  type FilterParam,
  type DecodedFilter,
} from './filter/url'
export type { SavedFilterSummary, SaveFilterInput } from './filter/saved'
export { resolveFilter, type ResolvedFilter, type SavedFilterLoad } from './filter/resolve'
export { stateChips, extraChips, toggleQuickFilter, toggleExtraFilter, STATE_FIELD } from './filter/model'
export { DateRangePicker, type DateRangePickerProps } from './date/DateRangePicker'
export { MAINTENANCE_PRESETS, PAST_PRESETS, type DatePreset, type DateRange } from './date/presets'
export { formatDateTime, parseDateTime, toUnix, fromUnix } from './date/date-time'
export { AcknowledgePanel, type AcknowledgePanelProps } from './actions/AcknowledgePanel'
export { MaintenancePanel, type MaintenancePanelProps } from './actions/MaintenancePanel'
export { AcknowledgementsView, type AcknowledgementsViewProps, type AcknowledgementInfo } from './actions/AcknowledgementsView'
export { MaintenanceView, type MaintenanceViewProps, type MaintenanceInfo } from './actions/MaintenanceView'
export { CreateTicketPanel, type CreateTicketPanelProps } from './actions/CreateTicketPanel'
export { TicketView, type TicketViewProps } from './actions/TicketView'
export { TicketStatusBadge, type TicketStatusBadgeProps } from './actions/TicketStatusBadge'
export { CloseTicketPanel, type CloseTicketPanelProps } from './actions/CloseTicketPanel'
export type { ActionTarget } from './actions/target'
export type { AcknowledgePayload } from './actions/acknowledge-form'
export type { MaintenancePayload } from './actions/maintenance-form'
export type { TicketSubject, CreateTicketPayload, CloseTicketPayload } from './actions/ticket-form'
export { safeTicketUrl } from './actions/ticket-form'
export type { TicketInfo } from './actions/ticket-info'
export { StateBadge, type StateBadgeProps } from './decorations/StateBadge'
export { DecorationIcons, type DecorationIconsProps } from './decorations/DecorationIcons'
export { Icon } from './icons/Icon'
export { drawingsOf, type IconDrawing } from './icons/drawing'
export { HostTypeIcon } from './icons/HostTypeIcon'
export { AgeText, type AgeTextProps } from './decorations/AgeText'
export { ageText, ageSeconds } from './decorations/age'
export { RowActionButton, type RowActionButtonProps } from './decorations/RowActionButton'
export {
  handlingButton,
  maintenanceButton,
  type ActionButton,
  type Actionable,
  type HandlingAction,
  type MaintenanceAction,
} from './decorations/action-buttons'
export {
  decorationsOf,
  stateDecoration,
  handlingDecoration,
  isGreyed,
  decoratedRowClass,
  inMaintenance,
  hasTicket,
  type Decorated,
  type Decoration,
} from './decorations/decorations'
export {
  Graph,
  SeriesChart,
  seriesColor,
  thresholdValues,
  type ChartSeries,
  type GraphProps,
  type GraphPoint,
  type GraphSeries,
  type ReadoutPoints,
} from './graph'
export {
  Timeline,
  TimelinePanel,
  useTimelineUrlState,
  TIMELINE_FILTERS,
  type TimelineProps,
  type TimelineSource,
  type TimelinePanelProps,
  type TimelineFilter,
} from './timeline'
// Form fields the map and slideshow forms of the viewer and the editor share (SPEC §5 names).
export { NameInput, nameProblem, type NameInputProps, type NameProblem } from './form/NameInput'
export {
  writableEnvironments,
  EnvironmentSelect,
  LayoutSelect,
  DescriptionField,
  HardStateCheckbox,
  FormButtons,
  type WritableEnvironment,
} from './form/map-fields'
export { useLeaveGuard } from './use-leave-guard'
export { ObjectActionsContext, type ObjectActionsProps } from './object-actions'
export { useTexts } from './use-texts'
