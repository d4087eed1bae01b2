/**
 * The user agent's markers that say which client a page runs in (docs/contracts/user-agent.md). Written
 * once, in common/telemetry/client.ts, where the field report's client description (the reporter's and
 * the server's) reads them too.
 */
export { PACKAGE, VERSION, WECHAT } from '../../common/telemetry/client'
