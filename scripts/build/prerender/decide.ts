/**
 * Decides, for one route, whether its server-rendered frame may go into the HTML, and how:
 * - the render read no browser global and no external store → `hydrate`, shown everywhere;
 * - otherwise the page is rendered on stub phones as the client draws it once caught up (client
 *   snapshots): a browser at the route's typical URL (`typical`, e.g. a share link has `r`), at that URL
 *   with each query parameter the pages take toggled, and with each typical value changed; and the app.
 *   The frame is the typical URL's. A parameter whose presence changes it becomes a guard: a tiny inline
 *   script that drops the frame before first paint where it would show the wrong thing (the failure
 *   view of a link without `r`, another title), and the page renders on the client as without
 *   prerendering. When the app draws it differently (no download bar, a close button), the HTML also
 *   carries the app's frame, and the script swaps it in inside the app. A parameter that is absent from
 *   the typical URL and whose presence draws another frame, the same for any value (the edit mode of
 *   /generate_book/create with `id`), gets that frame as a variant instead of a guard: the HTML carries
 *   it and the script swaps it in on such a URL (pages without an app frame only). A frame that shows a
 *   parameter's value, or a render that fails, is not prerendered.
 * - a frame whose render read browser globals is `replace`d by the client's first commit, never
 *   hydrated, so a difference the probes missed can never become a hydration mismatch.
 */
import { splitHoisted, type PrerenderMode } from './inject.ts'
import { renderInWorker, type WorkerFiles } from './render-worker.ts'

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const APP = `${PHONE} com.kidsenglish.app version_2.12.0 isVip_true isPermanentVipUser_false appId_kidsenglish-android token_probe`

/** Where the frame must not be shown, and what the app shows instead. */
export interface FrameGuard {
  /** Parameters the frame needs present (`present: true`, non-empty) or absent; otherwise it is dropped. */
  params: { name: string; present: boolean }[]
  /** The frame as the app draws it, when that differs: swapped in (and replaced, not hydrated) in the app. */
  appFrame: string | null
  /** Frames for a URL that has `param` (any value): swapped in (and replaced) there. Never with an app frame. */
  variants?: { param: string; frame: string }[]
}

export type Decision =
  { route: string; mode: PrerenderMode; markup: string; guard: FrameGuard | null; reads: string[] } | { route: string; skipped: string }

const urlOf = (base: string, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString()
  return search ? `${base}?${search}` : base
}

/**
 * Renders `route` on the server and on the stub phones it needs, and decides.
 * @param probes every query parameter the page reads, with a value unlike its default (its page.ts `params`)
 * @param typical query parameters a real link to the route carries (`{ r: 'probe' }` for a share page)
 */
export async function decide(
  route: string,
  files: WorkerFiles,
  probes: Readonly<Record<string, string>> = {},
  typical: Readonly<Record<string, string>> = {},
): Promise<Decision> {
  const plain = await renderInWorker(files, null)
  if (!plain.ok) return { route, skipped: `render failed: ${plain.error}` }
  const { globals, externalStores } = plain.renders[0]!
  const reads = [...globals, ...(externalStores ? ['an external store'] : [])]
  if (reads.length === 0) return { route, mode: 'hydrate', markup: plain.renders[0]!.markup, guard: null, reads }

  const base = `http://localhost/${route}${route ? '/' : ''}`
  const toggled = Object.keys(probes).map((name) => {
    const query = { ...typical }
    if (name in query) delete query[name]
    else query[name] = probes[name]!
    return { name, present: name in typical, href: urlOf(base, query) }
  })
  const revalued = Object.keys(typical).map((name) => ({ name, href: urlOf(base, { ...typical, [name]: `${typical[name]}-2` }) }))
  // Each added parameter again with another value: a variant frame must not depend on it.
  const added = toggled
    .filter((t) => !t.present)
    .map((t) => ({ name: t.name, href: urlOf(base, { ...typical, [t.name]: `${probes[t.name]}9` }) }))
  const hrefs = [urlOf(base, { ...typical }), ...toggled.map((t) => t.href), ...revalued.map((r) => r.href), ...added.map((a) => a.href)]
  const [browser, app] = await Promise.all([
    renderInWorker(files, { userAgent: PHONE, inApp: false, hrefs }),
    renderInWorker(files, { userAgent: APP, inApp: true, hrefs: [hrefs[0]!] }),
  ])
  if (!browser.ok) return { route, skipped: `render on a stub browser failed: ${browser.error}` }
  if (!app.ok) return { route, skipped: `render on a stub app failed: ${app.error}` }
  const frame = browser.renders[0]!.markup
  const shown = revalued.filter((_, i) => browser.renders[1 + toggled.length + i]!.markup !== frame).map((r) => r.name)
  if (shown.length) return { route, skipped: `its frame shows the value of ${shown.join(', ')}` }
  // Read no browser global: the client hydrates the server render, which must then be the frame itself.
  if (globals.length === 0 && plain.renders[0]!.markup !== frame) {
    return { route, skipped: `its server render differs from what a phone browser shows once caught up (reads ${reads.join(', ')})` }
  }
  const markupOf = (href: string) => browser.renders[hrefs.indexOf(href)]!.markup
  const changing = toggled.filter((t) => markupOf(t.href) !== frame)
  const appFrame = app.renders[0]!.markup !== frame ? app.renders[0]!.markup : null
  const variants =
    appFrame !== null
      ? []
      : changing
          .filter((t) => !t.present && markupOf(t.href) === markupOf(added.find((a) => a.name === t.name)!.href))
          .map((t) => ({ param: t.name, frame: markupOf(t.href) }))
  const params = changing.filter((t) => !variants.some((v) => v.param === t.name)).map(({ name, present }) => ({ name, present }))
  const mode: PrerenderMode = globals.length ? 'replace' : 'hydrate'
  const guard =
    appFrame !== null || params.length || variants.length ? { params, appFrame, ...(variants.length ? { variants } : {}) } : null
  return { route, mode, markup: frame, guard, reads }
}

/** The id of the template holding the app's frame. */
export const APP_FRAME_ID = 'app-frame'

/** The id of the template holding the variant frame for a URL with `param`. */
export const variantFrameId = (param: string) => `frame-${param}`

/**
 * What goes right after #root for `guard`: the app's frame and the variant frames in <template>s (inert:
 * not shown, their images not loaded), and the script that drops the frame on a URL it does not fit,
 * swaps in the variant for the URL's parameter, or the app's frame inside the app. A variant's document
 * title travels in its template and is set as it is swapped in. The script runs as soon as #root is
 * parsed, before the first paint; plain ES5 for old WebViews. A host object that throws means no usable
 * bridge, so the page (bridge/transports.ts) and the script both treat the page as in a browser.
 * @param appFrame the app's frame without hoisted tags (inject.ts splitHoisted)
 */
export function guardScript(guard: FrameGuard, appFrame = guard.appFrame): string {
  const variants = (guard.variants ?? []).map((v) => {
    const { hoisted, body } = splitHoisted(v.frame)
    return {
      ...v,
      template: `<template id="${variantFrameId(v.param)}">${hoisted.find((t) => t.startsWith('<title')) ?? ''}${body}</template>`,
    }
  })
  const q = 'new URLSearchParams(location.search)'
  const need = guard.params.filter((p) => p.present).map((p) => p.name)
  const avoid = guard.params.filter((p) => !p.present).map((p) => p.name)
  const misfit = [
    need.length ? `${JSON.stringify(need)}.some(function(k){return !${q}.get(k)})` : '',
    avoid.length ? `${JSON.stringify(avoid)}.some(function(k){return ${q}.get(k)})` : '',
  ].filter(Boolean)
  const inApp =
    '(w.webkit&&w.webkit.messageHandlers&&w.webkit.messageHandlers.getUserInfo||w.KidsEnglishBridge&&w.KidsEnglishBridge.getUserInfo)'
  const drop = 'r.removeAttribute("data-prerendered");r.textContent="";return'
  const swap =
    'var t=document.getElementById("frame-"+v[0]).content.cloneNode(true),n=t.querySelector("title");' +
    'if(n){document.title=n.textContent;n.parentNode.removeChild(n)}r.textContent="";r.appendChild(t);r.setAttribute("data-prerendered","replace")'
  const names = JSON.stringify(variants.map((v) => v.param))
  const steps = [
    misfit.length ? `if(${misfit.join('||')}){${drop}}` : '',
    variants.length ? `var v=${names}.filter(function(k){return ${q}.get(k)});if(v.length>1){${drop}}if(v.length){${swap}}` : '',
    appFrame !== null
      ? `if(${inApp}){r.innerHTML=document.getElementById("${APP_FRAME_ID}").innerHTML;r.setAttribute("data-prerendered","replace")}`
      : '',
  ].join('')
  const template =
    (appFrame !== null ? `<template id="${APP_FRAME_ID}">${appFrame}</template>` : '') + variants.map((v) => v.template).join('')
  return `${template}<script>(function(w){var r=document.getElementById("root");try{${steps}}catch(e){}})(window)</script>`
}
