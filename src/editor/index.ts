export { editorRoutes } from './routes'
