/** The demo word list shared as `demo-words` (read by the seed and the media generator). */

export interface DemoWord {
  /** File-name key and scene of media-gen/scenes.ts (`word-<key>`). */
  key: string
  en: string
  cn: string
  uk: string
  us: string
  example: string
  exampleCn: string
  /** The learner's score for the word (null = not recorded). */
  score: number | null
}

export const DEMO_WORDS = {
  title: '看图学单词',
  intro: '八个常见单词，英式、美式发音都能听。',
  tags: ['单词', '启蒙'],
  categories: [2],
  coverScene: 'words-cover',
  words: [
    { key: 'apple', en: 'apple', cn: '苹果', uk: '/ˈæp.əl/', us: '/ˈæp.əl/', example: 'I eat a red apple.', exampleCn: '我吃一个红苹果。', score: 90 },
    { key: 'cat', en: 'cat', cn: '猫', uk: '/kæt/', us: '/kæt/', example: 'The cat is sleeping.', exampleCn: '猫在睡觉。', score: 76 },
    { key: 'sun', en: 'sun', cn: '太阳', uk: '/sʌn/', us: '/sʌn/', example: 'The sun is hot.', exampleCn: '太阳很热。', score: 58 },
    { key: 'dog', en: 'dog', cn: '狗', uk: '/dɒɡ/', us: '/dɑːɡ/', example: 'My dog can run fast.', exampleCn: '我的狗跑得很快。', score: 84 },
    { key: 'fish', en: 'fish', cn: '鱼', uk: '/fɪʃ/', us: '/fɪʃ/', example: 'The fish can swim.', exampleCn: '鱼会游泳。', score: 25 },
    { key: 'tree', en: 'tree', cn: '树', uk: '/triː/', us: '/triː/', example: 'The tree is very tall.', exampleCn: '这棵树很高。', score: 67 },
    { key: 'ball', en: 'ball', cn: '球', uk: '/bɔːl/', us: '/bɑːl/', example: "Let's play with the ball.", exampleCn: '我们来玩球吧。', score: null },
    { key: 'bird', en: 'bird', cn: '鸟', uk: '/bɜːd/', us: '/bɝːd/', example: 'The bird can fly.', exampleCn: '鸟会飞。', score: 97 },
  ] satisfies DemoWord[],
}
