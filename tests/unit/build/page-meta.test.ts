import { describe, expect, it } from 'vitest'
import { pageMetaTags, readPageMeta } from '../../../scripts/page-meta.ts'
import { BRAND } from '@shared/config/brand'

const attrs = (html: string) => pageMetaTags(html).map((t) => t.attrs)

describe('the page meta tags', () => {
  it('gives Open Graph the page title and its own description, and an absolute image', () => {
    const html = '<head><title>价格调整通知</title><meta name="description" content="会员方案价格即将调整 &amp; 详情" /></head>'
    expect(readPageMeta(html)).toEqual({ title: '价格调整通知', description: '会员方案价格即将调整 & 详情' })
    expect(attrs(html)).toEqual([
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: BRAND.appName },
      { property: 'og:title', content: '价格调整通知' },
      { property: 'og:description', content: '会员方案价格即将调整 & 详情' },
      { property: 'og:image', content: `${BRAND.pageOrigin}/share-cover.png` },
    ])
  })

  it('adds the brand description to a page that has none', () => {
    const tags = attrs('<head><title>开通会员</title></head>')
    expect(tags[0]).toEqual({ name: 'description', content: BRAND.description })
    expect(tags).toContainEqual({ property: 'og:description', content: BRAND.description })
  })
})
