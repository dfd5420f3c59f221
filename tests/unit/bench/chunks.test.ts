import { describe, expect, it } from 'vitest'
import { exportNames, parseChunk } from '../../../bench/lib/chunks'
import { percentile } from '../../../bench/lib/stats'

describe('bench chunk parser', () => {
  it('finds static imports in any quote style, and not dynamic ones', () => {
    const code =
      'import{S as e}from"./chunk-A.js";import"./side.js";export{x}from\'./re.js\';const l=()=>import(`./lazy.js`);import{y}from`../up.js`'
    expect(parseChunk(code).imports).toEqual(['./chunk-A.js', './side.js', './re.js', '../up.js'])
  })

  it('pairs each import() with the files Vite preloads for it', () => {
    const code =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js","assets/a.css","assets/b.js"])))=>i.map(i=>d[i]);' +
      'D(()=>import(`./a.js`),__vite__mapDeps([0,1])),D(()=>import("./b.js"),__vite__mapDeps([2])),import("./c.js")'
    expect(parseChunk(code).dynamic).toEqual([
      { spec: './a.js', deps: ['assets/a.js', 'assets/a.css'] },
      { spec: './b.js', deps: ['assets/b.js'] },
      { spec: './c.js', deps: [] },
    ])
  })

  it('reads export names', () => {
    expect(exportNames('var a=1,b=2;export{a as LoginPage,b};')).toEqual(['LoginPage', 'b'])
  })
})

describe('bench percentile', () => {
  it('is nearest-rank', () => {
    const v = Array.from({ length: 100 }, (_, i) => 100 - i)
    expect(percentile(v, 50)).toBe(50)
    expect(percentile(v, 95)).toBe(95)
    expect(percentile([7], 95)).toBe(7)
  })
})
