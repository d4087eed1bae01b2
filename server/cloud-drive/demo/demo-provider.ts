/**
 * The demo provider: the drive of demo-drive.ts, its bytes in `<dir>/blobs/`. It honours the
 * grant's expiry like a real drive honours its access token, so an expired grant fails every call.
 */
import { createReadStream, statSync } from 'node:fs'
import { once } from 'node:events'
import { join, posix } from 'node:path'
import type { Readable } from 'node:stream'
import {
  CloudDriveError,
  compareEntries,
  hasSuffix,
  type CloudDriveProvider,
  type CloudEntry,
  type CloudGrant,
  type CloudListing,
  type ListOptions,
} from '../provider'
import { DEMO_DRIVE, type DemoNode } from './demo-drive'
import { seedDemoDrive } from './seed-demo-drive'

/** `provider` of the grants the demo provider accepts. */
export const DEMO_PROVIDER_NAME = 'demo'

const ID_BASE = 1_000_000

/** The fsId of the entry at `position` in `userId`'s copy of the drive. */
export const demoFsId = (userId: number, position: number) => String(userId * ID_BASE + position + 1)

/** The fsId of the demo entry at `path` for `userId` (tests, docs). */
export function demoFsIdOf(userId: number, path: string): string {
  const position = DEMO_DRIVE.findIndex((node) => node.path === path)
  if (position < 0) throw new Error(`no demo entry ${path}`)
  return demoFsId(userId, position)
}

/** Builds the demo provider over `dir` (writing its blobs first when missing). */
export function createDemoProvider(dir: string): CloudDriveProvider {
  const blobsDir = seedDemoDrive(dir)
  const children = new Map<string, number[]>([['/', []]])
  DEMO_DRIVE.forEach((node, position) => {
    if (node.isDir) children.set(node.path, [])
    children.get(posix.dirname(node.path))!.push(position)
  })
  const sizes = new Map<string, number>()
  const sizeOf = (node: DemoNode): number => {
    if (node.isDir) return 0
    if (!node.blob) return node.declaredSize ?? 0
    let size = sizes.get(node.blob)
    if (size === undefined) sizes.set(node.blob, (size = statSync(join(blobsDir, node.blob)).size))
    return size
  }
  const entry = (userId: number, position: number): CloudEntry => {
    const node = DEMO_DRIVE[position]!
    return {
      fsId: demoFsId(userId, position),
      path: node.path,
      name: posix.basename(node.path),
      isDir: node.isDir,
      size: sizeOf(node),
      mtime: node.mtime,
    }
  }
  /** The position of `fsId` in the grant's drive, or -1. */
  const positionOf = (grant: CloudGrant, fsId: string): number => {
    if (!/^[1-9][0-9]{6,15}$/.test(fsId)) return -1
    const n = Number(fsId)
    const position = (n % ID_BASE) - 1
    return Math.floor(n / ID_BASE) === grant.userId && position >= 0 && position < DEMO_DRIVE.length ? position : -1
  }
  const checkGrant = (grant: CloudGrant) => {
    if (grant.provider !== DEMO_PROVIDER_NAME || grant.expiresAt.getTime() <= Date.now()) {
      throw new CloudDriveError('auth-expired')
    }
  }

  return {
    name: DEMO_PROVIDER_NAME,

    async list(grant: CloudGrant, dir: string, { suffix, start, limit }: ListOptions): Promise<CloudListing> {
      checkGrant(grant)
      const positions = children.get(dir)
      if (!positions) throw new CloudDriveError('not-found', `no folder ${dir}`)
      const all = positions
        .map((position) => entry(grant.userId, position))
        .filter((e) => e.isDir || hasSuffix(e.name, suffix))
        .sort(compareEntries)
      return { entries: all.slice(start, start + limit), hasMore: all.length > start + limit }
    },

    async stat(grant: CloudGrant, fsIds: readonly string[]): Promise<Map<string, CloudEntry>> {
      checkGrant(grant)
      const found = new Map<string, CloudEntry>()
      for (const fsId of fsIds) {
        const position = positionOf(grant, fsId)
        if (position >= 0) found.set(fsId, entry(grant.userId, position))
      }
      return found
    },

    async read(grant: CloudGrant, fsId: string, signal: AbortSignal): Promise<Readable> {
      checkGrant(grant)
      const position = positionOf(grant, fsId)
      if (position < 0) throw new CloudDriveError('not-found')
      const node = DEMO_DRIVE[position]!
      if (node.isDir || !node.blob) throw new CloudDriveError('read-failed', `cannot read ${node.path}`)
      const stream = createReadStream(join(blobsDir, node.blob), { signal })
      try {
        await once(stream, 'open')
      } catch (error) {
        stream.destroy()
        if (signal.aborted) throw error
        throw new CloudDriveError('read-failed', `cannot read ${node.path}`)
      }
      return stream
    },
  }
}
