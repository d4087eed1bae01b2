import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { act, useState } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { MountedPage } from '@shared/app/define-page'
import { mountPage } from '@shared/app/mount-page'
import { mountPage as mountSignedInPage } from '@shared/app/mount-signed-in-page'
import { PageShell } from '@shared/components/page-shell'
import { nativeDecryptData } from '@shared/bridge/decrypt-queue'
import { clearToast } from '@shared/components/toast'

function Counter() {
  const [n, setN] = useState(0)
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      点了{n}次
    </button>
  )
}

/** A #root as the build writes it: empty, or holding a prerendered frame in `mode`. */
function rootWith(markup = '', mode?: 'hydrate' | 'replace'): HTMLElement {
  const root = document.createElement('div')
  root.id = 'root'
  if (mode) root.setAttribute('data-prerendered', mode)
  root.innerHTML = markup
  document.body.appendChild(root)
  return root
}

/** A page's descriptor as mountPage reads it: its title, and whether it needs a signed-in user. */
const PAGE = { signedIn: false, currentTitle: () => '测试页' }

async function mount(element: React.ReactElement, page: MountedPage = PAGE): Promise<void> {
  await act(async () => {
    mountPage(page, element)
  })
}

beforeAll(() => {
  // mountPage creates its own root, outside Testing Library's render: tell React that act() is in use.
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

afterEach(() => {
  act(clearToast)
  document.body.innerHTML = ''
})

describe('mountPage', () => {
  it('renders the page into an empty #root', async () => {
    rootWith()
    await mount(<Counter />)
    screen.getByRole('button', { name: '点了0次' })
  })

  it('hydrates a frame marked hydrate: the prerendered node stays and answers clicks', async () => {
    const root = rootWith(renderToString(<Counter />), 'hydrate')
    const prerendered = root.querySelector('button')
    await mount(<Counter />)
    const button = screen.getByRole('button', { name: '点了0次' })
    expect(button).toBe(prerendered)
    await userEvent.click(button)
    expect(button.textContent).toBe('点了1次')
  })

  it('replaces a frame marked replace with the first client render', async () => {
    const root = rootWith('<p>页面框架</p>', 'replace')
    const frame = root.firstChild
    await mount(<Counter />)
    expect(root.contains(frame)).toBe(false)
    expect(screen.queryByText('页面框架')).toBeNull()
    screen.getByRole('button', { name: '点了0次' })
  })

  it('renders from scratch when the guard script dropped the frame (no marker left)', async () => {
    const root = rootWith()
    await mount(<Counter />)
    expect(root.children).toHaveLength(1)
  })

  it('asks to upgrade the app in a toast when the core finds nativeDecrypt missing', async () => {
    rootWith()
    await mount(<Counter />)
    await act(async () => {
      await expect(nativeDecryptData('cipher')).rejects.toMatchObject({ reason: 'unavailable' })
    })
    expect(screen.getByRole('alert').textContent).toBe('请升级App到最新版本')
  })

  it("gives every PageShell the page's own title, and the document title", async () => {
    rootWith()
    await mount(<PageShell>内容</PageShell>, { signedIn: false, currentTitle: () => '开通会员' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('开通会员')
    expect(document.title).toBe('开通会员')
  })

  it('shows a signed-in page outside the app as the open-in-app screen under its title, never the page', async () => {
    rootWith()
    await act(async () => {
      mountSignedInPage({ signedIn: true, currentTitle: () => '空间扩容' }, <p>账户内容</p>)
    })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('空间扩容')
    expect(screen.getByRole('heading', { name: '请在App内打开' })).toBeTruthy()
    expect(screen.queryByText('账户内容')).toBeNull()
  })

  it('refuses to mount a signed-in page without its open-in-app screen (the build picks the other mountPage)', () => {
    rootWith()
    expect(() => mountPage({ signedIn: true, currentTitle: () => '空间扩容' }, <p />)).toThrow('mount-signed-in-page')
  })

  it('fails loudly when the page HTML has no #root', () => {
    expect(() => mountPage(PAGE, <Counter />)).toThrow('#root is missing')
  })
})
