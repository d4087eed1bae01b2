/**
 * The demo picture book shared as `demo-book`: seven pages, the learner's scores spread over every
 * star band, one sentence never recorded and a last page with no media at all.
 * Read by the seed and by server/media-gen/generate-demo-media.ts (which voices and draws it).
 */

/** A sentence and the learner's score for it (null = the learner did not record it). */
export interface DemoSentence {
  en: string
  cn: string
  score: number | null
}

/** A page: its picture (a scene of media-gen/scenes.ts) and sentences. */
export interface DemoPage {
  scene: string
  sentences: DemoSentence[]
  /** A page without any audio (neither the book's nor the learner's). */
  silent?: boolean
}

export const DEMO_BOOK = {
  title: "Mimi's Sunny Day",
  intro: '小猫咪咪的快乐一天：和咪咪一起认识太阳、苹果树、小鱼和小鸟，在故事里学说简单的英语句子。',
  tags: ['动物', '日常生活', '启蒙'],
  categories: [1],
  coverScene: 'book-cover',
  pages: [
    {
      scene: 'book-sunrise',
      sentences: [
        { en: 'Good morning, Sun!', cn: '早上好，太阳！', score: 92 },
        { en: 'The sun is up.', cn: '太阳升起来了。', score: 85 },
      ],
    },
    {
      scene: 'book-cat',
      sentences: [
        { en: 'This is Mimi.', cn: '这是咪咪。', score: 74 },
        { en: 'Mimi is a little cat.', cn: '咪咪是一只小猫。', score: 66 },
        { en: 'She likes to play.', cn: '她喜欢玩。', score: null },
      ],
    },
    {
      scene: 'book-apple-tree',
      sentences: [
        { en: 'Mimi sees a big tree.', cn: '咪咪看见一棵大树。', score: 45 },
        { en: 'There are red apples on the tree.', cn: '树上有红红的苹果。', score: 58 },
      ],
    },
    {
      scene: 'book-ball',
      sentences: [
        { en: 'Mimi finds a ball.', cn: '咪咪找到一个球。', score: 22 },
        { en: 'The ball is red and blue.', cn: '这个球是红蓝相间的。', score: 81 },
      ],
    },
    {
      scene: 'book-pond',
      sentences: [{ en: 'Look! A fish in the pond.', cn: '看！池塘里有一条鱼。', score: 100 }],
    },
    {
      scene: 'book-bird',
      sentences: [
        { en: 'A bird sings in the tree.', cn: '一只小鸟在树上唱歌。', score: 63 },
        { en: 'Tweet, tweet!', cn: '叽叽，喳喳！', score: 12 },
      ],
    },
    {
      scene: 'book-night',
      silent: true,
      sentences: [{ en: 'Good night, Mimi.', cn: '晚安，咪咪。', score: null }],
    },
  ] satisfies DemoPage[],
}

/**
 * The demo share with category 8 (`demo-cat8`): each page's sentences carry start/end times in
 * milliseconds inside the page's audio, and the page flattens them into items (docs/spec/product-spec.md §3).
 */
export const DEMO_CAT8 = {
  title: 'Colors Around Me',
  intro: '颜色儿歌：红色的苹果、黄色的太阳、蓝色的大海、绿色的大树。',
  tags: ['颜色', '儿歌'],
  categories: [8],
  coverScene: 'colors-cover',
  pages: [
    {
      scene: 'colors-red',
      sentences: [
        { en: 'Red, red, I see red.', cn: '红色，红色，我看见红色。', score: 88 },
        { en: 'The apple is red.', cn: '苹果是红色的。', score: 71 },
      ],
    },
    {
      scene: 'colors-yellow',
      sentences: [
        { en: 'Yellow, yellow, I see yellow.', cn: '黄色，黄色，我看见黄色。', score: 54 },
        { en: 'The sun is yellow.', cn: '太阳是黄色的。', score: 95 },
      ],
    },
    {
      scene: 'colors-blue',
      sentences: [
        { en: 'Blue, blue, I see blue.', cn: '蓝色，蓝色，我看见蓝色。', score: 27 },
        { en: 'The sea is blue.', cn: '大海是蓝色的。', score: 62 },
        { en: 'A fish swims in the sea.', cn: '一条鱼在海里游。', score: null },
      ],
    },
    {
      scene: 'colors-green',
      sentences: [
        { en: 'Green, green, I see green.', cn: '绿色，绿色，我看见绿色。', score: 83 },
        { en: 'The tree is green.', cn: '大树是绿色的。', score: 39 },
      ],
    },
  ] satisfies DemoPage[],
}
