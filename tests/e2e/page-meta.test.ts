/** Every built page's HTML carries a description and Open Graph tags (scripts/build/page-meta.ts). */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DIST, ROUTES } from './support/link-walk'

describe('the built pages', () => {
  it.each(ROUTES)('/%s has a description and Open Graph title, description and image', (route) => {
    const html = readFileSync(join(DIST, route, 'index.html'), 'utf8')
    for (const tag of ['name="description"', 'property="og:title"', 'property="og:description"', 'property="og:image"']) {
      expect(html, `${route} lacks ${tag}`).toMatch(new RegExp(`<meta ${tag} content="[^"]+"`))
    }
  })
})
