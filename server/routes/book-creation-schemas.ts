/** Request schemas of /v1/bookCreation/*. Lengths are checked again in characters by folder-rules. */
import { idProperty } from '../http/schemas'

const nullableString = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const
const labels = (maxItems: number) => ({ type: ['array', 'null'], maxItems, items: { type: 'string', maxLength: 50 } }) as const

const fieldProperties = {
  title: { type: 'string', maxLength: 200 },
  intro: nullableString(2000),
  imageUrl: nullableString(2000),
  rootId: { type: ['integer', 'null'], minimum: 0, maximum: idProperty.maximum },
  ages: labels(20),
  tags: labels(20),
} as const

const folderType = { type: 'integer', enum: [0, 1, 2] } as const

export const addBody = {
  type: 'object',
  required: ['parentId', 'type', 'title'],
  properties: { parentId: idProperty, type: folderType, ...fieldProperties },
} as const

export const updateBody = {
  type: 'object',
  required: ['id'],
  properties: {
    id: idProperty,
    parentId: idProperty,
    type: folderType,
    status: { type: 'integer', enum: [0, 1] },
    ...fieldProperties,
  },
} as const

export const deleteBody = {
  type: 'object',
  required: ['id'],
  properties: { id: idProperty },
} as const

export const moveBody = {
  type: 'object',
  required: ['parentId', 'ids'],
  properties: {
    parentId: idProperty,
    ids: { type: 'array', maxItems: 2000, items: idProperty },
  },
} as const

export const optionsData = {
  type: 'object',
  required: ['categories', 'ages', 'tags'],
  properties: {
    categories: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
    },
    ages: { type: 'array', items: { type: 'string' } },
    tags: { type: 'array', items: { type: 'string' } },
  },
} as const
