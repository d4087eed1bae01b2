/**
 * The demo pages `npm start` prints, one list for the start-up banner and for the browser test that
 * opens every one of them (tests/e2e/smoke.test.ts), so a printed link that stops loading its data
 * fails the build.
 */
import { DEMO_FOLDERS, DEMO_SHARES, DEMO_TOKENS } from './seed/demo'

export interface DemoLink {
  label: string
  /** Path and query, from the server's origin. */
  path: string
  /** App-only: the printed link turns on the fake host (`fakeHost=app`). */
  inApp: boolean
}

export interface DemoLinkGroup {
  heading: string
  links: DemoLink[]
}

const browser = (label: string, path: string): DemoLink => ({ label, path, inApp: false })
const app = (label: string, path: string): DemoLink => ({ label, path, inApp: true })

export const DEMO_LINK_GROUPS: DemoLinkGroup[] = [
  {
    heading: 'Share pages (open in any browser; add &fakeHost=app to view them as in the app):',
    links: [
      browser('picture book', `/recorded_share?r=${DEMO_SHARES.book}`),
      browser('category 8', `/recorded_share?r=${DEMO_SHARES.cat8}`),
      browser('words', `/word_share?r=${DEMO_SHARES.words}`),
    ],
  },
  {
    heading: 'Other pages:',
    links: [browser('home', '/'), browser('price notice', '/price_up')],
  },
  {
    heading: 'In the app (the fake host signs you in as the VIP demo user; ?fakeHost=off turns it off):',
    links: [
      app('space upgrade', '/space_upgrade'),
      app('New Year expansion', '/expand_space'),
      app('my books (root)', '/generate_book/list?id=0'),
      app('collection (type 2)', `/generate_book/list?id=${DEMO_FOLDERS.collection}`),
      app('12 books (type 1)', `/generate_book/list?id=${DEMO_FOLDERS.starterBooks}`),
      app('new folder', `/generate_book/create?parentId=${DEMO_FOLDERS.collection}`),
      app('edit folder', `/generate_book/create?id=${DEMO_FOLDERS.starterBooks}`),
      app('as the basic user', `/generate_book/list?id=0&fakeHostToken=${DEMO_TOKENS.basic}`),
    ],
  },
]

/** The printed address of `link` on the server at `base`. */
export function demoLinkUrl(base: string, link: DemoLink): string {
  if (!link.inApp) return base + link.path
  return `${base}${link.path}${link.path.includes('?') ? '&' : '?'}fakeHost=app`
}
