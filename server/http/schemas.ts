/** JSON schemas shared by the routes: the envelope, ids, and the Folder shape. */

/** Any failed reply. */
export const errorEnvelope = {
  type: 'object',
  required: ['result', 'data', 'msg'],
  properties: {
    result: { type: 'string' },
    data: { type: 'null' },
    msg: { type: 'string' },
  },
} as const

/** Reply schemas of a route whose success `data` matches `data`. */
export function replies(data: object) {
  return {
    200: {
      type: 'object',
      required: ['result', 'data', 'msg'],
      properties: { result: { type: 'string', enum: ['SUCCESS'] }, data, msg: { type: 'string' } },
    },
    '4xx': errorEnvelope,
    '5xx': errorEnvelope,
  }
}

/** Largest id a PostgreSQL `integer` holds. */
export const MAX_ID = 2_147_483_647

/** A numeric id in a JSON body. */
export const idProperty = { type: 'integer', minimum: 0, maximum: MAX_ID } as const

/** A numeric id in the path: path parameters are strings, so the shape is checked by pattern. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^(0|[1-9][0-9]{0,8})$' } },
} as const

const stringArray = { type: 'array', items: { type: 'string' } } as const

const folderProperties = {
  id: { type: 'integer' },
  title: { type: 'string' },
  type: { type: 'integer' },
  parentId: { type: 'integer' },
  parentType: { type: 'integer' },
  rootId: { type: 'integer' },
  rootTitle: { type: 'string' },
  ages: stringArray,
  tags: stringArray,
  intro: { type: 'string' },
  imageUrl: { type: 'string' },
  childCnt: { type: 'integer' },
  status: { type: 'integer' },
  updateTime: { type: 'string' },
  needCapacityMb: { type: 'number' },
  fileSizeMb: { type: 'number' },
  userId: { type: 'integer' },
  quizCnt: { type: 'integer' },
  fileSuffix: { type: 'string' },
} as const

/** Contract Folder without `items`. */
export const folderSchema = {
  type: 'object',
  required: Object.keys(folderProperties),
  properties: folderProperties,
} as const

/** Contract Folder with its children as `items`. */
export const folderWithItemsSchema = {
  type: 'object',
  required: [...Object.keys(folderProperties), 'items'],
  properties: { ...folderProperties, items: { type: 'array', items: folderSchema } },
} as const
