/** The monitoring screens of issue 4 (SPEC §2 Monitoring), one lazy chunk for the route table. */
export { ProblemsPage } from './ProblemsPage'
export { HostsPage, ResourcesPage } from './ListPages'
export { HostRoutePage, HostResourcesPage, HostStatusPage, HostRisksPage } from './HostPages'
export { ResourceRoutePage, ResourceStatusPage, ResourceConfigsPage } from './ResourcePages'
