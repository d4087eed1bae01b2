import { describe, expect, it } from 'vitest'
import { pageMetaTags } from '../../../scripts/build/page-meta.ts'
import { BRAND } from '@shared/config/brand'

const attrs = (tags: ReturnType<typeof pageMetaTags>) => tags.filter((t) => t.tag === 'meta').map((t) => t.attrs)

describe('the page meta tags, from the descriptor', () => {
  it("writes the page's title, and gives Open Graph its title, its own description and an absolute image", () => {
    const tags = pageMetaTags({ title: '价格调整通知 <新>', description: '会员方案价格即将调整 & 详情' })
    expect(tags[0]).toMatchObject({ tag: 'title', children: '价格调整通知 &lt;新&gt;' })
    expect(attrs(tags)).toEqual([
      { name: 'description', content: '会员方案价格即将调整 & 详情' },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: BRAND.appName },
      { property: 'og:title', content: '价格调整通知 <新>' },
      { property: 'og:description', content: '会员方案价格即将调整 & 详情' },
      { property: 'og:image', content: `${BRAND.pageOrigin}/share-cover.png` },
    ])
  })

  it('gives a page without a description the brand one', () => {
    const tags = attrs(pageMetaTags({ title: '开通会员' }))
    expect(tags[0]).toEqual({ name: 'description', content: BRAND.description })
    expect(tags).toContainEqual({ property: 'og:description', content: BRAND.description })
  })
})
