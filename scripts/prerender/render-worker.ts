/**
 * Renders one page of the server build in a worker thread: a fresh module graph and fresh globals per
 * environment, so one page's module state (a cached user agent...) cannot leak into another's, and the
 * build process's own globals are never touched.
 *
 * In the worker, the browser globals (window, document, navigator, location, storage) are getters:
 * absent (undefined), as on a server, or a stub phone (`probe`). Reads during a render are recorded,
 * and so is any useSyncExternalStore that answered with its server snapshot. A probe render is what
 * the client shows once it has caught up on that phone: every external store answers with its client
 * snapshot, and the app probe has a host bridge with every handler (docs/contracts/bridge.md).
 */
import { Worker } from 'node:worker_threads'

/** A stub phone: its user agent, whether the host bridge is there, and the URLs to render at. */
export interface ProbeEnv {
  userAgent: string
  inApp: boolean
  hrefs: string[]
}

/** One render's markup and what it read. */
export interface Render {
  markup: string
  globals: string[]
  externalStores: boolean
}

export type RenderOutcome = { ok: true; renders: Render[] } | { ok: false; error: string }

/** The file: URLs the worker needs: the page's entry, the render entry, and every chunk to load first. */
export interface WorkerFiles {
  pageUrl: string
  serverEntryUrl: string
  preload: readonly string[]
}

// CommonJS, run with `eval: true`: Node's worker cannot load a .ts file.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads')
const { pageUrl, serverEntryUrl, preload, probe, timeoutMs } = workerData
const NAMES = ['window', 'self', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage']
let touched = new Set()
let tracking = false
let externalStores = false
const values = {}
// Before any ES import of React: Node builds the ES view of a CommonJS module from its exports once.
const React = require('node:module').createRequire(serverEntryUrl)('react')
const useStore = React.useSyncExternalStore
React.useSyncExternalStore = (subscribe, getSnapshot, getServerSnapshot) => {
  if (tracking && getServerSnapshot) externalStores = true
  return useStore(subscribe, getSnapshot, probe && getServerSnapshot ? getSnapshot : getServerSnapshot)
}
if (probe) {
  const store = new Map()
  const storage = { getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, String(v)),
    removeItem: (k) => store.delete(k), clear: () => store.clear(), key: () => null, get length() { return store.size } }
  Object.assign(values, { window: globalThis, self: globalThis, navigator: { userAgent: probe.userAgent, language: 'zh-CN' },
    localStorage: storage, sessionStorage: storage })
  if (probe.inApp) globalThis.KidsEnglishBridge = new Proxy({}, { get: () => () => {} })
}
for (const name of NAMES) {
  Object.defineProperty(globalThis, name, { configurable: true, get() { if (tracking) touched.add(name); return values[name] } })
}
;(async () => {
  try {
    const { render, takeMounted } = await import(serverEntryUrl)
    // Every shared and lazy chunk first: a module's top-level code is not the page's render.
    for (const url of preload) await import(url)
    await import(pageUrl)
    const element = takeMounted()
    if (!element) throw new Error('the entry did not call mountPage()')
    const renders = []
    for (const href of probe ? probe.hrefs : [null]) {
      if (href) values.location = new URL(href)
      touched = new Set()
      externalStores = false
      tracking = true
      const markup = await render(element, timeoutMs)
      tracking = false
      renders.push({ markup, globals: [...touched].sort(), externalStores })
    }
    parentPort.postMessage({ ok: true, renders })
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String((error && error.stack) || error).split('\\n').slice(0, 4).join('\\n') })
  }
})()
`

/** Renders the page whose server-build entry is `files.pageUrl` in a new worker, once per probe URL. */
export function renderInWorker(files: WorkerFiles, probe: ProbeEnv | null, timeoutMs = 10_000): Promise<RenderOutcome> {
  const renders = probe ? probe.hrefs.length : 1
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ...files, preload: [...files.preload], probe, timeoutMs } })
    let settled = false
    const finish = (outcome: RenderOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void worker.terminate()
      resolve(outcome)
    }
    // A page that leaves a timer or socket open must not hang the build.
    const limit = renders * timeoutMs + 5000
    const timer = setTimeout(() => finish({ ok: false, error: `no answer within ${limit} ms` }), limit)
    worker.once('message', (outcome: RenderOutcome) => finish(outcome))
    worker.once('error', (error) => finish({ ok: false, error: String(error) }))
    worker.once('exit', (code) => finish({ ok: false, error: `worker exited with code ${code}` }))
  })
}
