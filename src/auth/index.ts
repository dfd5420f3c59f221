export { authRoutes } from './routes'
