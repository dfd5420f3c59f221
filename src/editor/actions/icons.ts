/**
 * The toolbar's icons (issue 18: compact icon toolbars), Bootstrap Icons drawn like src/ui/icons, but in the
 * editor's own chunk: the shell never loads them. Keyed by action id, or the
 * name of a button of the workbench.
 */
import { drawingsOf, type IconDrawing } from '../../ui'
import alignBottom from 'bootstrap-icons/icons/align-bottom.svg?raw'
import alignCenter from 'bootstrap-icons/icons/align-center.svg?raw'
import alignEnd from 'bootstrap-icons/icons/align-end.svg?raw'
import alignMiddle from 'bootstrap-icons/icons/align-middle.svg?raw'
import alignStart from 'bootstrap-icons/icons/align-start.svg?raw'
import alignTop from 'bootstrap-icons/icons/align-top.svg?raw'
import arrowClockwise from 'bootstrap-icons/icons/arrow-clockwise.svg?raw'
import arrowCounterclockwise from 'bootstrap-icons/icons/arrow-counterclockwise.svg?raw'
import arrowsMove from 'bootstrap-icons/icons/arrows-move.svg?raw'
import back from 'bootstrap-icons/icons/back.svg?raw'
import bezier2 from 'bootstrap-icons/icons/bezier2.svg?raw'
import clipboard from 'bootstrap-icons/icons/clipboard.svg?raw'
import clockHistory from 'bootstrap-icons/icons/clock-history.svg?raw'
import clipboardPlus from 'bootstrap-icons/icons/clipboard-plus.svg?raw'
import copy from 'bootstrap-icons/icons/copy.svg?raw'
import cursor from 'bootstrap-icons/icons/cursor.svg?raw'
import distributeHorizontal from 'bootstrap-icons/icons/distribute-horizontal.svg?raw'
import distributeVertical from 'bootstrap-icons/icons/distribute-vertical.svg?raw'
import front from 'bootstrap-icons/icons/front.svg?raw'
import fullscreen from 'bootstrap-icons/icons/fullscreen.svg?raw'
import grid3x3 from 'bootstrap-icons/icons/grid-3x3.svg?raw'
import keyboard from 'bootstrap-icons/icons/keyboard.svg?raw'
import layerBackward from 'bootstrap-icons/icons/layer-backward.svg?raw'
import layerForward from 'bootstrap-icons/icons/layer-forward.svg?raw'
import link45deg from 'bootstrap-icons/icons/link-45deg.svg?raw'
import layoutSidebar from 'bootstrap-icons/icons/layout-sidebar.svg?raw'
import layoutSidebarReverse from 'bootstrap-icons/icons/layout-sidebar-reverse.svg?raw'
import magnet from 'bootstrap-icons/icons/magnet.svg?raw'
import scissors from 'bootstrap-icons/icons/scissors.svg?raw'
import sliders from 'bootstrap-icons/icons/sliders.svg?raw'
import trash from 'bootstrap-icons/icons/trash.svg?raw'
import zoomIn from 'bootstrap-icons/icons/zoom-in.svg?raw'
import zoomOut from 'bootstrap-icons/icons/zoom-out.svg?raw'

export const TOOLBAR_ICONS: Record<string, IconDrawing> = drawingsOf({
  undo: arrowCounterclockwise,
  redo: arrowClockwise,
  'tool-select': cursor,
  'tool-connect': bezier2,
  'tool-pan': arrowsMove,
  delete: trash,
  duplicate: copy,
  'connect-selection': link45deg,
  copy: clipboard,
  cut: scissors,
  paste: clipboardPlus,
  'bring-forward': layerForward,
  'send-backward': layerBackward,
  'bring-to-front': front,
  'send-to-back': back,
  'align-left': alignStart,
  'align-center': alignCenter,
  'align-right': alignEnd,
  'align-top': alignTop,
  'align-middle': alignMiddle,
  'align-bottom': alignBottom,
  'distribute-horizontal': distributeHorizontal,
  'distribute-vertical': distributeVertical,
  'toggle-grid': grid3x3,
  'toggle-snap': magnet,
  'zoom-to-fit': fullscreen,
  'zoom-in': zoomIn,
  'zoom-out': zoomOut,
  shortcuts: keyboard,
  properties: sliders,
  history: clockHistory,
  palette: layoutSidebar,
  inspector: layoutSidebarReverse,
})
