export { reportsRoutes } from './routes'
