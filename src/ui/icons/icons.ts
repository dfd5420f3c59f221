/**
 * Issue 17: the app's icons are Bootstrap Icons shipped with it, never emoji (NOC kiosks without an emoji font
 * show those as empty boxes). Each is imported on its own as a URL (small SVGs become data: URLs, which the CSP
 * allows as images), so a chunk carries only the icons it draws.
 */
import arrowDown from 'bootstrap-icons/icons/arrow-down.svg?url'
import arrowDownRight from 'bootstrap-icons/icons/arrow-down-right.svg?url'
import arrowDownUp from 'bootstrap-icons/icons/arrow-down-up.svg?url'
import arrowRight from 'bootstrap-icons/icons/arrow-right.svg?url'
import arrowUp from 'bootstrap-icons/icons/arrow-up.svg?url'
import arrowUpRight from 'bootstrap-icons/icons/arrow-up-right.svg?url'
import calendar from 'bootstrap-icons/icons/calendar3.svg?url'
import checkLg from 'bootstrap-icons/icons/check-lg.svg?url'
import cloud from 'bootstrap-icons/icons/cloud.svg?url'
import deviceHdd from 'bootstrap-icons/icons/device-hdd.svg?url'
import diagram from 'bootstrap-icons/icons/diagram-3.svg?url'
import globe from 'bootstrap-icons/icons/globe.svg?url'
import pcDisplay from 'bootstrap-icons/icons/pc-display.svg?url'
import printer from 'bootstrap-icons/icons/printer.svg?url'
import questionCircle from 'bootstrap-icons/icons/question-circle.svg?url'
import reception from 'bootstrap-icons/icons/reception-4.svg?url'
import shieldExclamation from 'bootstrap-icons/icons/shield-exclamation.svg?url'
import stopwatch from 'bootstrap-icons/icons/stopwatch.svg?url'
import terminal from 'bootstrap-icons/icons/terminal.svg?url'
import ticket from 'bootstrap-icons/icons/ticket-perforated.svg?url'
import tools from 'bootstrap-icons/icons/tools.svg?url'
import trash from 'bootstrap-icons/icons/trash.svg?url'
import windows from 'bootstrap-icons/icons/windows.svg?url'

export const ICONS = {
  arrowDown,
  arrowDownRight,
  arrowDownUp,
  arrowRight,
  arrowUp,
  arrowUpRight,
  calendar,
  checkLg,
  cloud,
  deviceHdd,
  diagram,
  globe,
  pcDisplay,
  printer,
  questionCircle,
  reception,
  shieldExclamation,
  stopwatch,
  terminal,
  ticket,
  tools,
  trash,
  windows,
}

export type IconName = keyof typeof ICONS
