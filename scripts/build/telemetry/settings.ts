/**
 * The field reports' build-time switches (docs/telemetry.md "Building and cost"): `VITE_TELEMETRY` (`on`, the
 * default, or `off`: no capture script, no reporter, nothing sent) and `VITE_TELEMETRY_SAMPLE` (the share
 * of page views that report, 0 < sample ≤ 1, default 1), from the environment or Vite's `.env` files.
 * A value it cannot read fails the build, rather than shipping pages that report nothing or everything.
 */

export interface TelemetrySettings {
  on: boolean
  sample: number
}

/** Reads the switches from `env` (Vite's resolved `config.env`, which has the `VITE_` variables). */
export function telemetrySettings(env: Readonly<Record<string, unknown>>): TelemetrySettings {
  const read = (name: string) => (typeof env[name] === 'string' ? env[name].trim() : '')
  const onOff = (read('VITE_TELEMETRY') || 'on').toLowerCase()
  if (onOff !== 'on' && onOff !== 'off') throw new Error(`VITE_TELEMETRY must be "on" or "off", not "${onOff}"`)
  const raw = read('VITE_TELEMETRY_SAMPLE')
  const sample = raw === '' ? 1 : Number(raw)
  if (!(sample > 0 && sample <= 1)) throw new Error(`VITE_TELEMETRY_SAMPLE must be a number above 0 and at most 1, not "${raw}"`)
  return { on: onOff === 'on', sample }
}
