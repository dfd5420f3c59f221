/** Small documents for the editor's unit tests: two hosts, a shape and a rack on an empty map. */
import { emptyDocument, itemKinds, type MapDocument } from '../../../src/shared/maps'

export function sampleDocument(): MapDocument {
  const doc = emptyDocument()
  doc.items = {
    a: itemKinds.host.defaults({ id: 'a', x: 0, y: 0, z: 1, host_id: 1, name: 'web-01' }),
    b: itemKinds.host.defaults({ id: 'b', x: 200, y: 40, z: 2, host_id: 2, name: 'web-02' }),
    s: itemKinds.shape.defaults({ id: 's', x: 400, y: 100, z: 3, icon: 'cloud' }),
    r: itemKinds.rack.defaults({ id: 'r', x: 600, y: 0, z: 4, units: 12 }),
  }
  return doc
}
