/**
 * A page whose own code fails to load, or never starts, shows `出错了` with `重新加载` instead of its
 * loading frame forever (scripts/build/entry-watchdog.ts).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { closeBrowser, openPhone } from './support/browser'

afterAll(closeBrowser)

describe('a page whose code cannot load', () => {
  it('shows the error view at once when a static import fails, and 重新加载 recovers', async () => {
    const phone = await openPhone('browser')
    // Step: one of the entry's static imports fails (tried by the attack: header-bar-*.js).
    await phone.page.route('**/assets/header-bar-*.js', (route) => route.abort())
    const started = Date.now()
    await phone.page.goto(`${phone.baseUrl}/price_up`)
    const reload = phone.page.getByRole('button', { name: '重新加载' })
    await reload.waitFor({ timeout: 5_000 })
    expect(Date.now() - started).toBeLessThan(5_000)
    await expect.poll(() => phone.page.getByRole('alert').innerText()).toContain('出错了')
    expect(await phone.page.getByRole('button', { name: '关闭' }).count()).toBe(0)
    await phone.shot('watchdog-browser')
    // Step: the network is back; 重新加载 loads the page.
    await phone.page.unroute('**/assets/header-bar-*.js')
    await reload.click()
    await phone.page.getByRole('button', { name: '查看会员方案' }).waitFor()
    await phone.context.close()
  })

  it('shows it when the entry has not started after 15 s, and offers 关闭 in the app', async () => {
    const phone = await openPhone('app')
    await phone.page.clock.install()
    // Step: the entry chunk never arrives.
    await phone.page.route('**/assets/price_up-*.js', () => {})
    // (A pending module script holds DOMContentLoaded back, so wait for the frame itself.)
    await phone.page.goto(`${phone.baseUrl}/price_up`, { waitUntil: 'commit' })
    await phone.page.locator('#root header').waitFor()
    await phone.page.clock.fastForward(14_000)
    expect(await phone.page.getByRole('button', { name: '重新加载' }).count()).toBe(0)
    await phone.page.clock.fastForward(1_500)
    await phone.page.getByRole('button', { name: '重新加载' }).waitFor()
    await phone.shot('watchdog-app')
    // Step: in the app the page cannot handle the back button, so it offers to close the WebView.
    await phone.page.getByRole('button', { name: '关闭' }).click()
    expect(await phone.calls('closeWebview')).toHaveLength(1)
    await phone.context.close()
  })

  it('stays out of the way of a page that starts', async () => {
    const phone = await openPhone('browser')
    await phone.page.clock.install()
    await phone.page.goto(`${phone.baseUrl}/price_up`)
    await phone.page.getByRole('button', { name: '查看会员方案' }).waitFor()
    await phone.page.clock.fastForward(20_000)
    expect(await phone.page.getByRole('button', { name: '重新加载' }).count()).toBe(0)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})
