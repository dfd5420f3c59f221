/**
 * Upgrades stored map documents to the current SCHEMA_VERSION on read (STYLE.md "Item kinds"), so old
 * published versions still open. Each step takes a document of version N and returns version N + 1.
 */
import { MapDocument, SCHEMA_VERSION } from './document'

const STEPS: Record<number, (doc: Record<string, unknown>) => Record<string, unknown>> = {
  // Version 1 is the first; a change of the document adds its step here (e.g. 1: renames a prop).
}

/** Parses a stored document of any known version: upgraded, then validated against MapDocument. */
export function migrateDocument(stored: unknown) {
  let doc = (stored ?? {}) as Record<string, unknown>
  let version = typeof doc.schema_version === 'number' ? doc.schema_version : SCHEMA_VERSION
  while (version < SCHEMA_VERSION && STEPS[version]) doc = { ...STEPS[version](doc), schema_version: ++version }
  return MapDocument.safeParse(doc)
}
