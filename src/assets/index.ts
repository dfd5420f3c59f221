export { assetsRoutes } from './routes'
