/** The viewer's screen (issue 7): one lazy chunk with Konva and the map canvas. */
export { ViewerPage } from './ViewerPage'
