/**
 * Where the HTML's inline scripts and the page's code meet on `window` (issue 31): the HTML's head script
 * (scripts/build/entry-watchdog.ts) and the page's bundle are built apart, so these names are written
 * once here and both read them.
 */

/** Set by mountPage as the page's code starts (shared/app/start-page.tsx); the watchdog and the first screen read it. */
export const STARTED_GLOBAL = '__kidsStarted'

/**
 * When the page was last shown again from the back-forward cache (`Date.now()` at a `pageshow` with
 * `persisted`), set by the HTML's head script from the first moment: a page left before its code had
 * listened (React renders in slices after the first screen, seconds on a slow phone) and shown again
 * must still reload what it shows (shared/hooks/use-page-restored.ts).
 */
export const RESTORED_GLOBAL = '__kidsRestoredAt'

/** The HTML's function that starts a page's held-back code; the first screen calls it once drawn. */
export const ENTRY_STARTER = '__kidsStartEntry'

/** The host messages the HTML kept before the page's code started (shared/bridge/messages.ts hands them on). */
export const EARLY_MESSAGES_GLOBAL = '__kidsEarlyMessages'

/** At most this many host messages wait for a listener: a host never sends more while a page starts. */
export const EARLY_MESSAGES_LIMIT = 20

/** The id of the `<template>` holding a page's held-back code (scripts/build/prerender/prefetch.ts `deferEntry`). */
export const PAGE_CODE_TEMPLATE = 'page-code'
