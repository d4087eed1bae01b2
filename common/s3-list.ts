/**
 * Every object under a prefix, page by page, for the deploy tool (scripts/delivery/store/s3/s3-store.ts)
 * and the server's uploads (server/uploads/s3-storage.ts, s3-media.ts): ListObjects (version 1), each
 * page asked after the last key of the one before (`Marker`).
 *
 * Why not ListObjectsV2 and the SDK's `paginateListObjectsV2`: s3rver 3.7.1, the S3 double of the tests,
 * encrypts its `NextContinuationToken` with DES, which OpenSSL 3 (Node 17 and later) no longer has, so it
 * answers 500 to every listing of more than 1,000 keys (jamhall/s3rver#818), and a V2 request cannot
 * avoid that token (`start-after` still gets one). Version 1 has no token: the next page starts after a
 * key we name. AWS S3, Aliyun OSS, Tencent COS, Cloudflare R2 and MinIO all answer it, in the same
 * (UTF-8 binary) key order, so the same pages come back as with V2. Imports only the SDK's types: the
 * server loads the SDK lazily.
 */
import type { _Object, ListObjectsCommandInput, ListObjectsCommandOutput } from '@aws-sdk/client-s3'

/** Asks for one page of the listing (a `ListObjectsCommand` sent, retried as the caller retries). */
export type ListPage = (input: Pick<ListObjectsCommandInput, 'Bucket' | 'Prefix' | 'Marker'>) => Promise<ListObjectsCommandOutput>

/**
 * The objects of `bucket` whose key starts with `prefix`, one page (up to 1,000) at a time. Refuses a store whose truncated page would not move the listing on (it would loop for ever).
 */
export async function* listObjectPages(listPage: ListPage, bucket: string, prefix: string): AsyncGenerator<_Object[]> {
  let marker: string | undefined
  for (;;) {
    const page = await listPage({ Bucket: bucket, Prefix: prefix, ...(marker !== undefined ? { Marker: marker } : {}) })
    const objects = (page.Contents ?? []).filter((o) => o.Key !== undefined)
    if (objects.length > 0) yield objects
    if (!page.IsTruncated) return
    // NextMarker comes only with a delimiter; without one the last key is the marker (the API's rule).
    const next = page.NextMarker ?? page.Contents?.at(-1)?.Key
    if (next === undefined || next === marker)
      throw new Error(`listing s3://${bucket}/${prefix}: the store said there is more but gave no key to go on from`)
    marker = next
  }
}
