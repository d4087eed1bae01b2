/**
 * Renders the pages of the server build in one worker thread (starting a worker and loading React
 * costs far more than a render): each render job gets a fresh module graph and fresh globals, so one
 * page's module state (a cached user agent...) cannot leak into another's environment, and the build
 * process's own globals are never touched. The fresh graph is a module-resolution hook in the worker:
 * a job imports the page as `page.mjs?gen=N`, and every file of the server build it imports gets the
 * same `?gen=N`, so Node evaluates the whole graph again; dependencies (React) are shared.
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

// Resolution hook (runs on Node's loader thread): a file of the build imported from a `?gen=N` module gets `?gen=N` too.
const HOOKS = `
let root = ''
export function initialize(data) { root = data.root }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  const gen = context.parentURL && context.parentURL.startsWith(root) ? new URL(context.parentURL).searchParams.get('gen') : null
  if (!gen || !resolved.url.startsWith(root) || resolved.url.includes('?')) return resolved
  return { ...resolved, url: resolved.url + '?gen=' + gen }
}
`

// CommonJS, run with `eval: true`: Node's worker cannot load a .ts file.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads')
const { createRequire, register } = require('node:module')
const { serverEntryUrl, root, hooks } = workerData
register('data:text/javascript,' + encodeURIComponent(hooks), { data: { root } })
const NAMES = ['window', 'self', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage']
let touched = new Set()
let tracking = false
let externalStores = false
let probe = null
let values = {}
// Before any ES import of React: Node builds the ES view of a CommonJS module from its exports once.
const React = createRequire(serverEntryUrl)('react')
const useStore = React.useSyncExternalStore
React.useSyncExternalStore = (subscribe, getSnapshot, getServerSnapshot) => {
  if (tracking && getServerSnapshot) externalStores = true
  return useStore(subscribe, getSnapshot, probe && getServerSnapshot ? getSnapshot : getServerSnapshot)
}
for (const name of NAMES) {
  Object.defineProperty(globalThis, name, { configurable: true, get() { if (tracking) touched.add(name); return values[name] } })
}
/** The globals of a job: none (a server), or a stub phone. */
function setUp(job) {
  probe = job.probe
  values = {}
  delete globalThis.KidsEnglishBridge
  if (!probe) return
  const store = new Map()
  const storage = { getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, String(v)),
    removeItem: (k) => store.delete(k), clear: () => store.clear(), key: () => null, get length() { return store.size } }
  Object.assign(values, { window: globalThis, self: globalThis, navigator: { userAgent: probe.userAgent, language: 'zh-CN' },
    localStorage: storage, sessionStorage: storage })
  if (probe.inApp) globalThis.KidsEnglishBridge = new Proxy({}, { get: () => () => {} })
}
const entry = import(serverEntryUrl)
parentPort.on('message', async (job) => {
  try {
    setUp(job)
    const { render, takeMounted } = await entry
    const fresh = (url) => url + (url.includes('?') ? '&' : '?') + 'gen=' + job.id
    // Every shared and lazy chunk first: a module's top-level code is not the page's render.
    for (const url of job.preload) await import(fresh(url))
    takeMounted()
    await import(fresh(job.pageUrl))
    const element = takeMounted()
    if (!element) throw new Error('the entry did not call mountPage()')
    const renders = []
    for (const href of probe ? probe.hrefs : [null]) {
      if (href) values.location = new URL(href)
      touched = new Set()
      externalStores = false
      tracking = true
      const markup = await render(element, job.timeoutMs).finally(() => { tracking = false })
      renders.push({ markup, globals: [...touched].sort(), externalStores })
    }
    parentPort.postMessage({ id: job.id, outcome: { ok: true, renders } })
  } catch (error) {
    tracking = false
    parentPort.postMessage({ id: job.id, outcome: { ok: false, error: String((error && error.stack) || error).split('\\n').slice(0, 4).join('\\n') } })
  }
})
`

interface Job {
  id: number
  pageUrl: string
  preload: readonly string[]
  probe: ProbeEnv | null
  timeoutMs: number
  done: (outcome: RenderOutcome) => void
}

/** One worker for every page of one server build; its jobs run one after another. */
class RenderWorker {
  private worker: Worker | null = null
  private readonly queue: Job[] = []
  private running: { job: Job; timer: NodeJS.Timeout } | null = null

  constructor(private readonly serverEntryUrl: string) {}

  add(job: Job): void {
    this.queue.push(job)
    this.next()
  }

  close(): void {
    void this.worker?.terminate()
    this.worker = null
  }

  private start(): Worker {
    const root = this.serverEntryUrl.slice(0, this.serverEntryUrl.lastIndexOf('/') + 1)
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { serverEntryUrl: this.serverEntryUrl, root, hooks: HOOKS } })
    // An idle worker must not keep the build (or a test run) alive.
    worker.unref()
    worker.on('message', ({ id, outcome }: { id: number; outcome: RenderOutcome }) => {
      if (this.running?.job.id === id) this.finish(outcome)
    })
    const fail = (error: string) => {
      if (this.worker !== worker) return
      this.worker = null
      this.finish({ ok: false, error })
    }
    worker.on('error', (error) => fail(String(error)))
    worker.on('exit', (code) => fail(`worker exited with code ${code}`))
    return worker
  }

  private next(): void {
    if (this.running) return
    const job = this.queue.shift()
    if (!job) return
    this.worker ??= this.start()
    // A page that hangs (a render that never settles, a loop at its top level) loses its worker, not the build.
    const limit = (job.probe ? job.probe.hrefs.length : 1) * job.timeoutMs + 5000
    const timer = setTimeout(() => {
      this.close()
      this.finish({ ok: false, error: `no answer within ${limit} ms` })
    }, limit)
    this.running = { job, timer }
    const { done: _, ...message } = job
    this.worker.postMessage(message)
  }

  private finish(outcome: RenderOutcome): void {
    const running = this.running
    if (!running) return
    clearTimeout(running.timer)
    this.running = null
    running.job.done(outcome)
    this.next()
  }
}

const workers = new Map<string, RenderWorker>()
let jobs = 0

/**
 * Renders the page whose server-build entry is `files.pageUrl`, once per probe URL, in the worker of
 * its server build (started on first use, shared by every page of that build).
 */
export function renderInWorker(files: WorkerFiles, probe: ProbeEnv | null, timeoutMs = 10_000): Promise<RenderOutcome> {
  let worker = workers.get(files.serverEntryUrl)
  if (!worker) workers.set(files.serverEntryUrl, (worker = new RenderWorker(files.serverEntryUrl)))
  return new Promise((done) => worker.add({ id: ++jobs, pageUrl: files.pageUrl, preload: [...files.preload], probe, timeoutMs, done }))
}

/** Stops the render workers (the prerender calls it when every page is decided). */
export function closeRenderWorkers(): void {
  for (const worker of workers.values()) worker.close()
  workers.clear()
}
