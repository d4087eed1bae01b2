/** Schemas of /v1/cloudDrive/* (docs/contracts/api.md "Cloud-drive import"). */
import { idProperty } from '../http/schemas'
import { MAX_IMPORT_IDS } from '../cloud-drive/cloud-drive-service'

/** A non-negative integer in the query string (query values are strings). */
const queryInteger = (maxDigits: number) => ({ type: 'string', pattern: `^(0|[1-9][0-9]{0,${maxDigits - 1}})$` }) as const

export const filesQuery = {
  type: 'object',
  required: ['dir', 'suffix'],
  properties: {
    dir: { type: 'string', minLength: 1, maxLength: 1000 },
    suffix: { type: 'string', pattern: '^[A-Za-z0-9]{1,10}$' },
    start: queryInteger(7),
    limit: queryInteger(4),
  },
} as const

/** Largest page of GET /v1/cloudDrive/files. */
export const MAX_LIMIT = 1000
export const DEFAULT_LIMIT = 100

export const importBody = {
  type: 'object',
  required: ['fsIds'],
  properties: {
    fsIds: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_IMPORT_IDS,
      items: { type: 'string', pattern: '^[0-9A-Za-z_-]{1,64}$' },
    },
    albumId: idProperty,
    parentId: idProperty,
  },
} as const

/** POST /v1/cloudDrive/authorize: the code the host got from the drive's sign-in. */
export const authorizeBody = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', pattern: '^[\\x21-\\x7e]{1,512}$' } },
} as const

export const jobParams = {
  type: 'object',
  required: ['jobId'],
  properties: { jobId: { type: 'string', pattern: '^[0-9A-Za-z-]{1,64}$' } },
} as const

export const statusData = {
  type: 'object',
  required: ['authorized', 'accountName'],
  properties: { authorized: { type: 'boolean' }, accountName: { type: 'string' } },
} as const

const cloudFile = {
  type: 'object',
  required: ['fsId', 'name', 'isDir', 'size', 'mtime'],
  properties: {
    fsId: { type: 'string' },
    name: { type: 'string' },
    isDir: { type: 'boolean' },
    size: { type: 'number' },
    mtime: { type: 'string' },
  },
} as const

export const filesData = {
  type: 'object',
  required: ['dir', 'parent', 'items', 'hasMore'],
  properties: {
    dir: { type: 'string' },
    parent: { type: ['string', 'null'] },
    items: { type: 'array', items: cloudFile },
    hasMore: { type: 'boolean' },
  },
} as const

export const importData = {
  type: 'object',
  required: ['jobId'],
  properties: { jobId: { type: 'string' } },
} as const

export const jobData = {
  type: 'object',
  required: ['status', 'done', 'total', 'createdIds', 'failed'],
  properties: {
    status: { type: 'string', enum: ['running', 'done', 'failed'] },
    done: { type: 'integer' },
    total: { type: 'integer' },
    createdIds: { type: 'array', items: { type: 'integer' } },
    failed: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'msg'],
        properties: { name: { type: 'string' }, msg: { type: 'string' } },
      },
    },
  },
} as const
