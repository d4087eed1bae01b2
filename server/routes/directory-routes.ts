import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/db'
import { currentUser } from '../http/auth'
import { ok } from '../http/envelope'
import { folderWithItemsSchema, idParams, replies } from '../http/schemas'
import { getDirectory } from '../services/folder-service'

/** GET /v1/directory/:id — a folder of the caller with its children; 0 = their root. */
export const directoryRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<{ Params: { id: string } }>(
    '/v1/directory/:id',
    { schema: { params: idParams, response: replies(folderWithItemsSchema) } },
    async (request) => ok(await getDirectory(db, currentUser(request), Number(request.params.id))),
  )
}
