import type { BadgeVariant } from './decorations/state'

/** One chip: a state total (SPEC §2 "State-count totals") or a quick filter (SPEC §2 "Quick filter chips"). */
export interface Chip {
  key: string
  /** Translated text. */
  label: string
  count?: number
  variant?: BadgeVariant
  /** Pressed: the quick filter is on. */
  active?: boolean
}

export interface ChipListProps {
  /** Accessible name of the group, e.g. "State totals". */
  label: string
  chips: readonly Chip[]
  /** Without it the chips are plain counts, not buttons. */
  onToggle?(key: string): void
}

/** A row of toggle chips with counts; clicking one is a quick filter (SPEC §3 table filter model: quick_filters, state_totals). */
export function ChipList({ label, chips, onToggle }: ChipListProps) {
  return (
    <div role="group" aria-label={label} className="d-flex flex-wrap gap-1">
      {chips.map((chip) => {
        const variant = chip.variant ?? 'secondary'
        const text = (
          <>
            {chip.label}
            {chip.count !== undefined && <span className="badge text-bg-light ms-1">{chip.count}</span>}
          </>
        )
        return onToggle ? (
          <button
            key={chip.key}
            type="button"
            className={`btn btn-sm ${chip.active ? `btn-${variant}` : `btn-outline-${variant}`}`}
            aria-pressed={chip.active === true}
            onClick={() => onToggle(chip.key)}
          >
            {text}
          </button>
        ) : (
          <span key={chip.key} className={`badge text-bg-${variant}`}>
            {text}
          </span>
        )
      })}
    </div>
  )
}
