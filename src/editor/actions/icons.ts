/**
 * The toolbar's icons (issue 18: compact icon toolbars), Bootstrap Icons as URLs like src/ui/icons, but in the
 * editor's own chunk: the shell never loads them. Keyed by action id, or the
 * name of a button of the workbench.
 */
import alignBottom from 'bootstrap-icons/icons/align-bottom.svg?url'
import alignCenter from 'bootstrap-icons/icons/align-center.svg?url'
import alignEnd from 'bootstrap-icons/icons/align-end.svg?url'
import alignMiddle from 'bootstrap-icons/icons/align-middle.svg?url'
import alignStart from 'bootstrap-icons/icons/align-start.svg?url'
import alignTop from 'bootstrap-icons/icons/align-top.svg?url'
import arrowClockwise from 'bootstrap-icons/icons/arrow-clockwise.svg?url'
import arrowCounterclockwise from 'bootstrap-icons/icons/arrow-counterclockwise.svg?url'
import arrowsMove from 'bootstrap-icons/icons/arrows-move.svg?url'
import back from 'bootstrap-icons/icons/back.svg?url'
import bezier2 from 'bootstrap-icons/icons/bezier2.svg?url'
import clipboard from 'bootstrap-icons/icons/clipboard.svg?url'
import clockHistory from 'bootstrap-icons/icons/clock-history.svg?url'
import clipboardPlus from 'bootstrap-icons/icons/clipboard-plus.svg?url'
import copy from 'bootstrap-icons/icons/copy.svg?url'
import cursor from 'bootstrap-icons/icons/cursor.svg?url'
import distributeHorizontal from 'bootstrap-icons/icons/distribute-horizontal.svg?url'
import distributeVertical from 'bootstrap-icons/icons/distribute-vertical.svg?url'
import front from 'bootstrap-icons/icons/front.svg?url'
import fullscreen from 'bootstrap-icons/icons/fullscreen.svg?url'
import grid3x3 from 'bootstrap-icons/icons/grid-3x3.svg?url'
import keyboard from 'bootstrap-icons/icons/keyboard.svg?url'
import layerBackward from 'bootstrap-icons/icons/layer-backward.svg?url'
import layerForward from 'bootstrap-icons/icons/layer-forward.svg?url'
import link45deg from 'bootstrap-icons/icons/link-45deg.svg?url'
import layoutSidebar from 'bootstrap-icons/icons/layout-sidebar.svg?url'
import layoutSidebarReverse from 'bootstrap-icons/icons/layout-sidebar-reverse.svg?url'
import magnet from 'bootstrap-icons/icons/magnet.svg?url'
import scissors from 'bootstrap-icons/icons/scissors.svg?url'
import sliders from 'bootstrap-icons/icons/sliders.svg?url'
import trash from 'bootstrap-icons/icons/trash.svg?url'
import zoomIn from 'bootstrap-icons/icons/zoom-in.svg?url'
import zoomOut from 'bootstrap-icons/icons/zoom-out.svg?url'

export const TOOLBAR_ICONS: Record<string, string> = {
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
}
