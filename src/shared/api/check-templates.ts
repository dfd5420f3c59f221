/**
 * Issue 13 "Targets": check templates. `send`/`expect` (tcp and banner kinds) and `content_regex` (http, https)
 * are set by server admins only; a server admin names them in a template and other users' checks use it with
 * `config.template`. A template is global (organization_id null) or for one organization.
 */
import { z } from 'zod'

export const CheckTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  /** the kind's server-admin-only fields, e.g. {send, expect} for tcp or {content_regex} for http; not secret */
  fields: z.record(z.string(), z.unknown()),
  description: z.string(),
  /** null: every organization may use it */
  organization_id: z.number().int().nullable(),
  created_time: z.number().int(),
  updated_time: z.number().int(),
})
export type CheckTemplate = z.infer<typeof CheckTemplate>

const Editable = z.object({
  name: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/, 'template names are letters, digits, _ . -')
    .max(100),
  kind: z.string().min(1).max(32),
  fields: z.record(z.string().max(64), z.unknown()),
  description: z.string().max(2000),
  organization_id: z.number().int().positive().nullable(),
})

export const CheckTemplateBody = Editable.extend({
  description: Editable.shape.description.default(''),
  organization_id: Editable.shape.organization_id.default(null),
})
export type CheckTemplateBody = z.infer<typeof CheckTemplateBody>

/** Only what is given changes; a template in use keeps its name and kind (the checks name it). */
export const CheckTemplateUpdate = Editable.partial()
export type CheckTemplateUpdate = z.infer<typeof CheckTemplateUpdate>

export const CheckTemplateList = z.object({ items: z.array(CheckTemplate) })
