/**
 * The prerender's own entry in the server build, bundled with the pages so it shares their React and
 * their stand-in for mount-page. A render worker (render-worker.ts) imports it beside a page's entry.
 */
import { createElement, StrictMode, type ReactElement } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'

export { takeMounted } from './collector'

/**
 * Renders `element` as mountPage would mount it (inside StrictMode) to static HTML, waiting for lazy
 * components. Rejects when the render throws, when any part of it errors (that part would be
 * client-rendered, and hydrating it reports an error) or when it takes longer than `timeoutMs`.
 */
export async function render(element: ReactElement, timeoutMs: number): Promise<string> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new Error(`render took longer than ${timeoutMs} ms`)), timeoutMs)
  const errors: unknown[] = []
  try {
    const { prelude } = await prerenderToNodeStream(createElement(StrictMode, null, element), {
      signal: controller.signal,
      onError: (error) => {
        errors.push(error)
      },
    })
    let html = ''
    for await (const chunk of prelude) html += String(chunk)
    if (errors.length) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]))
    return html
  } finally {
    clearTimeout(timer)
  }
}
