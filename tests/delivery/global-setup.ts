/**
 * Global setup of the `delivery` project: builds the repo twice (before and after a one-page change)
 * once for all its test files, which read the builds through `buildPair()` (helpers/build-pair.ts).
 */
import type { TestProject } from 'vitest/node'
import { buildTwice, removeBuilds } from './helpers/build-twice'

export default async function setup(project: TestProject): Promise<() => void> {
  const builds = await buildTwice()
  project.provide('deliveryBuilds', builds)
  return () => removeBuilds(builds)
}
