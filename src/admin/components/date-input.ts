/** Unix seconds ↔ the value of an `<input type="date">` (UTC days); '' is no date. */
export const toDateInput = (unix: number | null | undefined) => (unix ? new Date(unix * 1000).toISOString().slice(0, 10) : '')
export const fromDateInput = (value: string) => (value ? Math.floor(Date.parse(`${value}T00:00:00Z`) / 1000) : null)
