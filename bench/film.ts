/**
 * `npx tsx bench/film.ts [--base http://127.0.0.1:3000]`: the film strips of `npm run bench` (issue 31:
 * the share cover and the folder list every 300 ms on the bench's phone) against a running server
 * (`npm start`), written to bench/results/film/. The bench itself films them in its own runs too.
 */
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { demoLinks } from '../server/demo-links.ts'
import { filmStrip } from './lib/film.ts'
import { launchChromium } from './lib/phone.ts'
import { SPOTLIGHT_ROUTES } from './lib/targets.ts'

const ROOT = resolve(import.meta.dirname, '..')
const { values } = parseArgs({ options: { base: { type: 'string', default: 'http://127.0.0.1:3000' } } })
const browser = await launchChromium()
try {
  for (const link of demoLinks(join(ROOT, 'dist')).filter((l) => l.bench && SPOTLIGHT_ROUTES.has(l.route))) {
    const file = join(ROOT, 'bench', 'results', 'film', `${link.route.slice(1).replace(/\//g, '-')}.png`)
    await filmStrip(browser, values.base + link.path, link.inApp ? 'app' : 'browser', file)
    console.log(`wrote ${file}`)
  }
} finally {
  await browser.close()
}
