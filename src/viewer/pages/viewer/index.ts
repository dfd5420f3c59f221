/** The viewer's screens (issue 7): one lazy chunk with Konva and the map canvas. */
export { ViewerPage } from './ViewerPage'
export { MapTimelinePage } from './MapTimelinePage'
