/**
 * Where the HTML's field-report capture (scripts/build/telemetry/capture-script.ts), the page's code and
 * the reporter (./reporter) meet: the three are built apart, so the names are written once, here.
 * docs/telemetry.md "How a page reports".
 */

/**
 * The HTML's function the page's code calls as it starts (shared/app/start-page.tsx): the reporter then
 * loads at the first idle moment after the document's load event, off the first screen's path.
 */
export const REPORTER_STARTER = '__kidsStartReporter'

/**
 * The id of the inert `<template>` in <head> that names the reporter's script (`<script src>`, which the
 * deploy finds like any other file of the page) and carries the page's route and how it becomes ready.
 */
export const REPORTER_TEMPLATE = 'kids-reporter'

/** The template's attribute with the page's route as its page.ts folder names it (`/recorded_share`, `/`). */
export const ROUTE_ATTRIBUTE = 'data-route'

/**
 * The template's attribute on a page with no load cycle (no `firstRequests`, not signed in): it is ready
 * at its content's first paint (the HTML carries it), not when its code calls `markReady()`.
 */
export const READY_AT_PAINT_ATTRIBUTE = 'data-ready-at-paint'
