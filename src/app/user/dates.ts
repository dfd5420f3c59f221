import { formatDateTime } from '../../ui'

/** Unix seconds as the tables show them. */
export const when = (s: number | null, never: string) => (s === null ? never : formatDateTime(new Date(s * 1000)))
