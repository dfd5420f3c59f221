/** SPEC §9 business constants and limits. Units are in the names (seconds unless `_MS`). */

// Timing (SPEC §9 "Timing")
export const VERSION_CHECK_S = 120
export const TRACKER_SEND_S = 120
/** SPEC §9: the usage log is sent when it holds over 5 entries or 900 s after the last send, and stops after 2 errors. */
export const TRACKER_MIN_ENTRIES = 5
export const TRACKER_MAX_WAIT_S = 900
export const TRACKER_MAX_ERRORS = 2
export const EXPIRED_STORAGE_CLEANUP_S = 1800
export const SLOW_LOAD_NOTICE_S = 5
export const API_TIMEOUT_S = 10
export const CURRENT_USER_TIMEOUT_S = 10
export const CODE_CHUNK_TIMEOUT_S = 120
export const URL_TOKEN_TTL_S = 43200
export const MAP_LOCK_EXPIRY_S = 30 * 60
/** SPEC §9 "Delayed standby notifications 10 minutes" (host options delayed-notifications, standby). */
export const DELAYED_NOTIFICATION_S = 10 * 60
export const SEARCH_THROTTLE_MS = 300
export const RESIZE_DEBOUNCE_MS = 100
export const SHORTCUT_THROTTLE_MS = 1000
export const PREFERENCE_SAVE_THROTTLE_MS = 3000
export const TITLE_FLASH_MS = 1000

/** SPEC §9 auto-refresh seconds, unless a custom interval is stored. */
export const AUTO_REFRESH_S = {
  default: 30,
  map: 15,
  stats: 30,
  dashboard: 10,
  host_status: 30,
  timeline: 10,
  graphs: 60,
  resource: 60,
  problem_timeline: 30,
  report_timeline: 60,
  global_timeline: 10,
} as const

/** SPEC §9 "Message display": milliseconds a message stays; null = until closed. */
export const MESSAGE_DURATION_MS = {
  danger: null,
  warning: null,
  notice: null,
  success: 3000,
  info: 2000,
  action_info: 5000,
  default: 5000,
  connection: 60000,
  internal_error: 60000,
} as const

// Page and list limits (SPEC §9)
export const DEFAULT_PAGE_SIZE = 50
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100, 250] as const
export const PAGINATION_NUMBERS = 5
export const DEFAULT_SELECTOR_LIMIT = 9999
export const TIMELINE_EVENTS_LIMIT = 1000
export const CHILD_HOST_FETCH_LIMIT = 1500
export const FILTER_URL_MAX = 1500
export const ENVIRONMENT_FILTER_CHIPS_MAX = 2
export const AGE_HIGHLIGHT_S = 600

// Field limits (SPEC §9)
export const SEARCH_MIN = 2
export const SEARCH_MAX = 254
export const NAME_MIN = 2
export const NAME_MAX = 50
export const TOKEN_NAME_MIN = 3
export const TOKEN_EXPIRY_MAX_DAYS = 730
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024
export const PICTURE_MIN_WIDTH = 800
export const PICTURE_MIN_HEIGHT = 600

/** Largest page a list call returns (SPEC §9 default selector limit). */
export const LIST_LIMIT_MAX = DEFAULT_SELECTOR_LIMIT

/** The host a new installation adds (README "First start"); while it is the only one, the screens offer first steps (issue 15). */
export const FIRST_START_HOST = 'localhost'

/** SPEC §3 "Version record": the release. */
export const RELEASE = '3.9.1'

// Display (SPEC §9)
export const MOBILE_WIDTH_PX = 480
/** SPEC §9 touch: a swipe opens the menu when it starts within this of the left edge. */
export const SWIPE_OPEN_EDGE_PX = 100
/** SPEC §9 touch: a swipe closes the menu when it starts within this of the right edge. */
export const SWIPE_CLOSE_EDGE_PX = 150
/** SPEC §9 touch: the shortest horizontal swipe. */
export const SWIPE_MIN_PX = 80
/** SPEC §9 touch: pulling down further than this reloads. */
export const PULL_RELOAD_PX = 50

// Hosts (SPEC §5 "Cluster")
/** 'Max cluster size of 3 exceeded.' */
export const MAX_CLUSTER_SIZE = 3
/** 'Cluster too small, need at least 2 hosts to form a cluster.' */
export const MIN_CLUSTER_SIZE = 2
