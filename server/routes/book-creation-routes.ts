import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/db'
import { currentUser } from '../http/auth'
import { ok } from '../http/envelope'
import { folderSchema, replies } from '../http/schemas'
import { listCreationOptions } from '../repositories/book-options-repository'
import type { UploadStorage } from '../uploads/storage'
import { addFolder, deleteFolder, moveFolders, updateFolder, type AddInput, type UpdateInput } from '../services/folder-service'
import { addBody, deleteBody, moveBody, optionsData, updateBody } from './book-creation-schemas'

const nullData = { type: 'null' } as const

export interface BookCreationRoutesOptions {
  db: Db
  /** Where uploads live: a deleted folder's files and a replaced cover go from there. */
  storage: UploadStorage
}

/** /v1/bookCreation/* — create, edit, submit, delete and reorder the caller's books and folders. */
export const bookCreationRoutes: FastifyPluginAsync<BookCreationRoutesOptions> = async (app, { db, storage }) => {
  app.post<{ Body: AddInput }>('/v1/bookCreation/add', { schema: { body: addBody, response: replies(folderSchema) } }, async (request) =>
    ok(await addFolder(db, currentUser(request), request.body)),
  )

  app.post<{ Body: UpdateInput }>(
    '/v1/bookCreation/update',
    { schema: { body: updateBody, response: replies(folderSchema) } },
    async (request) => ok(await updateFolder(db, currentUser(request), request.body, storage)),
  )

  app.post<{ Body: { id: number } }>(
    '/v1/bookCreation/delete',
    { schema: { body: deleteBody, response: replies(nullData) } },
    async (request) => {
      await deleteFolder(db, currentUser(request), request.body.id, storage)
      return ok(null)
    },
  )

  app.post<{ Body: { parentId: number; ids: number[] } }>(
    '/v1/bookCreation/move',
    { schema: { body: moveBody, response: replies(nullData) } },
    async (request) => {
      await moveFolders(db, currentUser(request), request.body.parentId, request.body.ids)
      return ok(null)
    },
  )

  // One statement, one snapshot: a catalogue import meanwhile (npm run catalog) is seen whole or not at all.
  app.get('/v1/bookCreation/options', { schema: { response: replies(optionsData) } }, async () => ok(await listCreationOptions(db)))
}
