/** Performance-data graphs drawn with d3 (SPEC §2 graphs tabs; reports draw them too). */
export { Graph, type GraphProps, type ReadoutPoints } from './Graph'
export { seriesColor, thresholdValues, type GraphPoint, type GraphSeries } from './scales'
export { SeriesChart, type ChartSeries, type SeriesChartProps } from './SeriesChart'
