/**
 * A page as phones show it (issue 39): upright (390×844) and on its side (844×390), at the standard text
 * size and at 200 % (support/text-size.ts), each checked by support/phone-layout.ts and kept as a
 * screenshot, `layout-<fixture>-<page>-<w>x<h>-<size>.png`. The page is left upright at the standard size.
 */
import { expect } from 'vitest'
import type { PhonePage } from './browser'
import { layoutProblems } from './phone-layout'
import { setTextSize } from './text-size'

export const UPRIGHT = { width: 390, height: 844 }
export const ON_ITS_SIDE = { width: 844, height: 390 }
export const TEXT_SIZES = [100, 200] as const

/** Checks the page on screen in each shape and text size; `name` names its screenshots. */
export async function expectEveryShape(phone: PhonePage, name: string): Promise<void> {
  const { page } = phone
  const found: string[] = []
  for (const screen of [UPRIGHT, ON_ITS_SIDE]) {
    await page.setViewportSize(screen)
    for (const size of TEXT_SIZES) {
      await setTextSize(page, size)
      const where = `${screen.width}x${screen.height}-${size}`
      found.push(...(await layoutProblems(page)).map((problem) => `${where}: ${problem}`))
      await phone.shot(`layout-${name}-${where}`)
    }
    await setTextSize(page, 100)
  }
  await page.setViewportSize(UPRIGHT)
  expect(found, `${name}: what a reader would see wrong, on a phone upright and on its side, at 100 and 200 % text`).toEqual([])
}

/** A screenshot name for a route: its path and query as words. */
export const shapeName = (fixture: string, route: string) =>
  `${fixture}-${
    route
      .replace(/fakeHost\w*=[^&]*&?/g, '')
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '') || 'home'
  }`
