import type { UseMutationResult } from '@tanstack/react-query'
import { showMessage } from '../../app/shell'

/**
 * Saves a settings form and says so. Not mutate's onSuccess: the saved data remounts the form's editor (its key)
 * before mutate's own callbacks would run, and those skip unmounted callers. A failure is shown by FormFooter.
 */
export function saveSettings<T>(save: UseMutationResult<unknown, unknown, T>, value: T, savedText: string): void {
  if (save.isPending) return
  save.mutateAsync(value).then(
    () => showMessage({ variant: 'success', text: savedText }),
    () => {},
  )
}
