/** Where a run tells the operator what it recovered from or decided on the way (stderr; tests collect it). */
export type Notice = (line: string) => void

/** The default: one line on stderr (stdout is the run's report). */
export const toStderr: Notice = (line) => process.stderr.write(`${line}\n`)
