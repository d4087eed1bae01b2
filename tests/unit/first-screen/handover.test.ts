/** shared/first-screen/handover.ts: from the first screen the head script drew to React, nothing lost. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  elementAt,
  handover,
  KEPT,
  pathOf,
  RELEASE_MS,
  recordForHandover,
  redrawn,
  replayTap,
  takeOver,
  whenReleased,
} from '@shared/first-screen/handover'
import { PENDING } from '@shared/first-screen/to-dom'
import { PLAYS_AUDIO, takeUnlockedAudio } from '@shared/first-screen/unlocked-audio'
import { TELEMETRY_QUEUE_GLOBAL, type TelemetryEntry } from '@shared/telemetry/early'
import { forgetHandover } from './support/forget-handover'

/** A drawn screen: a pending start button, a plan's label around a pending radio, a scroll box, a plain link. */
function drawScreen(): void {
  document.body.innerHTML = `<div id="root"><main>
    <button type="button" ${PENDING} aria-disabled="true">开始欣赏《Mimi》</button>
    <label><input type="radio" name="plan" ${PENDING}><span>年卡</span></label>
    <div class="box" style="height:50px;overflow:auto"><p style="height:500px">长</p></div>
    <a href="#plain">plain</a>
  </main></div>`
}

let started = 0
beforeEach(() => {
  forgetHandover()
  drawScreen()
  started = 0
})
afterEach(() => {
  vi.useRealTimers()
  // The listeners stay on the document, but act only while a drawn screen is live.
  const state = handover()
  if (state) state.live = false
})

const start = () => document.querySelector('button')!
const click = (target: Element) => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))

describe('paths', () => {
  it('names an element by its element indexes from #root, and finds it again', () => {
    expect(pathOf(start())).toEqual([0, 0])
    expect(elementAt([0, 0])).toBe(start())
    expect(pathOf(document.body)).toBeNull()
  })
})

describe('while the drawn screen is up', () => {
  it('keeps a tap on a pending control (its default stopped) and does it again on React’s copy', () => {
    recordForHandover()
    const onClick = vi.fn()
    start().addEventListener('click', onClick)
    expect(click(start())).toBe(false) // prevented
    expect(onClick).not.toHaveBeenCalled() // stopped in the capture phase
    expect(handover()!.tap).toEqual({ path: [0, 0], tag: 'button', name: '开始欣赏《Mimi》', focus: false })

    // React draws the same screen: its button at the same path gets the click.
    drawScreen()
    const reactClick = vi.fn()
    start().addEventListener('click', reactClick)
    replayTap(takeOver())
    expect(reactClick).toHaveBeenCalledOnce()
    expect(handover()!.live).toBe(false)
  })

  it('keeps a tap on the label of a pending radio as a tap on the label, and checks nothing before React', () => {
    recordForHandover()
    const radio = document.querySelector('input')!
    click(document.querySelector('label span')!)
    expect(radio.checked).toBe(false)
    expect(handover()!.tap).toEqual({ path: [0, 1], tag: 'label', name: '年卡', focus: false })
  })

  it('unlocks audio within a tap on a control that starts it (the tap done again later is no longer one WebKit lets play)', () => {
    recordForHandover()
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    try {
      // A pending control that plays nothing unlocks nothing.
      click(document.querySelector('label span')!)
      expect(play).not.toHaveBeenCalled()
      expect(takeUnlockedAudio()).toBeNull()

      start().setAttribute(PLAYS_AUDIO, '')
      click(start())
      expect(play).toHaveBeenCalledOnce() // inside the tap
      const unlocked = play.mock.instances[0] as unknown as HTMLAudioElement
      expect(unlocked.src).toMatch(/^data:audio\/wav;base64,/)
      // The player takes that element for its clips, once.
      expect(takeUnlockedAudio()).toBe(unlocked)
      expect(takeUnlockedAudio()).toBeNull()
    } finally {
      play.mockRestore()
    }
  })

  it('leaves controls that need no React alone', () => {
    recordForHandover()
    expect(click(document.querySelector('a')!)).toBe(true)
    expect(handover()!.tap).toBeNull()
  })

  it('puts scrolled boxes back where the reader left them', () => {
    recordForHandover()
    const box = document.querySelector('.box')!
    box.scrollTop = 120
    box.dispatchEvent(new Event('scroll'))
    drawScreen()
    takeOver()
    expect(document.querySelector('.box')!.scrollTop).toBe(120)
  })

  it('shows at once that the tap was heard, on the one control whose tap is kept', () => {
    recordForHandover()
    const [remove, edit] = drawRow()
    click(remove)
    expect(remove.hasAttribute(KEPT) && remove.getAttribute('aria-busy')).toBe('true')
    click(remove)
    click(edit)
    // The mark moves with the kept tap: the screen shows the action that will be done.
    expect(remove.hasAttribute(KEPT) || remove.hasAttribute('aria-busy')).toBe(false)
    expect(edit.hasAttribute(KEPT)).toBe(true)
    expect(handover()!.tap).toMatchObject({ tag: 'button', name: '编辑' })
  })

  it('does nothing once React has taken over', () => {
    recordForHandover()
    takeOver()
    expect(click(start())).toBe(true)
    expect(handover()!.tap).toBeNull()
  })
})

/** A folder row's two buttons, drawn pending, after the screen's other controls. */
function drawRow(): [HTMLButtonElement, HTMLButtonElement] {
  document
    .querySelector('main')!
    .insertAdjacentHTML(
      'beforeend',
      `<div><button type="button" ${PENDING} aria-disabled="true">删除</button><button type="button" ${PENDING} aria-disabled="true">编辑</button></div>`,
    )
  return [...document.querySelectorAll<HTMLButtonElement>('main > div > button')] as [HTMLButtonElement, HTMLButtonElement]
}

const problems = () =>
  ((window as unknown as Record<string, TelemetryEntry[] | undefined>)[TELEMETRY_QUEUE_GLOBAL] ?? []).flatMap((e) =>
    e.type === 'problem' ? [e.problem.message] : [],
  )

describe('doing the kept tap again', () => {
  it('does nothing when React’s control at that place is another one, and says so', () => {
    recordForHandover()
    click(drawRow()[1]) // 编辑
    // React's tree differs: 删除 where 编辑 was.
    drawScreen()
    const [remove] = drawRow()
    document.querySelector('main > div')!.replaceChildren(remove)
    const pressed = vi.fn()
    remove.addEventListener('click', pressed)
    replayTap(takeOver())
    expect(pressed).not.toHaveBeenCalled()
    expect(problems().at(-1)).toBe('the tap kept on <button> “编辑” found nothing: not done')
  })

  it('does nothing when a control of the same name has another tag', () => {
    recordForHandover()
    click(start())
    document.body.innerHTML = '<div id="root"><main><a href="#x">开始欣赏《Mimi》</a></main></div>'
    const followed = vi.fn()
    document.querySelector('a')!.addEventListener('click', followed)
    replayTap(takeOver())
    expect(followed).not.toHaveBeenCalled()
    expect(problems().at(-1)).toBe('the tap kept on <button> “开始欣赏《Mimi》” found <a> “开始欣赏《Mimi》”: not done')
  })

  it('does nothing when the control at the same place has another name', () => {
    recordForHandover()
    click(start())
    document.body.innerHTML = '<div id="root"><main><button>删除</button></main></div>'
    const pressed = vi.fn()
    document.querySelector('button')!.addEventListener('click', pressed)
    replayTap(takeOver())
    expect(pressed).not.toHaveBeenCalled()
    expect(problems().at(-1)).toBe('the tap kept on <button> “开始欣赏《Mimi》” found <button> “删除”: not done')
  })

  it('forgets the tap when the first screen is drawn again (a reply came in)', () => {
    recordForHandover()
    click(start())
    redrawn()
    drawScreen()
    const pressed = vi.fn()
    start().addEventListener('click', pressed)
    replayTap(takeOver())
    expect(pressed).not.toHaveBeenCalled()
  })
})

describe('whenReleased', () => {
  it('mounts at once when the head script drew nothing, or no finger is down', () => {
    whenReleased(() => started++)
    expect(started).toBe(1)
    recordForHandover()
    whenReleased(() => started++)
    expect(started).toBe(2)
  })

  it(`waits for the finger to lift, then ${RELEASE_MS} ms, before React takes over`, () => {
    vi.useFakeTimers()
    recordForHandover()
    document.dispatchEvent(new Event('pointerdown'))
    whenReleased(() => started++)
    vi.advanceTimersByTime(500)
    expect(started).toBe(0)
    window.dispatchEvent(new Event('pointerup'))
    vi.advanceTimersByTime(RELEASE_MS - 60)
    expect(started).toBe(0)
    vi.advanceTimersByTime(120)
    expect(started).toBe(1)
  })
})
