/**
 * The user agent's markers that say which client a page runs in (docs/contracts/user-agent.md), apart from
 * parse-user-agent.ts so that the field reporter (shared/field-reporter) bundles only these.
 */
import { APP_PACKAGE_ID } from '../config/brand'

/** The app's marker: its package id. */
export const PACKAGE = new RegExp(`\\b${APP_PACKAGE_ID.replace(/\./g, '\\.')}\\b`)
/** The app's version: only its leading dotted number (`version_2.12.0-beta` is 2.12.0). */
export const VERSION = /(?:^|\s)version_(\d+(?:\.\d+)*)/
/** WeChat's in-app browser. */
export const WECHAT = /MicroMessenger/i
