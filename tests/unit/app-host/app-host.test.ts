// @vitest-environment node
// Node's own fetch Response (streams, byte bodies), not happy-dom's.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { directoryStorage } from '../../../common/app-host/directory-storage.ts'
import { createAppHost, memoryStorage, olderThan, type AppHostOptions, type HostStorage } from '../../../common/app-host/index.ts'
import { readVersions } from '../../../common/app-host/packages.ts'
import { fakeSite, SITE } from './fake-site.ts'

type Site = ReturnType<typeof fakeSite>

const text = (body: Uint8Array | undefined) => new TextDecoder().decode(body)

function hostOf(site: Site, options: Partial<AppHostOptions> = {}) {
  return createAppHost({
    siteUrl: SITE,
    publicKey: site.publicKey,
    deviceId: 'device-0001',
    appVersion: '2.4.0',
    storage: memoryStorage(),
    fetch: site.fetch,
    ...options,
  })
}

/** A site with `/price_up` at release v1 published, and a host that refreshed and installed it. */
async function installedV1(options: Partial<AppHostOptions> = {}) {
  const site = fakeSite()
  const v1 = site.release('price_up', 'v1')
  site.publish({ '/price_up': { stable: v1 } })
  const storage = options.storage ?? memoryStorage()
  const host = await hostOf(site, { ...options, storage })
  expect(await host.refresh()).toEqual({ status: 'updated', serial: 1 })
  expect(await host.install()).toEqual({ installed: ['/price_up'], refused: [], tooOld: [] })
  return { site, v1, host, storage }
}

describe('the rollout document', () => {
  it('takes a signed document, and says unchanged when fetched again', async () => {
    const { host } = await installedV1()
    expect(host.current()?.serial).toBe(1)
    expect(await host.refresh()).toEqual({ status: 'unchanged', serial: 1 })
  })

  it('refuses a bad signature and keeps the last good document and its pages', async () => {
    const { site, v1, host } = await installedV1()
    const envelope = JSON.parse(site.envelope()) as { document: string; signature: string }
    const forged = envelope.document.replace('"serial":1', '"serial":9')
    site.setRolloutText(JSON.stringify({ document: forged, signature: envelope.signature }))
    expect(await host.refresh()).toMatchObject({ status: 'refused', reason: 'signature: does not verify', serial: 1 })
    expect(host.current()?.serial).toBe(1)
    expect((await host.respond(`${SITE}/price_up`))?.page).toEqual({ release: v1.release, cohort: 'stable', via: 'package' })
  })

  it('refuses a document signed by another key, and one that is not an envelope', async () => {
    const { site, host } = await installedV1()
    const other = fakeSite()
    other.publish({ '/price_up': { stable: other.release('price_up', 'evil') } }, 50)
    site.setRolloutText(other.envelope())
    expect(await host.refresh()).toMatchObject({ status: 'refused', reason: 'signature: does not verify', serial: 1 })
    site.setRolloutText('<html>captive portal</html>')
    expect(await host.refresh()).toMatchObject({ status: 'refused', reason: 'envelope: not JSON' })
    expect(host.current()?.serial).toBe(1)
  })

  it('refuses a signed document of a lower or the same serial (a replay)', async () => {
    const { site, host } = await installedV1()
    site.publish({ '/price_up': { stable: site.release('price_up', 'v2') } }, 5)
    const five = site.envelope()
    expect(await host.refresh()).toEqual({ status: 'updated', serial: 5 })
    site.publish({ '/price_up': { stable: site.release('price_up', 'v3') } }, 4)
    expect(await host.refresh()).toMatchObject({ status: 'refused', reason: 'serial 4 ≤ 5', serial: 5 })
    site.publish({ '/price_up': { stable: site.release('price_up', 'v4') } }, 5)
    expect(await host.refresh()).toMatchObject({ status: 'refused', reason: 'serial 5 ≤ 5' })
    site.setRolloutText(five)
    expect(await host.refresh()).toEqual({ status: 'unchanged', serial: 5 })
  })

  it('refuses a signed document it cannot read whole (an unknown field), keeping the last good one', async () => {
    const { site, host } = await installedV1()
    const document = JSON.parse(JSON.parse(site.envelope()).document as string) as {
      serial: number
      routes: Record<string, { stable: object }>
    }
    document.serial = 2
    document.routes['/price_up']!.stable = { ...document.routes['/price_up']!.stable, extra: 1 }
    site.publishText(JSON.stringify(document))
    expect(await host.refresh()).toMatchObject({ status: 'refused', reason: expect.stringContaining('unknown field extra') })
    expect(host.current()?.serial).toBe(1)
  })

  it('says a failed fetch failed, and keeps its document', async () => {
    const { site, host } = await installedV1()
    site.broken.set('rollout.json', 'throw')
    expect(await host.refresh()).toMatchObject({ status: 'failed', serial: 1 })
    site.broken.set('rollout.json', 'http500')
    expect(await host.refresh()).toMatchObject({ status: 'failed', reason: 'HTTP 500' })
  })

  it('starts from the last good document it kept, verified again, and drops a kept one altered on the phone', async () => {
    const { site, storage } = await installedV1()
    const again = await hostOf(site, { storage, fetch: (() => Promise.reject(new Error('offline'))) as typeof fetch })
    expect(again.current()?.serial).toBe(1)
    expect((await again.respond(`${SITE}/price_up`))?.page?.via).toBe('package')
    const kept = text((await storage.read('rollout.json'))!)
    await storage.write('rollout.json', new TextEncoder().encode(kept.replace('"serial\\":1', '"serial\\":7')))
    const altered = await hostOf(site, { storage })
    expect(altered.current()).toBeNull()
    expect(await altered.respond(`${SITE}/price_up`)).toBeNull()
  })
})

describe('answering the WebView', () => {
  it("serves the route's URL, whatever its query, from the package, with the page's facts", async () => {
    const { v1, host } = await installedV1()
    for (const url of [`${SITE}/price_up`, `${SITE}/price_up?from=banner&x=%E4%B8%AD`, `${SITE}/price_up/`]) {
      const response = await host.respond(url)
      expect(text(response?.body)).toContain('<body>v1</body>')
      expect(response?.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response?.page).toEqual({ release: v1.release, cohort: 'stable', via: 'package' })
    }
    expect(await host.documentStartScript('/price_up')).toBe('window.kidsRollout={"cohort":"stable","via":"package"};')
  })

  it('serves a file the package lists with its content type, and leaves anything else to the network', async () => {
    const { v1, host } = await installedV1()
    const script = await host.respond(`${SITE}/${v1.files[1]!.path}?v=1`)
    expect(text(script?.body)).toBe('console.log("v1")')
    expect(script?.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
    })
    expect((await host.respond(`${SITE}/favicon.svg`))?.headers['content-type']).toBe('image/svg+xml')
    for (const url of [
      `${SITE}/`,
      `${SITE}/vip_sale`,
      `${SITE}/assets/other-1.js`,
      `${SITE}/rollout.json`,
      `${SITE}/v1/space/goods`,
      `https://api.example.com/${v1.files[1]!.path}`,
      `${SITE}/%2e%2e/%2e%2e/etc/passwd`,
      `${SITE}/assets/..%2f${v1.files[1]!.path}`,
      `${SITE}/assets%5c${v1.files[1]!.path.slice('assets/'.length)}`,
      `${SITE}/%E0%A4%A`,
      'not a url',
    ]) {
      expect(await host.respond(url), url).toBeNull()
    }
  })

  it('answers nothing before its first document, and nothing for a route the document does not name', async () => {
    const site = fakeSite()
    const host = await hostOf(site)
    expect(await host.respond(`${SITE}/price_up`)).toBeNull()
    expect(await host.choice('/price_up')).toBeNull()
    expect(await host.documentStartScript('/price_up')).toBe('')
  })
})

describe('packages', () => {
  for (const [breakage, reason] of [
    ['flip', 'sha256 differs'],
    ['truncate', 'size'],
    ['longer', 'more than'],
    ['http500', 'HTTP 500'],
    ['throw', 'download failed'],
  ] as const) {
    it(`refuses a whole package with one file ${breakage}, and the page loads from the network`, async () => {
      const site = fakeSite()
      const v1 = site.release('price_up', 'v1')
      site.broken.set(v1.files[1]!.path, breakage)
      site.publish({ '/price_up': { stable: v1 } })
      const host = await hostOf(site)
      await host.refresh()
      const result = await host.install()
      expect(result.installed).toEqual([])
      expect(result.refused).toEqual([{ route: '/price_up', reason: expect.stringContaining(reason) }])
      expect(await host.choice('/price_up')).toEqual({ release: v1.release, cohort: 'stable', via: 'network' })
      expect(await host.respond(`${SITE}/price_up`)).toBeNull()
      // Nor is any file of it served, the good ones included.
      expect(await host.respond(`${SITE}/${v1.files[2]!.path}`)).toBeNull()
      expect(await host.documentStartScript('/price_up')).toBe('window.kidsRollout={"cohort":"stable","via":"network"};')
      // Mended on the site, the next install takes it.
      site.broken.clear()
      expect((await host.install()).installed).toEqual(['/price_up'])
      expect((await host.respond(`${SITE}/price_up`))?.page?.via).toBe('package')
    })
  }

  it('never serves a version half installed: the old one stays in use until every file of the new is in', async () => {
    const { site, v1, host } = await installedV1()
    expect((await host.respond(`${SITE}/price_up`))?.page?.release).toBe(v1.release)
    const v2 = site.release('price_up', 'v2')
    site.broken.set(v2.files[0]!.path, 'hang')
    site.publish({ '/price_up': { stable: v2 } })
    await host.refresh()
    const installing = host.install()
    await new Promise((done) => setTimeout(done, 20))
    // v2's script is downloaded and stored by now, but v2 is not complete: neither is served.
    expect(site.requests).toContain(v2.files[1]!.path)
    expect(await host.respond(`${SITE}/${v2.files[1]!.path}`)).toBeNull()
    expect(await host.choice('/price_up')).toEqual({ release: v2.release, cohort: 'stable', via: 'network' })
    expect(await host.respond(`${SITE}/price_up`)).toBeNull()
    // The page open from v1 still gets v1's files.
    expect(text((await host.respond(`${SITE}/${v1.files[1]!.path}`))?.body)).toBe('console.log("v1")')
    site.releaseHanging()
    expect((await installing).installed).toEqual(['/price_up'])
    expect(text((await host.respond(`${SITE}/price_up`))?.body)).toContain('<body>v2</body>')
  })

  it('with no network, opens a page whose chosen release is not installed from the newest version that is, and says which', async () => {
    let online = true
    const { site, v1, storage } = await installedV1()
    const host = await hostOf(site, { storage, online: () => online })
    const v2 = site.release('price_up', 'v2')
    site.broken.set(v2.files[1]!.path, 'throw')
    site.publish({ '/price_up': { stable: v2 } })
    await host.refresh()
    expect((await host.install()).refused.map((r) => r.route)).toEqual(['/price_up'])
    // Online: the route's URL from the network (v2), as before.
    expect(await host.respond(`${SITE}/price_up`)).toBeNull()
    online = false
    const offline = await host.respond(`${SITE}/price_up`)
    expect(text(offline?.body)).toContain('<body>v1</body>')
    expect(offline?.page).toEqual({ release: v1.release, cohort: 'stable', via: 'package' })
    expect(await host.documentStartScript('/price_up')).toBe('window.kidsRollout={"cohort":"stable","via":"package"};')
    // Its files come from v1's package too.
    expect(text((await host.respond(`${SITE}/${v1.files[1]!.path}`))?.body)).toBe('console.log("v1")')
    // Nothing installed at all: the network's, whatever it gives.
    const bare = await hostOf(site, { online: () => false })
    await bare.refresh()
    expect(await bare.respond(`${SITE}/price_up`)).toBeNull()
  })

  it('keeps what it had when the app dies mid-install (the next start sees only complete versions)', async () => {
    const { site, v1, storage } = await installedV1()
    const v2 = site.release('price_up', 'v2')
    site.broken.set(v2.files[0]!.path, 'throw')
    site.publish({ '/price_up': { stable: v2 } })
    const host = await hostOf(site, { storage })
    await host.refresh()
    await host.install()
    expect((await readVersions(storage, '/price_up')).map((v) => v.release)).toEqual([v1.release])
  })

  it('keeps at most two versions a page: the one in use and the newest, and drops the files of the rest', async () => {
    const { site, v1, host, storage } = await installedV1()
    await host.respond(`${SITE}/price_up`)
    const releases = [v1.release]
    for (const tag of ['v2', 'v3', 'v4']) {
      const next = site.release('price_up', tag)
      site.publish({ '/price_up': { stable: next } })
      await host.refresh()
      expect((await host.install()).installed).toEqual(['/price_up'])
      releases.push(next.release)
    }
    // v1 is still open in the WebView (served, never since): kept beside the newest.
    expect((await readVersions(storage, '/price_up')).map((v) => v.release)).toEqual([v1.release, releases[3]])
    const files = await storage.list('files/')
    // Two HTMLs, two scripts, React and the icon (shared: kept once).
    expect(files).toHaveLength(6)
    await host.respond(`${SITE}/price_up`)
    const v5 = site.release('price_up', 'v5')
    site.publish({ '/price_up': { stable: v5 } })
    await host.refresh()
    await host.install()
    expect((await readVersions(storage, '/price_up')).map((v) => v.release)).toEqual([releases[3], v5.release])
  })

  it('downloads a file two pages share once', async () => {
    const site = fakeSite()
    site.publish({ '/price_up': { stable: site.release('price_up', 'v1') }, '/vip_sale': { stable: site.release('vip_sale', 'v1') } })
    const host = await hostOf(site)
    await host.refresh()
    expect((await host.install()).installed).toEqual(['/price_up', '/vip_sale'])
    expect(site.requests.filter((p) => p === 'assets/react-abc123.js')).toHaveLength(1)
  })
})

describe('cohorts', () => {
  async function canarySite(share: number) {
    const site = fakeSite()
    const stable = site.release('price_up', 'v1')
    const canary = site.release('price_up', 'v2')
    site.publish({ '/price_up': { stable, canary: site.canary(canary, share) } })
    return { site, stable, canary }
  }

  it('gives the documented test vector its cohort (device-0001, /price_up, 0123456789ab: bucket 1519)', async () => {
    const site = fakeSite()
    const stable = site.release('price_up', 'v1')
    const canary = { ...site.release('price_up', 'v2'), release: '0123456789ab' }
    canary.html = `_releases/price_up/0123456789ab.html`
    canary.files = [{ ...canary.files[0]!, path: canary.html }, ...canary.files.slice(1)]
    for (const [share, cohort] of [
      [15, 'stable'],
      [16, 'canary'],
    ] as const) {
      site.publish({ '/price_up': { stable, canary: site.canary(canary, share) } })
      const host = await hostOf(site)
      await host.refresh()
      expect((await host.choice('/price_up'))?.cohort).toBe(cohort)
    }
  })

  it('puts about the share of devices in the canary, each keeping its cohort across starts', async () => {
    const { site, canary } = await canarySite(20)
    const storage = memoryStorage()
    const first: string[] = []
    for (let i = 0; i < 400; i++) {
      const host = await hostOf(site, { deviceId: `device-${i}`, storage })
      if (i === 0) await host.refresh()
      first.push((await host.choice('/price_up'))!.cohort)
    }
    const share = first.filter((c) => c === 'canary').length / 400
    expect(share).toBeGreaterThan(0.15)
    expect(share).toBeLessThan(0.25)
    for (let i = 0; i < 400; i += 7) {
      const host = await hostOf(site, { deviceId: `device-${i}`, storage })
      const choice = await host.choice('/price_up')
      expect(choice?.cohort).toBe(first[i])
      if (choice?.cohort === 'canary') expect(choice.release).toBe(canary.release)
    }
  })

  it('installs the canary for a canary device, and serves a canary not yet installed from its immutable HTML, checked', async () => {
    const { site, canary } = await canarySite(100)
    const host = await hostOf(site)
    await host.refresh()
    const fromNetwork = await host.respond(`${SITE}/price_up?x=1`)
    expect(text(fromNetwork?.body)).toContain('<body>v2</body>')
    expect(fromNetwork?.page).toEqual({ release: canary.release, cohort: 'canary', via: 'network' })
    expect(await host.documentStartScript('/price_up')).toBe('window.kidsRollout={"cohort":"canary","via":"network"};')
    site.broken.set(canary.html, 'flip')
    expect(await host.respond(`${SITE}/price_up`)).toBeNull()
    // The route's URL gives stable then: the page is told so.
    expect(await host.documentStartScript('/price_up')).toBe('window.kidsRollout={"cohort":"stable","via":"network"};')
    site.broken.clear()
    await host.install()
    expect((await host.respond(`${SITE}/price_up`))?.page).toEqual({ release: canary.release, cohort: 'canary', via: 'package' })
  })

  it('leaves a page to the network for an app older than its release needs', async () => {
    const site = fakeSite()
    site.publish({ '/price_up': { stable: site.release('price_up', 'v1', '2.5.0') } })
    const host = await hostOf(site, { appVersion: '2.4.9' })
    await host.refresh()
    expect(await host.install()).toEqual({ installed: [], refused: [], tooOld: ['/price_up'] })
    expect(await host.choice('/price_up')).toBeNull()
    expect(await host.respond(`${SITE}/price_up`)).toBeNull()
    expect(await host.documentStartScript('/price_up')).toBe('')
    expect(site.requests).toEqual(['rollout.json'])
  })

  it('compares app versions by number', () => {
    expect(olderThan('2.4.9', '2.5.0')).toBe(true)
    expect(olderThan('2.10.0', '2.9.0')).toBe(false)
    expect(olderThan('2.5', '2.5.0')).toBe(false)
    expect(olderThan('2.5.0.1', '2.5.0')).toBe(false)
    expect(olderThan('beta', '1.0.0')).toBe(true)
  })
})

describe('directory storage', () => {
  let root = ''
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('keeps what the host wrote across starts, and refuses keys that leave its folder', async () => {
    root = mkdtempSync(join(tmpdir(), 'app-host-'))
    const storage: HostStorage = directoryStorage(root)
    const { site } = await installedV1({ storage })
    const again = await hostOf(site, { storage: directoryStorage(root) })
    expect((await again.respond(`${SITE}/price_up`))?.page?.via).toBe('package')
    expect(await storage.list('pages/')).toEqual(['pages/%2Fprice_up.json'])
    for (const key of ['../x', '/etc/passwd', 'files/../../x', 'a\\b', ''])
      await expect(storage.write(key, new Uint8Array(1))).rejects.toThrow('not a valid key')
    await storage.remove('rollout.json')
    expect(await storage.read('rollout.json')).toBeNull()
  })
})
