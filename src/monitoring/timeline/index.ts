/** The monitoring timeline screens (SPEC §2), loaded on demand by the route table. */
export { GlobalTimelinePage } from './GlobalTimelinePage'
export { HostTimelinePage } from './HostTimelinePage'
export { ResourceTimelinePage } from './ResourceTimelinePage'
