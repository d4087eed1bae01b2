import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PageShell } from '@shared/components/page-shell'
import { clearOverlays } from './clear-overlays'

vi.mock('@shared/bridge', () => ({ goBackOrClose: vi.fn() }))

afterEach(clearOverlays)

function Broken(): never {
  throw new Error('页面崩溃了')
}

describe('PageShell', () => {
  it('shows the header with the title, a back button and the page in main', () => {
    render(
      <PageShell title="空间扩容">
        <p>容量</p>
      </PageShell>,
    )
    screen.getByRole('heading', { level: 1, name: '空间扩容' })
    screen.getByRole('button', { name: '返回' })
    expect(screen.getByRole('main').textContent).toBe('容量')
  })

  it('sets the document title', () => {
    render(<PageShell title="价格调整通知">内容</PageShell>)
    expect(document.title).toBe('价格调整通知')
  })

  it('passes header options through', () => {
    render(
      <PageShell title="价格调整通知" header={{ isShowBack: false }}>
        内容
      </PageShell>,
    )
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull()
  })

  it('has no header when header is false', () => {
    render(
      <PageShell title="新年空间扩容礼包" header={false}>
        内容
      </PageShell>,
    )
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
  })

  it('keeps the header when the page throws, and shows 出错了', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <PageShell title="自制绘本列表">
        <Broken />
      </PageShell>,
    )
    screen.getByRole('button', { name: '返回' })
    screen.getByRole('heading', { name: '出错了' })
  })
})
