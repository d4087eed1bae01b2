import { definePage } from '@shared/app/define-page'
import { SHARE_PARAMS, shareRequests } from '@shared/recorded-work/share-page'

/** A shared word list with UK/US phonetics and examples. */
export default definePage({
  title: '单词录音作品',
  description: '听听孩子朗读的英语单词录音作品，一起为孩子加油。',
  params: SHARE_PARAMS,
  firstRequests: shareRequests,
  signedIn: false,
  demoLinks: [
    {
      label: 'words',
      query: 'r={DEMO_SHARES.words}',
      fixture: 'browser',
      proof: '开始欣赏《看图学单词》',
      tap: { role: 'button', name: '开始欣赏' },
    },
  ],
  budget: { js: 93490, css: 0, html: 27920, head: 4070, screen: 14040, telemetry: 4800, lazy: 54850 },
})
