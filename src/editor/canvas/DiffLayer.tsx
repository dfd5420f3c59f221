/**
 * The version comparison on the canvas (SPEC §2 "version history"): added items outlined green, removed red
 * (dashed, where they were), moved blue, changed orange; connectors in the same colours over their line.
 */
import { Layer, Line, Rect } from 'react-konva'
import { useStore } from 'zustand'
import type { Editor } from '../model/editor'
import type { ChangeKind } from '../model/version-diff'

export const CHANGE_COLOURS: Record<ChangeKind, string> = { added: '#198754', removed: '#dc3545', moved: '#0d6efd', changed: '#fd7e14' }

export function DiffLayer({ editor, marks }: { editor: Editor; marks: ReadonlyMap<string, ChangeKind> }) {
  const doc = useStore(editor.store, (s) => s.doc)
  const scale = useStore(editor.store, (s) => s.camera.scale)
  const pad = 6 / scale
  const width = 3 / scale
  return (
    <Layer listening={false}>
      {[...marks].map(([id, kind]) => {
        const item = doc.items[id]
        const dash = kind === 'removed' ? [8 / scale, 5 / scale] : undefined
        if (item)
          return (
            <Rect
              key={id}
              x={item.x - pad}
              y={item.y - pad}
              width={item.w + 2 * pad}
              height={item.h + 2 * pad}
              stroke={CHANGE_COLOURS[kind]}
              strokeWidth={width}
              dash={dash}
            />
          )
        const c = doc.connectors[id]
        const from = c && doc.items[c.from]
        const to = c && doc.items[c.to]
        if (!from || !to) return null
        const points = [from.x + from.w / 2, from.y + from.h / 2, to.x + to.w / 2, to.y + to.h / 2]
        return <Line key={id} points={points} stroke={CHANGE_COLOURS[kind]} strokeWidth={2 * width} dash={dash} opacity={0.7} />
      })}
    </Layer>
  )
}
