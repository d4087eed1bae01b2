/**
 * Where the HTML's field-report capture (scripts/build/telemetry/capture.es5.js), the page's code and
 * the reporter (shared/field-reporter) meet: the three are built apart, so the names are written once,
 * here. docs/telemetry.md "How a page reports".
 */
import type { Cohort, NavigationKind, Via } from '../../common/telemetry/report'

/**
 * The HTML's function the page's code calls as it starts (shared/app/start-page.tsx): the reporter then
 * loads at the first idle moment after the document's load event, off the first screen's path.
 */
export const REPORTER_STARTER = '__kidsStartReporter'

/** The id of the inert `<template>` in <head> whose `data-src` names the reporter's script (the deploy finds it like any file of the page). */
export const REPORTER_TEMPLATE = 'kids-reporter'

/** The view the HTML's head keeps on `window` (HeadView), from its first script on. */
export const VIEW_GLOBAL = '__kidsView'

/**
 * The view as the HTML's head keeps it, for the whole life of the page: the head creates it (and a new
 * one for each restore from the back-forward cache, before any later `pageshow` listener runs), reports
 * it itself while the reporter has not taken over the queue, and hands it to the reporter, which goes on
 * with the same view and the next `seq`. The head also owns the transport: every beacon of the page goes
 * through `send`, which counts in `lost` the ones that could not leave.
 */
export interface HeadView {
  /** The page's route as its page.ts names it (`/recorded_share`, `/`), written in by the build. */
  route: string
  /** The HTML's release (its `<meta name="kids-release">`), `dev` without one. */
  release: string
  /** The share of views that report, as built. */
  sample: number
  /** The page has no load cycle: it is ready at its first contentful paint (its content is in its HTML). */
  atPaint: boolean
  /** This view's random id (`[0-9a-z]{11}`). */
  view: string
  /** The `seq` of the view's next beacon (the head's own reports count). */
  seq: number
  nav: NavigationKind
  /** `performance.now()` when the view started: 0 for a page load, the restore's time for a restored view. */
  start: number
  /** ms from the view's start to ready, as the head saw it before the reporter took over; null: not ready. */
  ready: number | null
  /** `performance.now()` when the page was first hidden (0: hidden from the start); Infinity while it has not been. */
  hidden: number
  /** Beacons that could not leave and failures of the page's field code, not yet carried by a report. */
  lost: number
  /** The app's rollout cohort and source for this page (`window.kidsRollout`, set by its host at document start); null outside. */
  cohort: Cohort | null
  via: Via | null
  /** Sends a report body (sendBeacon, else fetch with keepalive); never throws. */
  send(body: string): void
}
