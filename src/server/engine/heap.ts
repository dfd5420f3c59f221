/** A binary min-heap of due times: the scheduler's queue of next checks (O(log n) push and pop). */
interface HeapEntry {
  due: number
  key: string
  /** the target's schedule generation when pushed; an older entry is skipped (lazy deletion) */
  gen: number
}

export class DueHeap {
  private items: HeapEntry[] = []

  get size() {
    return this.items.length
  }

  peek(): HeapEntry | undefined {
    return this.items[0]
  }

  push(e: HeapEntry) {
    const a = this.items
    a.push(e)
    let i = a.length - 1
    while (i > 0) {
      const p = (i - 1) >> 1
      if (a[p].due <= e.due) break
      a[i] = a[p]
      i = p
    }
    a[i] = e
  }

  pop(): HeapEntry | undefined {
    const a = this.items
    const top = a[0]
    const last = a.pop()
    if (a.length && last) {
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        if (l >= a.length) break
        const c = l + 1 < a.length && a[l + 1].due < a[l].due ? l + 1 : l
        if (a[c].due >= last.due) break
        a[i] = a[c]
        i = c
      }
      a[i] = last
    }
    return top
  }
}

/** A first-in first-out queue of heap entries (a scheduler tenant's due checks): O(1) push and shift. */
export class ReadyQueue {
  private items: HeapEntry[] = []
  private head = 0

  peek(): HeapEntry | undefined {
    return this.items[this.head]
  }

  push(e: HeapEntry) {
    this.items.push(e)
  }

  shift(): HeapEntry | undefined {
    const e = this.items[this.head]
    if (e === undefined) return undefined
    this.head++
    // Drop the consumed front now and then, so a long-busy queue does not keep every entry it ever held.
    if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head)
      this.head = 0
    }
    return e
  }
}
