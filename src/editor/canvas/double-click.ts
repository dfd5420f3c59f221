/**
 * A double click needs both clicks near one spot (issue 18): Konva's dblclick only checks the time between
 * two clicks, so two quick clicks on different items would open a text editor. Browsers allow a few pixels.
 */
type Point = { x: number; y: number }

/** How far (screen pixels) the second click of a double click may land from the first. */
export const DOUBLE_CLICK_DISTANCE = 4

/** The presses of the pointer in screen pixels, so that a double click can be judged by where its clicks were. */
export function createPressTrail() {
  let presses: Point[] = []
  const near = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y) <= DOUBLE_CLICK_DISTANCE
  return {
    press(at: Point) {
      presses = [presses[presses.length - 1], at].filter(Boolean)
    },
    /** Whether the last two presses and the release `at` (where Konva's dblclick fires) are all near one spot. */
    isDouble(at: Point): boolean {
      const [first, second] = presses
      return !!first && !!second && near(first, second) && near(first, at)
    },
  }
}
