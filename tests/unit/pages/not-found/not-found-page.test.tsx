import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pageTree } from '@shared/app/page-tree'
import { NotFoundPage } from '../../../../pages/404/not-found-page'
import page from '../../../../pages/404/page'
import { installAndroidHost, removeHost } from '../../bridge/fake-host'

afterEach(removeHost)

describe('the 404 page', () => {
  it('says the page does not exist and leads home in a browser', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    render(pageTree(page, <NotFoundPage />))
    expect(screen.getByRole('heading', { level: 1, name: '页面不存在' })).toBeTruthy()
    expect(screen.getByText('您访问的页面不存在或已被移除')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }))
    expect(assign).toHaveBeenCalledWith('/')
  })

  it('in the app leaves the way out to the header: back, or close the WebView', async () => {
    vi.spyOn(history, 'length', 'get').mockReturnValue(1)
    const host = installAndroidHost('getUserInfo', 'closeWebview')
    render(pageTree(page, <NotFoundPage />))
    expect(screen.queryByRole('button', { name: '返回首页' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: '返回' }))
    expect(host.closeWebview).toHaveBeenCalledOnce()
  })
})
