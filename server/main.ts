/**
 * `npm start` / `npm run serve`: the reference server with pages, API and demo data.
 *   PORT (3000), HOST (127.0.0.1), DATA_DIR (.data/), DATABASE_URL (PostgreSQL instead of PGlite)
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_DATA_DIR, DEFAULT_DIST_DIR } from './paths'
import { DEMO_FOLDERS, DEMO_SHARES, DEMO_TOKENS } from './seed/demo'
import { startServer } from './start'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
const dataDir = process.env.DATA_DIR ?? DEFAULT_DATA_DIR
const databaseUrl = process.env.DATABASE_URL || undefined

const server = await startServer({ port, host, dataDir, databaseUrl, distDir: DEFAULT_DIST_DIR, logger: false })
// 0.0.0.0 / :: listen everywhere; a browser on this machine reaches them through loopback.
const base = server.url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//127.0.0.1:')
/** App-only pages: the link turns on the fake host (a desktop stand-in for the native app). */
const inApp = (path: string) => `${base}${path}${path.includes('?') ? '&' : '?'}fakeHost=app`

const lines = [
  `Reference server on ${base}  (${databaseUrl ? 'PostgreSQL' : `PGlite in ${join(dataDir, 'pglite')}`})`,
  existsSync(DEFAULT_DIST_DIR) ? '' : '  ! dist/ is missing: pages answer 503 until you run `npm run build` (the API works).',
  '',
  'Share pages (open in any browser; add &fakeHost=app to view them as in the app):',
  `  picture book        ${base}/recorded_share?r=${DEMO_SHARES.book}`,
  `  category 8          ${base}/recorded_share?r=${DEMO_SHARES.cat8}`,
  `  words               ${base}/word_share?r=${DEMO_SHARES.words}`,
  '',
  'Other pages:',
  `  home                ${base}/`,
  `  price notice        ${base}/price_up`,
  '',
  'In the app (the fake host signs you in as the VIP demo user; ?fakeHost=off turns it off):',
  `  space upgrade       ${inApp('/space_upgrade')}`,
  `  New Year expansion  ${inApp('/expand_space')}`,
  `  my books (root)     ${inApp('/generate_book/list?id=0')}`,
  `  collection (type 2) ${inApp(`/generate_book/list?id=${DEMO_FOLDERS.collection}`)}`,
  `  12 books (type 1)   ${inApp(`/generate_book/list?id=${DEMO_FOLDERS.starterBooks}`)}`,
  `  new folder          ${inApp(`/generate_book/create?parentId=${DEMO_FOLDERS.collection}`)}`,
  `  edit folder         ${inApp(`/generate_book/create?id=${DEMO_FOLDERS.starterBooks}`)}`,
  '',
  `Tokens: VIP ${DEMO_TOKENS.vip} (小米妈妈)   basic ${DEMO_TOKENS.basic} (乐乐爸爸)`,
  `  (as the basic user: ${inApp('/generate_book/list?id=0')}&fakeHostToken=${DEMO_TOKENS.basic})`,
  `  curl -H 'Authorization: Bearer ${DEMO_TOKENS.vip}' ${base}/v1/directory/0`,
]
console.log(lines.filter((line, i) => line !== '' || lines[i - 1] !== '').join('\n'))

const stop = () => {
  void server.close().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
