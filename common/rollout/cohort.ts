/**
 * A device's cohort for a route (docs/contracts/api.md "Page releases for the app"): a stable function of
 * its device id, the route and the canary release, so a device keeps its cohort across opens until the
 * canary changes, and a new canary draws a new sample.
 *
 *     bucket = first 4 bytes, big-endian, of SHA-256(UTF-8 "<deviceId>\n<route>\n<canary release>") mod 10000
 *     canary  when bucket < share × 100
 *
 * Test vector (tests/unit/rollout/cohort.test.ts): device `device-0001`, route `/price_up`, release
 * `0123456789ab` → bucket 1519 (canary at a share of 16 % or more).
 */

/** The device's bucket, 0–9999 (basis points), for this route and canary release. */
export async function cohortBucket(deviceId: string, route: string, canaryRelease: string): Promise<number> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${deviceId}\n${route}\n${canaryRelease}`))
  return new DataView(digest).getUint32(0, false) % 10_000
}

/** Whether the device is in a canary of `share` % (1–100) for this route and release. */
export async function inCanary(deviceId: string, route: string, canaryRelease: string, share: number): Promise<boolean> {
  return (await cohortBucket(deviceId, route, canaryRelease)) < Math.round(share * 100)
}
