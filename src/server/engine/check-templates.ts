/**
 * Run-time half of check templates (issue 13 "Targets"): the job built for a check naming `template` carries the
 * template's fields as they are now, so a server admin's edit reaches every check using it at its next run.
 */
import type { CheckTemplateRef } from '../store/check-templates'

/** What a template says at run time: its kind, who may use it and its fields. */
type TemplateLookup = (name: string) => CheckTemplateRef | undefined

/**
 * The configuration to run: `config` with its template's fields filled in (they win over the check's own), or
 * why it cannot run (reported as UNKNOWN) when the template is gone, of another kind or not the organization's.
 */
export function fillTemplate(
  kind: string,
  config: unknown,
  organizationId: number,
  lookup: TemplateLookup,
): { config: unknown } | { error: string } {
  const name = (config as { template?: string } | null)?.template
  if (name === undefined) return { config }
  const template = lookup(name)
  if (!template || (template.organization_id !== null && template.organization_id !== organizationId))
    return { error: `check template "${name}" is not available` }
  if (template.kind !== kind) return { error: `check template "${name}" is for ${template.kind} checks` }
  return { config: { ...(config as object), ...template.fields } }
}
