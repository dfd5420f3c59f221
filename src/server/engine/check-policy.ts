/**
 * Who may configure what in a check (issue 13 "Plugins, not shell lines" and "Targets": `send` and
 * `content_regex` are server-admin-defined templates for others). A plugin runs a program on the server; `send`
 * drives any service the server reaches; `expect` and `content_regex` turn a check into an oracle that reads a
 * target byte by byte (and a regex can backtrack for ever). Only server admins (Scope.serverAdmin, never granted
 * per organization) set these; everybody with host_write sets the rest, plain `content` substrings included.
 * Others reach them only through a server admin's template (`config.template`, store/check-templates.ts).
 */
import { ApiError } from '../../shared/errors'
import type { Scope } from '../store/scope'
import type { CheckKindName } from './checks/index'

/** Per kind: the whole kind, or the fields of its configuration, that only server admins may set. */
const SERVER_ADMIN_ONLY = {
  command: 'kind',
  tcp: ['send', 'expect'],
  smtp: ['expect'],
  imap: ['expect'],
  pop: ['expect'],
  ftp: ['expect'],
  ssh: ['expect'],
  http: ['content_regex'],
  https: ['content_regex'],
} satisfies Partial<Record<CheckKindName, 'kind' | readonly string[]>>

/** The server-admin-only fields of a kind, which a check template may hold; undefined: the kind has no templates. */
export function templateFields(kind: string): readonly string[] | undefined {
  const rule = (SERVER_ADMIN_ONLY as Partial<Record<string, 'kind' | readonly string[]>>)[kind]
  return Array.isArray(rule) ? rule : undefined
}

/** Refuses (403 `unauthorized`, naming the field) a check the caller may not configure. */
export function requireCheckAllowed(scope: Scope, check: { kind: string; config: Record<string, unknown> }) {
  if (scope.serverAdmin) return
  const rule = (SERVER_ADMIN_ONLY as Partial<Record<string, 'kind' | readonly string[]>>)[check.kind]
  if (rule === 'kind')
    throw new ApiError('unauthorized', { field: 'check.kind', reason: `only server admins configure ${check.kind} checks` })
  for (const field of rule ?? []) {
    if (check.config[field] !== undefined)
      throw new ApiError('unauthorized', { field: `check.config.${field}`, reason: `only server admins set ${field}` })
  }
}
