import { definePage } from '@shared/app/define-page'
import { SHARE_PARAMS, shareRequests } from '@shared/recorded-work/share-page'

/** A child's recorded work (picture book, category 8 or words), opened from a share link. */
export default definePage({
  title: '录音作品',
  description: '听听孩子朗读的英语绘本录音作品，一起为孩子加油。',
  params: SHARE_PARAMS,
  firstRequests: shareRequests,
  signedIn: false,
  demoLinks: [
    {
      label: 'picture book',
      query: 'r={DEMO_SHARES.book}',
      fixture: 'browser',
      proof: "开始欣赏《Mimi's Sunny Day》",
      tap: { role: 'button', name: '开始欣赏' },
    },
    { label: 'category 8', query: 'r={DEMO_SHARES.cat8}', fixture: 'browser', proof: '开始欣赏《Colors Around Me》' },
  ],
  budget: { js: 93540, css: 0, html: 27920, head: 4070, screen: 14040, telemetry: 4800, lazy: 54850 },
})
