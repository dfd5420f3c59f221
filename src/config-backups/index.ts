export { ResourceConfigBackups } from './ResourceConfigBackups'
