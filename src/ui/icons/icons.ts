/**
 * Issue 17: the app's icons are Bootstrap Icons shipped with it, never emoji (NOC kiosks without an emoji font
 * show those as empty boxes). Each is imported on its own as text and read as its drawing (drawing.ts), so a
 * chunk carries only the icons it draws.
 */
import { drawingsOf } from './drawing'
import arrowDown from 'bootstrap-icons/icons/arrow-down.svg?raw'
import arrowDownRight from 'bootstrap-icons/icons/arrow-down-right.svg?raw'
import arrowDownUp from 'bootstrap-icons/icons/arrow-down-up.svg?raw'
import arrowRight from 'bootstrap-icons/icons/arrow-right.svg?raw'
import arrowUp from 'bootstrap-icons/icons/arrow-up.svg?raw'
import arrowUpRight from 'bootstrap-icons/icons/arrow-up-right.svg?raw'
import calendar from 'bootstrap-icons/icons/calendar3.svg?raw'
import checkLg from 'bootstrap-icons/icons/check-lg.svg?raw'
import cloud from 'bootstrap-icons/icons/cloud.svg?raw'
import deviceHdd from 'bootstrap-icons/icons/device-hdd.svg?raw'
import diagram from 'bootstrap-icons/icons/diagram-3.svg?raw'
import globe from 'bootstrap-icons/icons/globe.svg?raw'
import pcDisplay from 'bootstrap-icons/icons/pc-display.svg?raw'
import printer from 'bootstrap-icons/icons/printer.svg?raw'
import questionCircle from 'bootstrap-icons/icons/question-circle.svg?raw'
import reception from 'bootstrap-icons/icons/reception-4.svg?raw'
import shieldExclamation from 'bootstrap-icons/icons/shield-exclamation.svg?raw'
import stopwatch from 'bootstrap-icons/icons/stopwatch.svg?raw'
import terminal from 'bootstrap-icons/icons/terminal.svg?raw'
import ticket from 'bootstrap-icons/icons/ticket-perforated.svg?raw'
import tools from 'bootstrap-icons/icons/tools.svg?raw'
import trash from 'bootstrap-icons/icons/trash.svg?raw'
import windows from 'bootstrap-icons/icons/windows.svg?raw'

export const ICONS = drawingsOf({
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
})

export type IconName = keyof typeof ICONS
