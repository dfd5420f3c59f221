import { structuredPatch } from 'diff'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

export interface ConfigDiffProps {
  from: number
  to: number
  older: string
  newer: string
}

const LINE_CLASS: Record<string, string> = { '+': 'text-success-emphasis bg-success-subtle', '-': 'text-danger-emphasis bg-danger-subtle' }

/** The changes between two versions as a unified diff (three lines of context), added lines green, removed red. */
export function ConfigDiff({ from, to, older, newer }: ConfigDiffProps) {
  const { t } = useTranslation()
  const hunks = useMemo(
    () => structuredPatch(`v${from}`, `v${to}`, older, newer, undefined, undefined, { context: 3 }).hunks,
    [from, to, older, newer],
  )
  const count = (sign: string) => hunks.reduce((n, h) => n + h.lines.filter((l) => l[0] === sign).length, 0)
  if (!hunks.length) return <p>{t('configBackups.identical', { from, to })}</p>
  return (
    <>
      <p className="small mb-1">{t('configBackups.comparing', { from, to, added: count('+'), removed: count('-') })}</p>
      <pre className="border rounded p-2 small" aria-label={t('configBackups.diff', { from, to })}>
        {hunks.map((h) => (
          <div key={`${h.oldStart}:${h.newStart}`}>
            <div className="text-body-secondary">{`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`}</div>
            {h.lines.map((line, i) => (
              <div key={i} className={LINE_CLASS[line[0]!]}>
                {line}
              </div>
            ))}
          </div>
        ))}
      </pre>
    </>
  )
}
