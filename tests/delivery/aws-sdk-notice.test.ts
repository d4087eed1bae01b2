/**
 * The AWS SDK's Node-version notice (on Node < 22, as each client is made) printed by every start with
 * uploads in a bucket and every S3 deploy (issue 48): a client made from common/s3-client-config.ts prints
 * none, whichever Node runs it. The child poses as Node 20 (CI runs Node 24, where the SDK says nothing).
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../../server/paths'

/** What a process posing as Node 20 prints on stderr after making one S3 client, through our config or not. */
async function stderrOfClient(ours: boolean): Promise<string> {
  const script = `
    Object.defineProperty(process, 'version', { value: 'v20.20.2' })
    const { S3Client } = await import('@aws-sdk/client-s3')
    const { s3ClientConfig } = await import('./common/s3-client-config.ts')
    const env = { AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9', AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b' }
    new S3Client(${ours ? 's3ClientConfig(env)' : "{ region: 'us-east-1' }"})
    await new Promise((resolve) => setTimeout(resolve, 50))
  `
  const env = { ...process.env }
  delete env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED
  const { stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    env,
  })
  return stderr
}

describe("the AWS SDK's Node-version notice", () => {
  it('is printed for a client made without our config (what every start and deploy printed)', async () => {
    expect(await stderrOfClient(false)).toContain('NodeVersionSupportWarning')
  })

  it('is not printed for a client made from common/s3-client-config.ts', async () => {
    expect(await stderrOfClient(true)).toBe('')
  })
})
