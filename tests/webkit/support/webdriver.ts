/**
 * A small W3C WebDriver client over `fetch`: the few commands the WebKit journeys send to
 * WebKitWebDriver (new session, navigate, back, execute script, find and click an element, window size,
 * screenshot).
 * No download, no dependency; every failed command throws with the driver's own error and message.
 */

/** The W3C key of an element reference in a command's JSON. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf'

export interface ElementRef {
  [ELEMENT_KEY]: string
}

export interface Session {
  id: string
  /** Opens `url` and waits for its load event (the driver's page-load strategy "normal"). */
  navigate(url: string): Promise<void>
  /** The browser's back button: one step back in history (a page the browser kept is restored from its cache). */
  back(): Promise<void>
  /** Runs `script` (a function body; `arguments` are `args`) in the page and returns its value. */
  execute<T>(script: string, args?: unknown[]): Promise<T>
  /** The first element matching an XPath, or null. */
  find(xpath: string): Promise<ElementRef | null>
  /** Clicks an element the way a finger would (the driver's pointer input: a user gesture). */
  click(element: ElementRef): Promise<void>
  setWindowRect(width: number, height: number): Promise<void>
  /** The page on screen as a PNG. */
  screenshot(): Promise<Buffer>
  close(): Promise<void>
}

/**
 * How long a command may go unanswered (a new session starts a browser: longer). A driver that hangs
 * then fails the step that sent the command, by name, instead of the whole test's time-out.
 */
const COMMAND_TIMEOUT_MS = 20_000
const NEW_SESSION_TIMEOUT_MS = 25_000

async function command<T>(base: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, giveUp?: AbortSignal): Promise<T> {
  const timeoutMs = path === '/session' ? NEW_SESSION_TIMEOUT_MS : COMMAND_TIMEOUT_MS
  const timeout = AbortSignal.timeout(timeoutMs)
  const response = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: giveUp ? AbortSignal.any([timeout, giveUp]) : timeout,
  }).catch((error: unknown) => {
    const why = timeout.aborted ? `no answer in ${timeoutMs / 1000} s` : giveUp?.aborted ? String(giveUp.reason) : String(error)
    throw new Error(`WebDriver ${method} ${path}: ${why}`, { cause: error })
  })
  const json = (await response.json().catch(() => ({}))) as { value?: { error?: string; message?: string } }
  if (!response.ok) {
    throw new Error(`WebDriver ${method} ${path}: ${json.value?.error ?? response.status} ${json.value?.message ?? ''}`.trim())
  }
  return json.value as T
}

/**
 * Starts a browser session on the driver at `driverUrl` with these capabilities. `giveUp`: stops waiting
 * for the driver's answer (the browser it launched is known to have failed).
 */
export async function newSession(driverUrl: string, capabilities: Record<string, unknown>, giveUp?: AbortSignal): Promise<Session> {
  const created = await command<{ sessionId: string }>(
    driverUrl,
    'POST',
    '/session',
    { capabilities: { alwaysMatch: capabilities } },
    giveUp,
  )
  const at = `/session/${created.sessionId}`
  const send = <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => command<T>(driverUrl, method, at + path, body)
  return {
    id: created.sessionId,
    navigate: async (url) => {
      await send('POST', '/url', { url })
    },
    back: async () => {
      await send('POST', '/back', {})
    },
    execute: (script, args = []) => send('POST', '/execute/sync', { script, args }),
    find: async (xpath) => {
      const found = await send<ElementRef[]>('POST', '/elements', { using: 'xpath', value: xpath })
      return found[0] ?? null
    },
    click: async (element) => {
      await send('POST', `/element/${element[ELEMENT_KEY]}/click`, {})
    },
    setWindowRect: async (width, height) => {
      await send('POST', '/window/rect', { width, height })
    },
    screenshot: async () => Buffer.from(await send<string>('GET', '/screenshot'), 'base64'),
    close: async () => {
      await send('DELETE', '').catch(() => {})
    },
  }
}

/** Polls `probe` every 100 ms until it returns a truthy value, or throws `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await probe()
      if (value) return value
      last = value
    } catch (error) {
      last = error
    }
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(last)})`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
