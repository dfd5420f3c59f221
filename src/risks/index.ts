export { risksRoutes } from './routes'
export { HostRisks } from './HostRisks'
