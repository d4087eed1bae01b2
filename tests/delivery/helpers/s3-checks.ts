/** Assertions about an S3 target, read from the bucket's objects (not from the tools under test). */
import { sha256 } from '../../../scripts/delivery/hash'
import type { PagesManifest } from '../../../scripts/delivery/manifest'
import type { S3Server } from './s3-server'

/**
 * For every route of `builds`, which build the bucket's HTML comes from (index into `builds`), after
 * checking that every file that build's page loads (lazy ones included) is in the bucket with its
 * bytes. Throws when a route serves HTML of neither build or lacks a file.
 */
export async function servedVersionsS3(s3: S3Server, prefix: string, builds: readonly PagesManifest[]): Promise<Map<string, number>> {
  const served = new Map<string, number>()
  const hashes = new Map<string, string | null>()
  const hashOf = async (key: string) => {
    if (!hashes.has(key)) {
      const object = await s3.object(prefix, key)
      hashes.set(key, object ? sha256(object.bytes) : null)
    }
    return hashes.get(key)!
  }
  const paths = new Set(builds.flatMap((b) => Object.keys(b.routes)))
  for (const path of paths) {
    const file = builds.map((b) => b.routes[path]).find(Boolean)!.html.file
    const html = await hashOf(file)
    if (html === null) continue
    const index = builds.findIndex((b) => b.routes[path]?.html.sha256 === html)
    if (index < 0) throw new Error(`${path} serves HTML from neither build`)
    for (const asset of builds[index]!.routes[path]!.assets) {
      if ((await hashOf(asset.file)) !== asset.sha256)
        throw new Error(`${path} (build ${index}) loads ${asset.file}, which the bucket lacks`)
    }
    served.set(path, index)
  }
  return served
}
