export { viewerRoutes } from './routes'
