/** An environment of the organization, chosen by its display name: where a sweep runs, where its hosts go. */
export interface EnvironmentSelectProps {
  id: string
  label: string
  environments: { id: number; alias: string }[]
  value: number
  onChange(id: number): void
}

export function EnvironmentSelect({ id, label, environments, value, onChange }: EnvironmentSelectProps) {
  return (
    <>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select id={id} className="form-select" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {environments.map((env) => (
          <option key={env.id} value={env.id}>
            {env.alias}
          </option>
        ))}
      </select>
    </>
  )
}
