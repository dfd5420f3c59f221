export { risksRoutes } from './routes'
