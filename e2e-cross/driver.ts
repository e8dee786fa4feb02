/**
 * One small driver interface over the engines Debian ships, so each journey is written once:
 *
 * - firefox: Firefox ESR (`firefox-esr`) through puppeteer-core over WebDriver BiDi, which Firefox
 *   speaks itself (no geckodriver, which Debian does not package).
 * - webkit: WebKitGTK's MiniBrowser (Safari's engine) through `WebKitWebDriver`
 *   (`webkit2gtk-driver`), a W3C WebDriver (classic, no BiDi in 2.50) spoken over plain HTTP by
 *   the client below; it needs a display, so it runs under `xvfb-run`.
 * - chromium: Debian's Chromium through puppeteer-core (CDP), for the checks that compare engines.
 *
 * Elements are found in the page by role and accessible name (`in-page.ts`), then clicked and
 * typed into with the engine's native input (WebDriver actions, puppeteer's input), never with
 * `element.click()` from a script.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, {
  type Browser,
  type BrowserContext,
  type ElementHandle,
  type Page,
} from 'puppeteer-core'

export type Engine = 'chromium' | 'firefox' | 'webkit'

export type Matcher = string | RegExp
export interface Query {
  within?: Query
  css?: string
  role?: string
  name?: Matcher
  text?: Matcher
  exact?: boolean
  hasText?: Matcher
  index?: number
  includeHidden?: boolean
}
export interface ConsoleEntry {
  type: string
  text: string
  path: string
  /** When and how the page stood: ms into the document, the demo's worker, the document state. */
  at?: string
}

export type Key = 'Enter' | 'Escape' | 'Tab' | 'Shift+Tab' | 'Backspace'

/** A page in a fresh profile (no cookies, no storage) at a given window size. */
export interface Driver {
  engine: Engine
  goto(path: string): Promise<void>
  reload(): Promise<void>
  /**
   * The browser's Back, without waiting for a load (a page restored from the back/forward cache
   * fires none): wait for what the journey expects next.
   */
  back(): Promise<void>
  url(): Promise<string>
  /** Runs `fn` in the page with JSON arguments; returns its (awaited) JSON result. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>
  click(q: Query): Promise<void>
  hover(q: Query): Promise<void>
  /** Clears the field, then types `text` key by key. */
  fill(q: Query, text: string): Promise<void>
  /** Types into the focused element after clicking `q`, without clearing. */
  type(q: Query, text: string): Promise<void>
  press(key: Key): Promise<void>
  /**
   * Another tab of the same browser session (one profile: the same localStorage and cookies, no
   * sessionStorage copied), at `path`, with this page's viewport. Closing it closes only that tab.
   */
  openTab(path: string): Promise<Driver>
  close(): Promise<void>
}

export interface Launcher {
  engine: Engine
  /**
   * A new page with its own profile, `width`×`height` CSS pixels of viewport. `noLoadWait`: clicks
   * and `goto` return without waiting for the next page's load (WebDriver waits by default).
   */
  newPage(width: number, height: number, baseURL: string, noLoadWait?: boolean): Promise<Driver>
  close(): Promise<void>
}

const serialise = (q: Query): unknown =>
  JSON.parse(
    JSON.stringify(q, (_, v: unknown) =>
      v instanceof RegExp ? { source: v.source, flags: v.flags } : v,
    ),
  )

const ACTION_TIMEOUT = 10_000
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Retries `attempt` until it returns a value (not undefined) or the time is up. */
async function retry<T>(what: string, attempt: () => Promise<T | undefined>, ms = ACTION_TIMEOUT) {
  const end = Date.now() + ms
  let last: unknown
  for (;;) {
    try {
      const value = await attempt()
      if (value !== undefined) return value
    } catch (error) {
      last = error
    }
    if (Date.now() > end)
      throw new Error(
        `${what}: not done within ${ms / 1000} s${last ? ` (${last instanceof Error ? last.message : JSON.stringify(last)})` : ''}`,
      )
    await sleep(100)
  }
}

export const describeQuery = (q: Query): string =>
  JSON.stringify(serialise(q)).replace(/"(\w+)":/g, '$1:')

// ---------------------------------------------------------------- puppeteer (Firefox, Chromium)

const PUPPETEER_KEYS: Record<
  Exclude<Key, 'Shift+Tab'>,
  'Enter' | 'Escape' | 'Tab' | 'Backspace'
> = {
  Enter: 'Enter',
  Escape: 'Escape',
  Tab: 'Tab',
  Backspace: 'Backspace',
}

class PuppeteerDriver implements Driver {
  readonly engine: Engine
  private readonly context: BrowserContext
  private readonly page: Page
  private readonly baseURL: string
  /** A tab opened by `openTab` closes alone; the first page closes its whole profile. */
  private readonly ownsContext: boolean
  constructor(
    engine: Engine,
    context: BrowserContext,
    page: Page,
    baseURL: string,
    ownsContext = true,
  ) {
    this.engine = engine
    this.context = context
    this.page = page
    this.baseURL = baseURL
    this.ownsContext = ownsContext
  }

  async openTab(path: string) {
    const page = await this.context.newPage()
    const [width = 0, height = 0] = await this.page.evaluate(() => [innerWidth, innerHeight])
    await setViewport(page, width, height)
    page.setDefaultTimeout(ACTION_TIMEOUT)
    const tab = new PuppeteerDriver(this.engine, this.context, page, this.baseURL, false)
    await tab.goto(path)
    return tab
  }

  async goto(path: string) {
    await this.page.goto(new URL(path, this.baseURL).href, { waitUntil: 'load' })
  }
  async reload() {
    await this.page.reload({ waitUntil: 'load' })
  }
  back() {
    // Not awaited: it waits for a load, which a page restored from the cache never fires.
    this.page.goBack().catch(() => undefined)
    return Promise.resolve()
  }
  async url() {
    return this.page.url()
  }
  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A) {
    return (await this.page.evaluate(fn as never, ...(args as unknown as never[]))) as T
  }
  private async element(q: Query): Promise<ElementHandle> {
    const query = serialise(q)
    return retry(`find ${describeQuery(q)}`, async () => {
      const handle = await this.page.evaluateHandle(
        (qq) =>
          (window as unknown as { __cross?: { find(q: unknown): Element | null } }).__cross?.find(
            qq,
          ) ?? null,
        query,
      )
      const el = handle.asElement() as ElementHandle | null
      if (!el) {
        await handle.dispose()
        return undefined
      }
      return el
    })
  }
  /** Scrolls the element to the middle of the viewport (clear of sticky bars), then clicks it. */
  private async clickElement(q: Query): Promise<ElementHandle> {
    return retry(`click ${describeQuery(q)}`, async () => {
      const el = await this.element(q)
      await el.evaluate((e) => e.scrollIntoView({ block: 'center', inline: 'center' }))
      await el.click()
      return el
    })
  }
  async click(q: Query) {
    await this.clickElement(q)
  }
  async hover(q: Query) {
    const el = await this.element(q)
    await el.evaluate((e) => e.scrollIntoView({ block: 'center', inline: 'center' }))
    await el.hover()
  }
  async fill(q: Query, text: string) {
    const el = await this.clickElement(q)
    await el.evaluate((input) => {
      if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) input.select()
    })
    await this.page.keyboard.down('Control')
    await this.page.keyboard.press('a')
    await this.page.keyboard.up('Control')
    await this.page.keyboard.press('Backspace')
    if (text) await this.page.keyboard.type(text)
  }
  async type(q: Query, text: string) {
    await this.clickElement(q)
    await this.page.keyboard.type(text)
  }
  async press(key: Key) {
    if (key === 'Shift+Tab') {
      await this.page.keyboard.down('Shift')
      await this.page.keyboard.press('Tab')
      await this.page.keyboard.up('Shift')
      return
    }
    await this.page.keyboard.press(PUPPETEER_KEYS[key])
  }
  async close() {
    if (this.ownsContext) await this.context.close().catch(() => undefined)
    else await this.page.close().catch(() => undefined)
  }
}

/**
 * Sets the page's viewport. Puppeteer sends `emulation.setScreenOrientationOverride` with the
 * viewport, a WebDriver BiDi command Firefox ESR 140 (Debian bookworm's) does not know: the
 * viewport itself is set by the command sent with it, so that one refusal is let through and the
 * size is checked instead.
 */
async function setViewport(page: Page, width: number, height: number): Promise<void> {
  try {
    await page.setViewport({ width, height })
  } catch (error) {
    if (!(
      error instanceof Error &&
      /unknown command emulation\.setScreenOrientationOverride/.test(error.message)
    ))
      throw error
  }
  const deadline = Date.now() + 5_000
  for (;;) {
    const size = await page.evaluate(() => [window.innerWidth, window.innerHeight])
    if (size[0] === width && size[1] === height) return
    if (Date.now() > deadline)
      throw new Error(`The viewport is ${size.join('×')}, not ${width}×${height}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function puppeteerLauncher(engine: 'firefox' | 'chromium'): Promise<Launcher> {
  const browser: Browser =
    engine === 'firefox'
      ? await puppeteer.launch({
          browser: 'firefox',
          executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
          headless: true,
          extraPrefsFirefox: {
            // No update checks, telemetry or first-run pages in test runs.
            'app.update.enabled': false,
            'toolkit.telemetry.enabled': false,
            'browser.shell.checkDefaultBrowser': false,
          },
        })
      : await puppeteer.launch({
          browser: 'chrome',
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          headless: true,
          args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'],
        })
  return {
    engine,
    async newPage(width, height, baseURL) {
      const context = await browser.createBrowserContext()
      const page = await context.newPage()
      await setViewport(page, width, height)
      page.setDefaultTimeout(ACTION_TIMEOUT)
      return new PuppeteerDriver(engine, context, page, baseURL)
    },
    close: () => browser.close(),
  }
}

// ---------------------------------------------------------------- WebDriver classic (WebKit)

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf'
const COMMAND_TIMEOUT = 40_000
const SHIFT = '\uE008'
const WEBDRIVER_KEYS: Record<Exclude<Key, 'Shift+Tab'>, string> = {
  Enter: '\uE007',
  Escape: '\uE00C',
  Tab: '\uE004',
  Backspace: '\uE003',
}
type ElementRef = { [ELEMENT]: string }

class WebDriverError extends Error {
  readonly code: string
  constructor(code: string, message: string) {
    super(`${code}: ${message}`)
    this.code = code
  }
}

/** The session's window that commands go to now (WebDriver has one current window per session). */
interface WindowFocus {
  current: string | null
}

class WebKitDriver implements Driver {
  readonly engine = 'webkit' as const
  private readonly endpoint: string
  private readonly session: string
  private readonly baseURL: string
  private readonly onClose: () => void
  /** This page's window; null for the session's first window until a second one opens. */
  private handle: string | null
  private readonly focus: WindowFocus
  private readonly isTab: boolean
  constructor(
    endpoint: string,
    session: string,
    baseURL: string,
    onClose: () => void,
    tab?: { handle: string; focus: WindowFocus },
  ) {
    this.endpoint = endpoint
    this.session = session
    this.baseURL = baseURL
    this.onClose = onClose
    this.handle = tab?.handle ?? null
    this.focus = tab?.focus ?? { current: null }
    this.isTab = tab !== undefined
  }

  async openTab(path: string) {
    this.handle ??= await this.request<string>('GET', '/window')
    this.focus.current ??= this.handle
    const [width, height] = await this.evaluate((): [number, number] => [outerWidth, outerHeight])
    const { handle } = await this.request<{ handle: string }>('POST', '/window/new', {
      type: 'tab',
    })
    const tab = new WebKitDriver(this.endpoint, this.session, this.baseURL, () => undefined, {
      handle,
      focus: this.focus,
    })
    await tab.setWindowSize(width, height)
    await tab.goto(path)
    return tab
  }

  async setWindowSize(width: number, height: number) {
    await this.cmd('POST', '/window/rect', { x: 0, y: 0, width, height })
  }

  /** A command to this page's window: the session's focus moves to it first when it is elsewhere. */
  private async cmd<T>(method: string, path: string, body?: unknown): Promise<T> {
    if (this.handle && this.focus.current !== this.handle) {
      await this.request('POST', '/window', { handle: this.handle })
      this.focus.current = this.handle
    }
    return this.request<T>(method, path, body)
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.endpoint}/session/${this.session}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      // A command never hangs a journey: a browser that stopped answering fails it with a reason.
      signal: AbortSignal.timeout(COMMAND_TIMEOUT),
    }).catch((error: unknown) => {
      throw new Error(`WebKitWebDriver ${method} ${path || '/'}: ${String(error)}`)
    })
    const json = (await res.json()) as { value: T & { error?: string; message?: string } }
    // A command without a result answers `value: null`, whatever T says.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    if (json.value && typeof json.value === 'object' && 'error' in json.value && json.value.error)
      throw new WebDriverError(json.value.error, json.value.message ?? '')
    return json.value
  }

  async goto(path: string) {
    await this.cmd('POST', '/url', { url: new URL(path, this.baseURL).href })
  }
  async reload() {
    await this.cmd('POST', '/refresh', {})
  }
  async back() {
    // From the page, on a timer: WebDriver's own Back waits for a load that a page restored from
    // the back/forward cache never fires.
    await this.evaluate(() => {
      setTimeout(() => history.back(), 0)
    })
  }
  async url() {
    return this.cmd<string>('GET', '/url')
  }
  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A) {
    return this.cmd<T>('POST', '/execute/sync', {
      script: `return (${fn.toString()}).apply(null, arguments)`,
      args,
    })
  }
  private async element(q: Query): Promise<ElementRef> {
    const query = serialise(q)
    return retry(`find ${describeQuery(q)}`, async () => {
      const ref = await this.cmd<ElementRef | null>('POST', '/execute/sync', {
        script: 'return window.__cross ? window.__cross.find(arguments[0]) : null',
        args: [query],
      })
      return ref ?? undefined
    })
  }
  /**
   * Scrolls the element to the middle of the viewport, then clicks it; retried while something
   * else (a sticky bar, the consent banner, an animation) is over it.
   */
  private async clickElement(q: Query): Promise<ElementRef> {
    return retry(`click ${describeQuery(q)}`, async () => {
      const el = await this.element(q)
      await this.cmd('POST', '/execute/sync', {
        script: "arguments[0].scrollIntoView({ block: 'center', inline: 'center' })",
        args: [el],
      })
      await this.cmd('POST', `/element/${el[ELEMENT]}/click`, {})
      return el
    })
  }
  async click(q: Query) {
    await this.clickElement(q)
  }
  async hover(q: Query) {
    const el = await this.element(q)
    await this.cmd('POST', '/execute/sync', {
      script: "arguments[0].scrollIntoView({ block: 'center', inline: 'center' })",
      args: [el],
    })
    await this.actions([
      {
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [{ type: 'pointerMove', duration: 0, origin: el, x: 0, y: 0 }],
      },
    ])
  }
  async fill(q: Query, text: string) {
    const el = await this.clickElement(q)
    await this.cmd('POST', `/element/${el[ELEMENT]}/clear`, {})
    if (text) await this.cmd('POST', `/element/${el[ELEMENT]}/value`, { text })
  }
  async type(q: Query, text: string) {
    await this.clickElement(q)
    // Keys go where the focus is, as a shopper's do (and puppeteer's): the element send-keys
    // command types into one element, and fails when the page replaces it meanwhile (the search
    // preview's field, whose text and focus the panel's field takes over).
    await this.actions([
      {
        type: 'key',
        id: 'keyboard',
        // The journeys type plain text: one key per code point is enough.
        actions: Array.from(text).flatMap((value) => [
          { type: 'keyDown', value },
          { type: 'keyUp', value },
        ]),
      },
    ])
  }
  async press(key: Key) {
    const value = WEBDRIVER_KEYS[key === 'Shift+Tab' ? 'Tab' : key]
    const shift = key === 'Shift+Tab'
    await this.actions([
      {
        type: 'key',
        id: 'keyboard',
        actions: [
          ...(shift ? [{ type: 'keyDown', value: SHIFT }] : []),
          { type: 'keyDown', value },
          { type: 'keyUp', value },
          ...(shift ? [{ type: 'keyUp', value: SHIFT }] : []),
        ],
      },
    ])
  }
  private async actions(actions: unknown[]) {
    await this.cmd('POST', '/actions', { actions })
    await this.cmd('DELETE', '/actions')
  }
  async close() {
    // A tab closes its window (the session then has none current); the first page ends the
    // session and its browser.
    if (this.isTab) {
      await this.cmd('DELETE', '/window').catch(() => undefined)
      this.focus.current = null
      return
    }
    await this.cmd('DELETE', '').catch(() => undefined)
    this.onClose()
  }
}

/**
 * MiniBrowser's toolbar keeps its window at least 447 px wide; this GTK style shrinks the toolbar
 * so that a 390 px phone viewport fits (the page itself is not styled by it).
 */
const GTK_CSS = `* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }
image { -gtk-icon-transform: scale(0.1); }
`

/** A free TCP port on 127.0.0.1 for the next WebKitWebDriver. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

/** Ends a process group started with `detached: true` (xvfb-run, Xvfb, the driver, the browser). */
function endGroup(child: ChildProcess): void {
  if (!child.pid) return
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

/**
 * WebKit: every page gets its own Xvfb, WebKitWebDriver and MiniBrowser (about 1 s to start), so
 * a browser that stops answering under load takes only its own journey down, and closing the page
 * ends the whole process group.
 */
async function webkitLauncher(): Promise<Launcher> {
  const home = mkdtempSync(join(tmpdir(), 'cross-webkit-'))
  mkdirSync(join(home, 'gtk-3.0'), { recursive: true })
  writeFileSync(join(home, 'gtk-3.0', 'gtk.css'), GTK_CSS)
  const binary =
    process.env.WEBKIT_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
  const running = new Set<ChildProcess>()

  async function startDriver(): Promise<{ endpoint: string; child: ChildProcess }> {
    const port = await freePort()
    const child = spawn(
      'xvfb-run',
      ['-a', '-s', '-screen 0 1600x1200x24', 'WebKitWebDriver', `--port=${port}`],
      { env: { ...process.env, XDG_CONFIG_HOME: home }, stdio: 'ignore', detached: true },
    )
    running.add(child)
    child.on('exit', () => running.delete(child))
    const endpoint = `http://127.0.0.1:${port}`
    try {
      await retry(
        'WebKitWebDriver start',
        async () => {
          if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`)
          const res = await fetch(`${endpoint}/status`, { signal: AbortSignal.timeout(2_000) })
          return res.ok ? true : undefined
        },
        20_000,
      )
    } catch (error) {
      endGroup(child)
      throw error
    }
    return { endpoint, child }
  }

  async function newSession(endpoint: string, noLoadWait?: boolean): Promise<string> {
    const res = await fetch(`${endpoint}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        capabilities: {
          alwaysMatch: {
            'webkitgtk:browserOptions': { binary, args: ['--automation'] },
            timeouts: { script: 30_000, pageLoad: 30_000, implicit: 0 },
            pageLoadStrategy: noLoadWait ? 'none' : 'normal',
          },
        },
      }),
      signal: AbortSignal.timeout(COMMAND_TIMEOUT),
    })
    const json = (await res.json()) as { value: { sessionId?: string; message?: string } }
    if (!json.value.sessionId) throw new Error(`WebKit session: ${json.value.message}`)
    return json.value.sessionId
  }

  async function openPage(width: number, height: number, baseURL: string, noLoadWait?: boolean) {
    const { endpoint, child } = await startDriver()
    try {
      const session = await newSession(endpoint, noLoadWait)
      const page = new WebKitDriver(endpoint, session, baseURL, () => endGroup(child))
      // The window includes MiniBrowser's toolbar: size it so the viewport is width × height.
      await page.setWindowSize(width, height)
      const inner = await page.evaluate(() => [innerWidth, innerHeight])
      await page.setWindowSize(width, height + (height - (inner[1] ?? height)))
      const got = await page.evaluate(() => [innerWidth, innerHeight])
      if (got[0] !== width || got[1] !== height)
        throw new Error(`WebKit viewport is ${got.join('×')}, wanted ${width}×${height}`)
      return page
    } catch (error) {
      endGroup(child)
      throw error
    }
  }

  return {
    engine: 'webkit',
    async newPage(width, height, baseURL, noLoadWait) {
      // One more try with a new browser when a launch does not answer (a loaded machine).
      try {
        return await openPage(width, height, baseURL, noLoadWait)
      } catch (error) {
        console.error(`[cross] WebKit launch failed, trying once more: ${String(error)}`)
        return openPage(width, height, baseURL, noLoadWait)
      }
    },
    async close() {
      for (const child of running) endGroup(child)
      rmSync(home, { recursive: true, force: true })
    },
  }
}

export async function launch(engine: Engine): Promise<Launcher> {
  return engine === 'webkit' ? webkitLauncher() : puppeteerLauncher(engine)
}
