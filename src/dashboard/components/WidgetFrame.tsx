import { useId, type DragEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { WIDGET_SIZES, type WidgetSize } from '../../shared/api/dashboard'

export interface WidgetFrameProps {
  title: string
  size: WidgetSize
  /** 0-based position and the number of widgets, for the move buttons. */
  index: number
  count: number
  onResize(size: WidgetSize): void
  onMove(to: number): void
  onRemove(): void
  /** Drag and drop: the widget dragged onto this one takes its place. */
  onDropHere(draggedId: string): void
  widgetId: string
  children: ReactNode
}

/** Bootstrap column spans of the three sizes: a third, two thirds and the whole width on wide screens. */
export const SIZE_CLASS: Record<WidgetSize, string> = { small: 'col-12 col-xl-4', medium: 'col-12 col-xl-8', large: 'col-12' }
const DRAG_TYPE = 'application/x-vigil-widget'

/**
 * One widget on the grid: its title and the controls that resize, move (buttons for the keyboard, or dragging
 * the card) and remove it. Every control is named after the widget, so a screen reader says which one it acts on.
 */
export function WidgetFrame(props: WidgetFrameProps) {
  const { title, size, index, count, onResize, onMove, onRemove, onDropHere, widgetId, children } = props
  const { t } = useTranslation()
  const titleId = useId()
  const onDragStart = (e: DragEvent) => {
    e.dataTransfer.setData(DRAG_TYPE, widgetId)
    e.dataTransfer.effectAllowed = 'move'
  }
  const onDragOver = (e: DragEvent) => {
    if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault()
  }
  const onDrop = (e: DragEvent) => {
    const dragged = e.dataTransfer.getData(DRAG_TYPE)
    if (!dragged || dragged === widgetId) return
    e.preventDefault()
    onDropHere(dragged)
  }
  return (
    <li className={SIZE_CLASS[size]} onDragOver={onDragOver} onDrop={onDrop}>
      <section className="card h-100" aria-labelledby={titleId}>
        <header className="card-header d-flex flex-wrap align-items-center gap-2" draggable onDragStart={onDragStart}>
          <span className="text-body-secondary" aria-hidden="true" title={t('dashboard.widget.drag', { title })} style={{ cursor: 'grab' }}>
            ⠿
          </span>
          <h2 id={titleId} className="h6 mb-0 me-auto">
            {title}
          </h2>
          <select
            className="form-select form-select-sm w-auto"
            aria-label={t('dashboard.widget.size', { title })}
            value={size}
            onChange={(e) => onResize(e.target.value as WidgetSize)}
          >
            {WIDGET_SIZES.map((s) => (
              <option key={s} value={s}>
                {t(`dashboard.widget.sizes.${s}`)}
              </option>
            ))}
          </select>
          <div className="btn-group btn-group-sm">
            <button type="button" className="btn btn-outline-secondary" disabled={index === 0} onClick={() => onMove(index - 1)}>
              <span aria-hidden="true">↑</span>
              <span className="visually-hidden">{t('dashboard.widget.earlier', { title })}</span>
            </button>
            <button type="button" className="btn btn-outline-secondary" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
              <span aria-hidden="true">↓</span>
              <span className="visually-hidden">{t('dashboard.widget.later', { title })}</span>
            </button>
            <button type="button" className="btn btn-outline-danger" onClick={onRemove}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t('dashboard.widget.remove', { title })}</span>
            </button>
          </div>
        </header>
        <div className="card-body">{children}</div>
      </section>
    </li>
  )
}
