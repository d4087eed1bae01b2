/**
 * The S3 client's configuration from the environment, the SDK's standard way, shared by the deploy tool
 * (scripts/delivery/store/s3/s3-store.ts, `npm run deploy -- --to s3://…`) and the server's uploads on object
 * storage (server/uploads/s3-storage.ts, `UPLOADS_URL=s3://…`), so one set of variables configures both
 * (docs/deploying.md): AWS_ENDPOINT_URL_S3 (or AWS_ENDPOINT_URL) for a store other than AWS, AWS_REGION
 * (or AWS_DEFAULT_REGION), the credentials as the SDK finds them (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, a role), S3_FORCE_PATH_STYLE=1 for endpoints that want
 * `https://host/bucket/key`. Imports nothing of the repo; only the SDK's types.
 */
import type { S3ClientConfig } from '@aws-sdk/client-s3'

/** Environment variables, as `process.env`. */
export type S3Env = Record<string, string | undefined>

/** `s3://<bucket>/<prefix>` split, or null when it is not one (or the bucket name is invalid). */
export function parseS3Url(url: string): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/i.exec(url)
  if (!match || !/^[a-z0-9][a-z0-9._-]*$/i.test(match[1]!)) return null
  return { bucket: match[1]!, prefix: match[2] ?? '' }
}

/** The client configuration, or the name of what is missing (`AWS_REGION`). */
export function s3ClientConfig(env: S3Env = process.env): S3ClientConfig | { missing: 'AWS_REGION' } {
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION
  if (!region) return { missing: 'AWS_REGION' }
  quietNodeVersionNotice()
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL
  const config: S3ClientConfig = {
    region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
    // Checksums only where the API requires them: several S3-compatible stores reject the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
  // The SDK reads process.env itself; an environment passed in (a test's) must give its keys explicitly.
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY && env !== process.env) {
    config.credentials = { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }
  }
  return config
}

/**
 * Under Node 20 the SDK warns, as each client is made, that its releases after January 2027 will need Node 22:
 * a notice about upgrading the SDK, not about this project (the pinned version runs on Node 20), which every
 * start and deploy printed. Its documented switch turns that one warning off (aws-sdk-js-v3 #7983); an
 * operator's own setting of it is kept. Read by the SDK from the process's environment when a client is made.
 */
export function quietNodeVersionNotice(): void {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
}
