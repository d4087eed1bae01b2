/**
 * s3rver's filesystem store, made to keep S3's promise that an object is replaced whole or not at all.
 * s3rver writes a PUT's bytes over the object's file as they arrive, then its metadata: a reader in
 * between gets part of the new bytes (its body cut short: 'aborted'), and a PUT whose sender is killed
 * leaves a truncated object that S3 never would (a deploy killed with SIGKILL, tests/delivery/
 * s3-recovery.test.ts, then read as "HTML from neither build"). Here a PUT goes to a file of its own,
 * and only a complete one takes the object's place, its checksum and metadata first, each by a rename;
 * a GET opens the object's file (after which a rename cannot change what it reads) while no PUT of the
 * same key is taking its place.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** The parts of s3rver's FilesystemStore (lib/stores/filesystem.js) this replaces or calls. */
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string
  getObject(bucket: string, key: string, options?: unknown): Promise<unknown>
  putObject(object: S3ObjectIn): Promise<{ size: number; md5: string }>
}

interface S3ObjectIn {
  bucket: string
  key: string
  content: Buffer | Readable
  metadata: Record<string, string>
}

/** The metadata s3rver keeps of a PUT (S3Object.ALLOWED_METADATA, and the user's `x-amz-meta-*`). */
const KEPT = new Set([
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-type',
  'expires',
  'x-amz-storage-class',
  'x-amz-website-redirect-location',
])

/** Makes `store` (an S3rver's `store`) replace objects atomically; see the module's comment. */
export function atomicObjects(store: FilesystemStore): void {
  const turns = new Map<string, Promise<void>>()
  /** Runs `fn` when no other `fn` of the same key runs. */
  const inTurn = async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const before = turns.get(key) ?? Promise.resolve()
    const mine = before.then(fn, fn)
    const done = mine.then(
      () => {},
      () => {},
    )
    turns.set(key, done)
    try {
      return await mine
    } finally {
      if (turns.get(key) === done) turns.delete(key)
    }
  }
  const getObject = store.getObject.bind(store)
  store.getObject = (bucket, key, options) => inTurn(`${bucket}/${key}`, () => getObject(bucket, key, options))

  store.putObject = async (object) => {
    const path = (resource: string) => store.getResourcePath(object.bucket, object.key, resource)
    const [objectPath, md5Path, metadataPath] = [path('object'), path('object.md5'), path('metadata.json')]
    await mkdir(dirname(objectPath), { recursive: true })
    const temp = `${objectPath}.${randomBytes(6).toString('hex')}.partial`
    const md5 = createHash('md5')
    let size = 0
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk)
        size += chunk.length
        done(null, chunk)
      },
    })
    const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content
    try {
      // A sender that goes away mid-way fails the pipeline (a premature close): the object stays as it was.
      await pipeline(source, count, createWriteStream(temp))
      const digest = md5.digest('hex')
      const kept = Object.fromEntries(Object.entries(object.metadata).filter(([name]) => KEPT.has(name) || name.startsWith('x-amz-meta-')))
      await writeFile(`${temp}.md5`, digest)
      await writeFile(`${temp}.json`, JSON.stringify(kept, null, 2))
      await inTurn(`${object.bucket}/${object.key}`, async () => {
        await rename(`${temp}.md5`, md5Path)
        await rename(`${temp}.json`, metadataPath)
        await rename(temp, objectPath)
      })
      return { size, md5: digest }
    } finally {
      await Promise.all([rm(temp, { force: true }), rm(`${temp}.md5`, { force: true }), rm(`${temp}.json`, { force: true })])
    }
  }
}
