/** The release notes the /versions screen shows (issue 19): release-notes.json at the repository root, newest first. */
import { z } from 'zod'

export const ReleaseNotes = z.array(
  z.object({
    release: z.string().min(1),
    /** YYYY-MM-DD */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    notes: z.array(z.string().min(1)).min(1),
  }),
)
export type ReleaseNotes = z.infer<typeof ReleaseNotes>
