import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isDatabaseUnavailable, isDiskFull } from '../db/db-errors'
import { NOT_FOUND_PAGE } from '../web/html-pages'
import { ApiError, resultForStatus } from './envelope'

/** Chinese messages for the 4xx errors Fastify and its plugins raise themselves. */
const FRAMEWORK_ERRORS: Record<string, { status?: number; msg: string }> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: { msg: '请求体不能为空' },
  FST_ERR_CTP_INVALID_JSON_BODY: { msg: '请求体不是有效的 JSON' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { msg: '不支持的请求格式，请使用 JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { msg: '请求体过大' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { msg: '请求长度不正确' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, msg: '请使用 multipart/form-data 上传文件' },
  FST_REQ_FILE_TOO_LARGE: { msg: '文件过大' },
  FST_FILES_LIMIT: { status: 400, msg: '一次只能上传一个文件' },
  FST_PARTS_LIMIT: { status: 400, msg: '表单字段过多' },
  FST_FIELDS_LIMIT: { status: 400, msg: '表单字段过多' },
  FST_PROTO_VIOLATION: { status: 400, msg: '请求参数无效' },
}

/**
 * A value the database refused as data (SQLSTATE class 22: a NUL in text 22021, an untranslatable
 * character 22P05, invalid text for a type 22P02, a number out of range 22003, ...). Such a value
 * came from the request, so the request is at fault; the schemas should have caught it first.
 */
export function isDatabaseDataError(error: unknown): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown }
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && typeof severity === 'string'
}

/** docs/contracts/ui-text.md "Server messages": PostgreSQL away for a moment, a full disk. */
export const UNAVAILABLE_MSG = '服务繁忙，请稍后再试'
export const DISK_FULL_MSG = '存储空间不足，请稍后再试'

const isApiPath = (url: string) => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?')

/**
 * Every error becomes an envelope `{ result, data: null, msg }` with a Chinese `msg`:
 * our ApiErrors as they are, schema failures and values the database refuses as 400, framework
 * 4xx with a translated message, anything else as a logged 500 that reveals nothing.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    let status = 500
    let msg = '服务器错误，请稍后重试'
    let result = null as string | null
    if (error instanceof ApiError) {
      status = error.statusCode
      msg = error.message
      result = error.result
    } else if ('validation' in error && error.validation) {
      status = 400
      msg = error.message
    } else if (isDatabaseDataError(error)) {
      status = 400
      msg = '请求参数包含无法保存的内容'
      request.log.warn({ err: error }, 'database refused a value the schemas let through')
    } else if (isDatabaseUnavailable(error)) {
      // Not this request's fault, nor a bug: the pool reconnects for the next one.
      status = 503
      msg = UNAVAILABLE_MSG
      void reply.header('retry-after', '2')
    } else if (isDiskFull(error)) {
      status = 507
      msg = DISK_FULL_MSG
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const known = FRAMEWORK_ERRORS[error.code ?? '']
      status = known?.status ?? error.statusCode
      msg = known?.msg ?? '请求无效'
    }
    request.failureMsg = msg
    // A request whose client left (or whose body was cut off for time) fails on its closed stream: the
    // abort is its log line (request-log.ts), not a server error with a stack.
    const aborted = request.raw.aborted
    // A database away or a full disk is the operator's to fix, not a bug: a warning with its cause.
    const logAs = status === 503 || status === 507 ? 'warn' : 'error'
    if (status >= 500 && !aborted) request.log[logAs]({ err: error }, `${request.method} ${request.url.split('?')[0]} failed`)
    void reply.code(status).send({ result: result ?? resultForStatus(status), data: null, msg })
  })

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      void reply.code(404).send({ result: 'NOT_FOUND', data: null, msg: '接口不存在' })
      return
    }
    void reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_FOUND_PAGE)
  })
}

/**
 * Fastify `frameworkErrors`: errors raised before routing (a malformed URL such as `/%E0%A4%A`),
 * which never reach the error handler.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const bad = error.code === 'FST_ERR_BAD_URL'
  void reply.code(400).send({ result: 'BAD_REQUEST', data: null, msg: bad ? '网址格式不正确' : '请求无效' })
}
