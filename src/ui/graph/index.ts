/** Performance-data graphs drawn with d3 (SPEC §2 graphs tabs; reports draw them too). */
export { Graph, type GraphProps } from './Graph'
export { thresholdValues, type GraphPoint } from './scales'
