/**
 * The word share (/word_share) played through with real audio in Chromium, in both fixtures: the word
 * count, UK/US phonetics and audio, a word and its example, every word to the end slide (a word tapped
 * during auto-play on the way).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { closeBrowser, type Fixture } from './support/browser'
import { expectAccessible } from './support/axe'
import { QUICK_SHARES, quickClip } from './support/quick-shares'
import { counter, media, open, settle, slide, swipe, swipeLeftTo } from './support/recorded-share'

afterAll(closeBrowser)

describe.each<Fixture>(['browser', 'app'])('the word share in the %s fixture', (fixture) => {
  it('counts words, swaps UK/US phonetics and audio, and plays a word and its example', async () => {
    const phone = await open(fixture, '/word_share?r=demo-words')
    const { page } = phone
    await page.getByRole('button', { name: '开始欣赏《看图学单词》' }).click()
    await expect.poll(() => counter(page, '1/8').isVisible()).toBe(true)
    await expect.poll(async () => (await media(page)).src).toBe('/media/words/apple-rec.mp3')
    await settle(page)
    await phone.shot(`recorded-share-${fixture}-word`)
    await expectAccessible(phone.page, `recorded-share-${fixture}-word`)
    // Step: to dog, whose UK and US phonetics differ (/dɒɡ/, /dɑːɡ/); 自动翻页 off keeps the player there.
    await page.getByRole('checkbox', { name: '自动翻页' }).uncheck()
    await swipeLeftTo(page, '4/8')
    expect(await counter(page, '4/8').isVisible()).toBe(true)
    expect(await slide(page).getByText('/dɒɡ/', { exact: true }).isVisible()).toBe(true)
    await slide(page).getByRole('button', { name: 'dog' }).click()
    await expect.poll(async () => (await media(page)).src).toBe('/media/words/dog-uk.mp3')
    // Let it end first (with 自动翻页 off the player then waits on the word).
    await expect.poll(async () => (await media(page)).paused, { timeout: 5000 }).toBe(true)
    // Step: 美 is pressed, swaps the phonetic and plays the US pronunciation and example.
    const us = slide(page).getByRole('button', { name: '美' })
    await us.click()
    expect(await us.getAttribute('aria-pressed')).toBe('true')
    expect(await slide(page).getByRole('button', { name: '英' }).getAttribute('aria-pressed')).toBe('false')
    expect(await slide(page).getByText('/dɑːɡ/', { exact: true }).isVisible()).toBe(true)
    expect(await slide(page).getByText('/dɒɡ/', { exact: true }).count()).toBe(0)
    await slide(page).getByRole('button', { name: 'dog' }).click()
    await expect.poll(async () => (await media(page)).src).toBe('/media/words/dog-us.mp3')
    await slide(page).getByRole('button', { name: '播放例句' }).click()
    await expect.poll(async () => (await media(page)).src).toBe('/media/words/dog-example-us.mp3')
    await settle(page)
    await phone.shot(`recorded-share-${fixture}-word-us`)
    await expectAccessible(phone.page, `recorded-share-${fixture}-word-us`)
    // Step: with 原声 off the word plays its pronunciation in the chosen accent.
    await slide(page).getByRole('button', { name: '暂停例句' }).click()
    await page.getByRole('checkbox', { name: '原声' }).uncheck()
    await slide(page).getByRole('button', { name: '播放', exact: true }).click()
    await expect.poll(async () => (await media(page)).src).toBe('/media/words/dog-us.mp3')
    // Step: 英 swaps back.
    await slide(page).getByRole('button', { name: '英' }).click()
    expect(await slide(page).getByText('/dɒɡ/', { exact: true }).isVisible()).toBe(true)
    await slide(page).getByRole('button', { name: 'dog' }).click()
    await expect.poll(async () => (await media(page)).src).toBe('/media/words/dog-uk.mp3')
    // Step: the next word.
    await swipe(page, 'left')
    await expect.poll(() => counter(page, '5/8').isVisible()).toBe(true)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  // The demo word list with its recordings and pronunciations cut to their first 0.6 s (support/quick-shares.ts).
  it('plays every word by itself to the end slide, a word tapped on the way included, then goes home with 返回首页', async () => {
    const phone = await open(fixture, `/word_share?r=${QUICK_SHARES.words}`)
    const { page } = phone
    await page.getByRole('button', { name: '开始欣赏《看图学单词》' }).click()
    await expect.poll(() => counter(page, '1/8').isVisible()).toBe(true)
    // Step: on cat, a tap on the word during auto-play: heard once, and the words go on turning by
    // themselves (docs/decisions.md), 自动翻页 still ticked. Tapped as its slide shows: while its
    // recording plays or in the pause before the next word, the same either way.
    await expect.poll(() => counter(page, '2/8').isVisible(), { timeout: 10_000 }).toBe(true)
    await slide(page).getByRole('button', { name: 'cat' }).click()
    // Step: the words turn by themselves; ball has no recording, so its UK pronunciation plays.
    await expect.poll(() => slide(page).getByText('《看图学单词》欣赏结束').isVisible(), { timeout: 30_000 }).toBe(true)
    const played = await media(page)
    expect(played.played).toEqual(
      ['apple-rec', 'cat-rec', 'cat-uk', 'sun-rec', 'dog-rec', 'fish-rec', 'tree-rec', 'ball-uk', 'bird-rec'].map((f) =>
        quickClip(`/media/words/${f}.mp3`),
      ),
    )
    // Every clip played to its end but cat's recording, which the tap may have cut short.
    expect(played.ended).toBeGreaterThanOrEqual(8)
    expect(await page.getByRole('checkbox', { name: '自动翻页' }).isChecked()).toBe(true)
    await settle(page)
    await phone.shot(`recorded-share-${fixture}-word-end`)
    await expectAccessible(phone.page, `recorded-share-${fixture}-word-end`)
    // Step: 返回首页 goes back to the cover, silent.
    await slide(page).getByRole('button', { name: '返回首页' }).click()
    await expect.poll(() => page.getByRole('button', { name: '开始欣赏《看图学单词》' }).isVisible()).toBe(true)
    expect((await media(page)).paused).toBe(true)
    await settle(page)
    await phone.shot(`recorded-share-${fixture}-word-cover`)
    await expectAccessible(phone.page, `recorded-share-${fixture}-word-cover`)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('shows the word variant on /recorded_share when the share has words', async () => {
    const phone = await open(fixture, '/recorded_share?r=demo-words')
    await phone.page.getByRole('button', { name: '开始欣赏《看图学单词》' }).click()
    await expect.poll(() => counter(phone.page, '1/8').isVisible()).toBe(true)
    expect(await slide(phone.page).getByRole('button', { name: '英' }).isVisible()).toBe(true)
    await phone.context.close()
  })
})
