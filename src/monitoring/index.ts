export { monitoringRoutes } from './routes'
