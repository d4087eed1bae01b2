/**
 * The two-instance journey's harness (issue 40 item 7): N real server processes in production mode
 * (signed tokens with a test secret, separate DATA_DIRs), one PostgreSQL server of their own
 * (support/postgres.ts; migrated first with `npm run migrate`, as a deploy does), uploads in one bucket on
 * s3rver behind its public URL, and a round-robin proxy in front. A scenario drives it through
 * `cluster.proxy.url` or one `cluster.instances[i].url`, and can SIGKILL, SIGTERM or restart an
 * instance (`Instance`) and stop or start PostgreSQL (`cluster.postgres`). See tests/cluster/README.md.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { startS3Server, type S3Server } from '../../delivery/helpers/s3-server'
import { signToken, TEST_AUDIENCE, TEST_ISSUER, TEST_SECRET } from '../../server/helpers/tokens'
import { Instance } from './instance'
import { freePort } from '../../../scripts/test/test-postgres'
import { openTestPostgres, type TestPostgres } from './postgres'
import { startProxy, type Proxy } from './proxy'

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const PREFIX = 'cluster'

export interface Cluster {
  instances: Instance[]
  proxy: Proxy
  postgres: TestPostgres
  s3: S3Server
  /** `Authorization` headers of a signed-in user (a new one per subject). */
  signedIn(subject: string): Promise<Record<string, string>>
  stop(): Promise<void>
}

export interface ClusterOptions {
  instances?: number
  /** More environment for every instance (e.g. SHUTDOWN_GRACE_S). */
  env?: Record<string, string>
  /** Each instance on a port of its own, the same after a restart (a balancer's upstream names it); default: a new free one at each start. */
  fixedPorts?: boolean
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const postgres = await openTestPostgres()
  const s3 = await startS3Server()
  const env = {
    ...s3.env,
    NODE_ENV: 'production',
    DATABASE_URL: postgres.databaseUrl,
    AUTH_JWT_SECRET: TEST_SECRET,
    AUTH_JWT_ISSUER: TEST_ISSUER,
    AUTH_JWT_AUDIENCE: TEST_AUDIENCE,
    UPLOADS_URL: `s3://h5/${PREFIX}`,
    UPLOADS_PUBLIC_URL: s3.publicUrl(PREFIX),
    ...options.env,
  }
  // The deploy step before any instance: a production start refuses an unmigrated database.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/migrate-cli.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
  })
  const count = options.instances ?? 2
  const ports = options.fixedPorts ? await Promise.all(Array.from({ length: count }, () => freePort())) : []
  const instances = Array.from({ length: count }, (_, i) => new Instance(`instance ${i + 1}`, env, ports[i] ?? 0))
  await Promise.all(instances.map((instance) => instance.start()))
  const proxy = await startProxy(instances)
  return {
    instances,
    proxy,
    postgres,
    s3,
    signedIn: async (subject) => ({ authorization: `Bearer ${await signToken({ subject, expiresIn: 3600 })}` }),
    async stop() {
      await proxy.stop()
      await Promise.all(instances.map((instance) => instance.dispose()))
      await s3.stop()
      await postgres.dispose()
    },
  }
}
