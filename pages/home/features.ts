// Files, not data: URLs (under the build's 2 KB inline limit they would be): Chromium turns each inlined SVG
// into a document of its own while parsing the HTML, which held the first paint of the brand page's text
// back by about 100 ms on the bench phone (7 pictures); as files they arrive just after it.
import heroImage from '@shared/assets/brand/hero.svg?no-inline'
import listeningImage from '@shared/assets/brand/listening.svg?no-inline'
import planImage from '@shared/assets/brand/plan.svg?no-inline'
import pronunciationImage from '@shared/assets/brand/pronunciation.svg?no-inline'
import spellingImage from '@shared/assets/brand/spelling.svg?no-inline'
import wordCardsImage from '@shared/assets/brand/word-cards.svg?no-inline'

/** One thing a child does in the app, as the brand page tells a parent about it. */
export interface Feature {
  title: string
  description: string
  /** URL of the hand-drawn illustration (shared/assets/brand/). */
  image: string
}

export { heroImage }

/** The five learning features of docs/spec/product-spec.md §1, in the order a lesson meets them. */
export const FEATURES: readonly Feature[] = [
  {
    title: '单词卡片游戏',
    description: '看图、听音、翻卡片，在游戏里认识新单词，玩得开心也记得牢。',
    image: wordCardsImage,
  },
  {
    title: '拼写挑战',
    description: '听发音拼单词，一关一关闯过去，字母和发音的对应越来越熟。',
    image: spellingImage,
  },
  {
    title: '听力填空',
    description: '听原声补全句子，练出能抓住关键词的小耳朵。',
    image: listeningImage,
  },
  {
    title: '个性化学习计划',
    description: '按孩子的水平和进度安排每天的学习内容，不多不少刚刚好。',
    image: planImage,
  },
  {
    title: 'AI发音反馈',
    description: '跟读后马上得到星级评分，知道哪里读得好、哪里再练练，开口更自信。',
    image: pronunciationImage,
  },
]

/** What parents and teachers do themselves (the share pages and the picture-book manager of docs/spec/product-spec.md §1). */
export const PARENT_FEATURES: readonly Omit<Feature, 'image'>[] = [
  {
    title: '分享录音作品',
    description: '孩子的跟读录音会生成作品页，一键分享给家人，一起听听孩子的进步。',
  },
  {
    title: '自制绘本',
    description: '老师和家长可以拍照或导入PDF，把手边的绘本做成孩子的专属课程。',
  },
]
