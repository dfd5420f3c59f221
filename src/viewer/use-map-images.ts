/**
 * Loads the uploaded pictures a document uses (image items, background) for the renderers, which make no
 * request themselves. GET map-images/:id needs the session token, so pictures are fetched, not <img src>.
 */
import { useEffect, useMemo, useState } from 'react'
import { getToken } from '../app/guard'
import type { MapDocument } from '../shared/maps'
import type { ImageLookup } from './items/types'

function imageIds(doc: MapDocument): number[] {
  const ids = new Set<number>()
  if (doc.background.image_id) ids.add(doc.background.image_id)
  for (const item of Object.values(doc.items)) if ('image_id' in item) ids.add(item.image_id)
  return [...ids].sort((a, b) => a - b)
}

export function useMapImages(doc: MapDocument | undefined): ImageLookup {
  const [images, setImages] = useState<ReadonlyMap<number, ImageBitmap>>(new Map())
  // Once per document, not at every render of the map (10,000 items on a wall).
  const key = useMemo(() => (doc ? imageIds(doc).join(',') : ''), [doc])
  useEffect(() => {
    if (!key) return
    const controller = new AbortController()
    void Promise.all(
      key.split(',').map(async (id) => {
        try {
          const res = await fetch(`/api/v1/map-images/${id}`, {
            headers: { authorization: `Bearer ${getToken() ?? ''}` },
            signal: controller.signal,
          })
          return res.ok ? ([Number(id), await createImageBitmap(await res.blob())] as const) : null
        } catch {
          // A missing picture leaves its placeholder: the map stays usable.
          return null
        }
      }),
    ).then((loaded) => {
      if (!controller.signal.aborted) setImages(new Map(loaded.filter((e) => e !== null)))
    })
    return () => controller.abort()
  }, [key])
  return useMemo(() => (id: number) => images.get(id), [images])
}
