/**
 * Debian's WebKitGTK for browser journeys: MiniBrowser (it has no headless mode) on its own Xvfb
 * display, driven by WebKitWebDriver over W3C WebDriver. `startWebKit` picks a free display (Xvfb's
 * `-displayfd` names the one it took) and a free port, and `stop` ends both processes it started.
 * See shared/notes on WebKit: `--full-screen` hides MiniBrowser's toolbar, so a 390 px window is a
 * 390 px viewport.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { newSession, waitFor, type Session } from './webdriver'

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver'
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

/** Whether this machine has what the WebKit journeys need (`.ci/run` installs it). */
export function webkitAvailable(): boolean {
  return existsSync(WEBKIT_DRIVER) && existsSync(MINIBROWSER) && existsSync('/usr/bin/Xvfb')
}

export interface WebKit {
  /**
   * A new MiniBrowser window at 390×844 (or `size`) with this user agent. `pageLoadStrategy: 'none'`:
   * navigating and running a script do not wait for a page to load (a journey that leaves a page as it loads).
   */
  open(userAgent: string, size?: { width: number; height: number }, options?: { pageLoadStrategy?: 'normal' | 'none' }): Promise<Session>
  /** The X display the windows are on (`:7`), for what is typed to the browser itself (support/text-zoom.ts). */
  display(): string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Starts Xvfb and reads the display number it chose from fd 3. `err()` is what it has written to stderr.
 * `-noreset`: by default an X server resets itself when its last client leaves, and a client that connects
 * meanwhile is refused; the next MiniBrowser, launched as the last one closes, then printed `cannot open
 * display` (about 1 connection in 12 refused when opened right after one closes, 0 with `-noreset`).
 */
function startXvfb(): Promise<{ process: ChildProcess; display: string; err: () => string }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp', '-noreset'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    xvfb.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()))
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('\n')) resolve({ process: xvfb, display: `:${out.trim()}`, err: () => err })
    })
    xvfb.once('error', reject)
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${err.trim()}`)))
  })
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null

function stopProcess(child: ChildProcess): Promise<void> {
  if (exited(child)) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

interface DisplayAndDriver {
  driverUrl: string
  display: string
  alive(): boolean
  /** Aborted once the browser the driver launches says it cannot open the display (the driver then never answers). */
  launching(): AbortSignal
  stop(): Promise<void>
}

/** Xvfb and the driver on its display, both started, or neither. */
async function startDisplayAndDriver(): Promise<DisplayAndDriver> {
  const xvfb = await startXvfb()
  const port = await freePort()
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: xvfb.display },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  // The driver's stderr (and MiniBrowser's, which it passes on) is shown as before, and read for the one
  // failure the driver itself never reports.
  let launch = new AbortController()
  driver.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk)
    const line = chunk.toString()
    if (line.includes('cannot open display')) launch.abort(new Error(`the browser said: ${line.trim()}`))
  })
  let stopping = false
  // A display that goes away under a running suite is said, with what Xvfb said, not left to a hang.
  xvfb.process.once('exit', (code, signal) => {
    if (!stopping) console.warn(`Xvfb ${xvfb.display} exited (${signal ?? `code ${code}`}): ${xvfb.err().trim() || 'nothing on stderr'}`)
  })
  const driverUrl = `http://127.0.0.1:${port}`
  const stop = async () => {
    stopping = true
    await stopProcess(driver)
    await stopProcess(xvfb.process)
  }
  try {
    await waitFor('WebKitWebDriver to answer', async () => {
      const status = (await (await fetch(`${driverUrl}/status`)).json()) as { value?: { ready?: boolean } }
      return status.value?.ready
    })
  } catch (error) {
    await stop()
    throw error
  }
  return {
    driverUrl,
    display: xvfb.display,
    alive: () => !exited(xvfb.process) && !exited(driver),
    launching: () => (launch = new AbortController()).signal,
    stop,
  }
}

export async function startWebKit(): Promise<WebKit> {
  let display = await startDisplayAndDriver()
  const sessions = new Set<Session>()
  return {
    async open(userAgent, size = { width: 390, height: 844 }, { pageLoadStrategy = 'normal' } = {}) {
      // MiniBrowser cannot start without its display, and the driver then never answers: a display or
      // driver that went away since the last window is started again first.
      if (!display.alive()) {
        await display.stop()
        sessions.clear()
        display = await startDisplayAndDriver()
      }
      // A browser that cannot open the display fails the step at once, with what it said.
      const session = await newSession(
        display.driverUrl,
        {
          browserName: 'MiniBrowser',
          pageLoadStrategy,
          // Its zoom changes the text alone, as a WebView's text size does (support/text-zoom.ts).
          'webkitgtk:browserOptions': {
            binary: MINIBROWSER,
            args: ['--automation', '--full-screen', '--zoom-text-only=true', `--user-agent=${userAgent}`],
          },
        },
        display.launching(),
      )
      sessions.add(session)
      await session.setWindowRect(size.width, size.height)
      const close = session.close.bind(session)
      session.close = async () => {
        sessions.delete(session)
        await close()
      }
      return session
    },
    display: () => display.display,
    async stop() {
      for (const session of sessions) await session.close()
      await display.stop()
    },
  }
}
