/** A time for the report: whole milliseconds from 0 to an hour, the bounds its schema allows. */
export const ms = (value: number) => Math.min(3_600_000, Math.max(0, Math.round(value) || 0))
