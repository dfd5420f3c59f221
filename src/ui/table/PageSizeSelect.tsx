import { useId } from 'react'
import { useTexts } from '../use-texts'
import { PAGE_SIZE_OPTIONS } from '../../shared/constants'

export interface PageSizeSelectProps {
  pageSize: number
  onPageSizeChange(size: number): void
}

/** SPEC §9 "Page size options 10, 25, 50, 100, 250"; the screen starts from the `page_size` preference. */
export function PageSizeSelect({ pageSize, onPageSizeChange }: PageSizeSelectProps) {
  const t = useTexts()
  const id = useId()
  return (
    <div className="d-flex align-items-center gap-1">
      <label htmlFor={id} className="form-label mb-0 small text-nowrap">
        {t('ui.table.pageSize')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm w-auto"
        value={pageSize}
        onChange={(e) => onPageSizeChange(Number(e.target.value))}
      >
        {PAGE_SIZE_OPTIONS.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  )
}
