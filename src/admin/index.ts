export { adminRoutes } from './routes'
