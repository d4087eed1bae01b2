/**
 * A page's descriptor (`pages/<route>/page.ts`): what the page is, in its own folder. The page reads its
 * query through it, and the build writes it into `dist/pages-manifest.json`, where the prerender, the
 * inline first requests of the HTML, the bench, the demo links of `npm start` and the smoke test find it.
 * React-free and axios-free: the inline script of the page's HTML bundles this module.
 */
import { parseQuery } from '../format/parse-query'
import type { ApiRequest } from '../api/endpoint'
import type { Param } from './params'

export * as param from './params'
export type { Param, ParamKind } from './params'

/** A page's parameters by name. */
export type Params = Record<string, Param<unknown>>

/** The parsed query of a page with `P`. */
export type QueryOf<P extends Params> = { [K in keyof P]: P[K] extends Param<infer T> ? T : never }

/** Parses `search` (`?a=1&b=2`) with `params`. */
export function parseParams<P extends Params>(params: P, search: string | null | undefined): QueryOf<P> {
  const raw = parseQuery(search)
  const query = {} as Record<string, unknown>
  for (const name of Object.keys(params)) query[name] = params[name]!.parse(raw[name])
  return query as QueryOf<P>
}

/** A GET the page's first view needs, with what the inline script does once it answers. */
export interface FirstRequest extends ApiRequest {
  /**
   * A dotted path in the reply (`data.imageUrl`) to an image the first view shows (its largest paint):
   * preloaded on arrival at high priority, and shown at once in the frame's `[data-early-image]` box if
   * it has one. The build then also lowers the priority of the page's modulepreload links, so the reply
   * and the picture go first (paintsFromReply in scripts/build/prerender/prefetch.ts).
   */
  preloadImage?: string
  /** The page loads its lazy chunks once this reply arrives: the HTML modulepreloads them as the request starts. */
  preloadLazy?: boolean
  /**
   * Keep the reply for the next open (shared/http/kept-replies.ts): then the page draws the kept one at
   * once (and its image in the early box) while this request asks again. For content a reader expects to
   * see again with no network (a share, the parent's own folder list, space and membership), never for a
   * reply that is private per open or encrypted. A form drawn from kept values must not let the answer
   * overwrite what was typed, nor save stale values over newer ones (the folder form: use-folder-form.ts). Prices kept show until the answer
   * replaces them; a purchase is priced by the server. A signed-in page's replies are kept per user
   * (kept-replies.ts `keptScope`).
   */
  keep?: boolean
  /**
   * The requests the page sends next with this reply's data (`(data) => [getCloudDriveFiles.request(…)]`):
   * started as soon as it answers with a usable reply, so the page's own next requests find theirs early
   * too. A falsy entry is a request it does not make.
   */
  then?: (data: unknown) => readonly (ApiRequest | false | null | undefined)[]
}

/**
 * What proves a demo link loaded its data from the API: a text on screen, or a form field's value
 * (by its label).
 */
export type DemoProof = string | { field: string; value: string }

/** A link `npm start` prints and the smoke test opens. */
export interface DemoLink {
  label: string
  /**
   * The query, without `?`. Demo data is named by a placeholder the server resolves from its seed
   * (server/seed/demo.ts): `r={DEMO_SHARES.book}`, `id={DEMO_FOLDERS.starterBooks}`, `fakeHostToken={DEMO_TOKENS.basic}`.
   */
  query?: string
  /** `app` opens it with the fake host (signed in as the VIP demo user). */
  fixture: 'browser' | 'app'
  proof: DemoProof
  /** The link the bench opens the page with (default: the page's first demo link). */
  bench?: boolean
  /**
   * What the bench's slow profile taps as soon as the page is ready (issue 39: tap → visible response):
   * a control by role and (part of) its accessible name, one whose answer keeps the page where it is.
   */
  tap?: DemoTap
}

/** A control the bench taps: `getByRole(role, { name })`, the first that matches. */
export interface DemoTap {
  role: 'button' | 'radio' | 'checkbox' | 'textbox'
  name: string
}

/**
 * A page's weight limits in gzipped bytes (`npm run budgets`, scripts/build/budgets.ts): `js` and `css`
 * loaded up front, `html` the document, `lazy` what only dynamic imports reach; `forbid`: module paths
 * the page must never load. A page without one gets the default budget of scripts/build/budgets.ts.
 */
export interface PageBudget {
  js?: number
  css?: number
  html?: number
  /** Of the HTML: the inline script that starts the first requests (issue 31). */
  head?: number
  /** Of the HTML: the inline script that draws the first screen before React (issue 31). */
  screen?: number
  /** The field reports: the capture script in <head> and the reporter's file (docs/telemetry.md). */
  telemetry?: number
  lazy?: number
  forbid?: readonly string[]
}

/** What a page.ts declares. */
export interface PageSpec<P extends Params> {
  /** The document title the build writes into the HTML, and the header title (Chinese). */
  title: string
  /** The header and document title for a query that changes it (`编辑文件夹` with `?id=`); default `title`. */
  titleFor?: (query: QueryOf<P>) => string
  /** The page's `<meta name="description">` (and Open Graph description); default the brand's. */
  description?: string
  /** Every query parameter the page reads. */
  params: P
  /**
   * The GETs the first view sends for `query`, from the `shared/api` functions themselves
   * (`getDirectory.request(id)`); a falsy entry is a request this URL does not make.
   */
  firstRequests?: (query: QueryOf<P>) => readonly (FirstRequest | false | null | undefined)[]
  /** Needs a signed-in user (a token): nothing is prefetched without one, and outside the app it cannot work. */
  signedIn: boolean
  demoLinks: readonly DemoLink[]
  /** Other paths that show this page (`/wechat` for home), without slashes. */
  aliases?: readonly string[]
  /** The page's weight limits; `npm run budgets -- --update` rewrites this line. */
  budget?: PageBudget
}

/** A page's descriptor: its spec, and its query parser. */
export interface PageDescriptor<P extends Params = Params> extends PageSpec<P> {
  /** The page's query from `search`. */
  parse(search: string | null | undefined): QueryOf<P>
  /** The page's query from the current URL (empty outside a browser). */
  query(): QueryOf<P>
  /** The requests the first view sends for `query`, without the ones it does not make. */
  requestsFor(query: QueryOf<P>): FirstRequest[]
  /** The header and document title for `query`. */
  titleOf(query: QueryOf<P>): string
  /** The header and document title for the current URL. */
  currentTitle(): string
}

/** What mounting a page needs of its descriptor (shared/app/page-tree.tsx), whatever its parameters. */
export type MountedPage = Pick<PageDescriptor, 'signedIn' | 'currentTitle'>

/** Declares a page: `export default definePage({ ... })` in `pages/<route>/page.ts`. */
export function definePage<P extends Params>(spec: PageSpec<P>): PageDescriptor<P> {
  const parse = (search: string | null | undefined) => parseParams(spec.params, search)
  return {
    ...spec,
    parse,
    query: () => parse(typeof location === 'undefined' ? '' : location.search),
    requestsFor: (query) => (spec.firstRequests?.(query) ?? []).filter((r): r is FirstRequest => Boolean(r)),
    titleOf: (query) => spec.titleFor?.(query) ?? spec.title,
    currentTitle: () => {
      const query = parse(typeof location === 'undefined' ? '' : location.search)
      return spec.titleFor?.(query) ?? spec.title
    },
  }
}
