/** Reply schema of GET /v1/share/uar (contract ShareData). */

const audioRecord = {
  type: ['object', 'null'],
  properties: {
    mediaUrl: { type: 'string' },
    suggestedScore: { type: 'integer' },
    en: { type: 'string' },
    cn: { type: 'string' },
  },
} as const

const stringProps = (...names: string[]) => Object.fromEntries(names.map((n) => [n, { type: 'string' }]))

const sentence = {
  type: 'object',
  properties: {
    ...stringProps('en', 'cn', 'mediaUrl'),
    startTimeMs: { type: 'integer' },
    endTimeMs: { type: 'integer' },
    audioRecord,
  },
} as const

const item = {
  type: 'object',
  properties: {
    ...stringProps('imageUrl', 'contentEn', 'contentCn', 'mediaUrl'),
    startSec: { type: 'number' },
    endSec: { type: 'number' },
    audioRecord,
    sentences: { type: 'array', items: sentence },
  },
} as const

const word = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    ...stringProps(
      'wordEn',
      'wordCn',
      'mediaUrl',
      'ukPronunciation',
      'usPronunciation',
      'ukMediaUrl',
      'usMediaUrl',
      'example',
      'exampleCn',
      'ukExampleMediaUrl',
      'usExampleMediaUrl',
      'imageUrl',
    ),
    audioRecord,
  },
} as const

export const shareData = {
  type: 'object',
  properties: {
    ...stringProps('title', 'intro', 'imageUrl'),
    tags: { type: 'array', items: { type: 'string' } },
    categories: { type: 'array', items: { type: 'integer' } },
    userInviter: { type: 'object', properties: stringProps('nickName', 'avatar', 'inviterCode') },
    items: { type: 'array', items: item },
    words: { type: 'array', items: word },
  },
} as const

export const shareQuery = {
  type: 'object',
  required: ['r'],
  properties: { r: { type: 'string', minLength: 1, maxLength: 100 } },
} as const
