import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ErrorBoundary, isChunkLoadError } from '@shared/components/error-boundary'
import { clearOverlays } from './clear-overlays'

afterEach(clearOverlays)

let failure: { value: unknown } | null = null

function Page() {
  if (failure) throw failure.value
  return <p>页面内容</p>
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    failure = null
    // React reports every caught error on console.error; keep the output readable.
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })

  it('shows its children while nothing fails', () => {
    render(
      <ErrorBoundary>
        <Page />
      </ErrorBoundary>,
    )
    screen.getByText('页面内容')
  })

  it('catches a render error and shows 出错了 with the message behind 查看详情', async () => {
    const user = userEvent.setup()
    failure = { value: new TypeError("Cannot read properties of null (reading 'title')") }
    render(
      <ErrorBoundary>
        <Page />
      </ErrorBoundary>,
    )
    screen.getByRole('heading', { name: '出错了' })
    const details = screen.getByRole('group')
    expect(details.hasAttribute('open')).toBe(false)
    await user.click(screen.getByText('查看详情'))
    expect(details.hasAttribute('open')).toBe(true)
    screen.getByText("Cannot read properties of null (reading 'title')")
  })

  it('renders the page again when the user taps 重试', async () => {
    const user = userEvent.setup()
    const onReset = vi.fn()
    failure = { value: new Error('boom') }
    render(
      <ErrorBoundary onReset={onReset}>
        <Page />
      </ErrorBoundary>,
    )
    failure = null
    await user.click(screen.getByRole('button', { name: '重试' }))
    expect(onReset).toHaveBeenCalledTimes(1)
    screen.getByText('页面内容')
  })

  it('offers 重新加载 for a failed chunk load, which reloads the page', async () => {
    const user = userEvent.setup()
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    failure = { value: new TypeError('Failed to fetch dynamically imported module: https://h5.example.com/assets/list-3f2a.js') }
    render(
      <ErrorBoundary>
        <Page />
      </ErrorBoundary>,
    )
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull()
    await user.click(screen.getByRole('button', { name: '重新加载' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('still shows the fallback when null is thrown', () => {
    failure = { value: null }
    render(
      <ErrorBoundary>
        <Page />
      </ErrorBoundary>,
    )
    screen.getByRole('heading', { name: '出错了' })
    screen.getByText('null')
  })

  it('shows an HTML error message as text', () => {
    failure = { value: new Error('<img src=x onerror=alert(1)>') }
    render(
      <ErrorBoundary>
        <Page />
      </ErrorBoundary>,
    )
    screen.getByText('<img src=x onerror=alert(1)>')
    expect(document.querySelector('img')).toBeNull()
  })
})

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: /assets/a.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: /assets/a.js',
    'Unable to preload CSS for /assets/a.css',
  ])('recognises “%s”', (message) => {
    expect(isChunkLoadError(new Error(message))).toBe(true)
  })

  it('recognises an error named ChunkLoadError', () => {
    const error = new Error('Loading chunk 7 failed.')
    error.name = 'ChunkLoadError'
    expect(isChunkLoadError(error)).toBe(true)
  })

  it.each([new Error('boom'), null, undefined, 'Failed to fetch dynamically imported module', { message: 42 }])('rejects %s', (value) => {
    expect(isChunkLoadError(value)).toBe(false)
  })
})
