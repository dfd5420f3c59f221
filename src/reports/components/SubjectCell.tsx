import type { SubjectFigures } from '../../shared/api/report-configurations'

/** A row's heading in a report table: the host, or the host and resource. */
export function SubjectCell({ subject: s }: { subject: Pick<SubjectFigures, 'kind' | 'name' | 'host_name'> }) {
  return <th scope="row">{s.kind === 'resource' ? `${s.host_name} / ${s.name}` : s.name}</th>
}
