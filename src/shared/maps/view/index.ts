/** What the wall and the editor share to look at a map (issue 18): camera, world boxes, hit tests, level of detail. */
export * from './camera'
export * from './world-box'
export * from './spatial'
export * from './lod'
