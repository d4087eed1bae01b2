import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEMO_MEDIA_DIR } from '../paths'
import { mediaKey } from './content/media-paths'

/** Timings of each generated clip: total length and the [start, end] of each joined part, in ms. */
export type MediaManifest = Record<string, { durationMs: number; partsMs: [number, number][] }>

let cached: MediaManifest | null = null

/** The manifest written by server/media-gen/generate-demo-media.ts next to the media. */
export function loadManifest(): MediaManifest {
  cached ??= JSON.parse(readFileSync(join(DEMO_MEDIA_DIR, 'manifest.json'), 'utf8')) as MediaManifest
  return cached
}

/** The timings of the clip at a `/media/...` URL; throws when the media were not generated. */
export function clipTimings(url: string): MediaManifest[string] {
  const clip = loadManifest()[mediaKey(url)]
  if (!clip) throw new Error(`${url} is missing from the demo media: run server/media-gen/generate-demo-media.sh`)
  return clip
}
