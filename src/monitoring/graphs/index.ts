/** The monitoring graphs tabs (SPEC §2), loaded on demand by the route table. */
export { HostGraphsPage } from './HostGraphsPage'
export { ResourceGraphsPage } from './ResourceGraphsPage'
