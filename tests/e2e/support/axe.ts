/**
 * Accessibility check for browser journeys: axe-core with the WCAG 2.1 A/AA rules on the page as it is
 * now. A journey calls `await expectAccessible(page, 'share cover')` at every state it reaches; the test
 * fails on any serious or critical violation, naming the rule, the elements and what to fix.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core'
import { smallTapTargets } from './tap-targets'

/** The WCAG 2.0 and 2.1 level A and AA rules (axe's tag names). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const

/** Impacts that fail a journey. Moderate and minor findings are listed in the message of a failure only. */
const FAILING: readonly ImpactValue[] = ['serious', 'critical']

/**
 * Everything the check leaves out, each with its reason. Keep this the only list: the README points here.
 * `selector` parts are excluded from every rule; `rules` are switched off everywhere.
 */
export const AXE_EXCLUSIONS: { selector?: string; rules?: string[]; reason: string }[] = [
  {
    selector: '[data-fake-host]',
    reason: "the reference server's fake host panel (app fixture) stands in for the native app; it is test tooling, not a page",
  },
]

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * Runs axe on the page and returns its violations of the WCAG 2.1 A/AA rules, exclusions applied. Only a
 * settled page is measured: when an animation or transition starts while axe runs (a toast that begins
 * to fade out under a slow machine), the result is thrown away and axe runs again once it has ended.
 */
/** How many times axe runs before a page that keeps moving fails the check. */
const SETTLE_ATTEMPTS = 6

export async function axeViolations(page: Page): Promise<Result[]> {
  // Evaluated through the DevTools protocol, so a page's Content-Security-Policy does not block it.
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(axeSource)
  const exclude = AXE_EXCLUSIONS.flatMap((e) => (e.selector ? [e.selector] : []))
  const rules = Object.fromEntries(AXE_EXCLUSIONS.flatMap((e) => e.rules ?? []).map((id) => [id, { enabled: false }]))
  const options: RunOptions = { runOnly: { type: 'tag', values: [...AXE_TAGS] }, rules, resultTypes: ['violations'] }
  for (let attempt = 1; ; attempt++) {
    // Overlays and slides fade in; a half-transparent element would measure a contrast it never settles at.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    )
    const { violations, moved } = await page.evaluate(
      async ([context, opts]) => {
        let moved = false
        const mark = () => (moved = true)
        const events = ['animationstart', 'transitionstart'] as const
        events.forEach((type) => document.addEventListener(type, mark, true))
        try {
          const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe
          const results = await axe.run(context, opts)
          // A fade still under way as axe ends (its start event not dispatched yet) counts too.
          const fading = document
            .getAnimations()
            .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
          return { violations: results.violations, moved: moved || fading }
        } finally {
          events.forEach((type) => document.removeEventListener(type, mark, true))
        }
      },
      [{ exclude: exclude.map((s) => [s]) }, options] as const,
    )
    if (!moved) return violations
    // A page that never holds still for one whole run (a fade every time) is named as such, not measured
    // half-faded: a contrast taken through a fade is one the page never shows.
    if (attempt === SETTLE_ATTEMPTS) throw new Error(`axe: the page was still animating after ${attempt} runs (${page.url()})`)
  }
}

/** One violation as lines a person can act on: impact, rule, help, then each element's selector and fix. */
export function describeViolation(v: Result): string {
  const nodes = v.nodes.slice(0, 8).map((n) => {
    const summary = (n.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').slice(0, 300)
    return `    at ${n.target.join(' >> ')}\n      ${n.html.slice(0, 160)}\n      ${summary}`
  })
  const more = v.nodes.length > 8 ? [`    … and ${v.nodes.length - 8} more`] : []
  return [`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`, ...nodes, ...more].join('\n')
}

/**
 * Fails when the page, in the state a journey has reached, has a serious or critical WCAG 2.1 A/AA
 * violation, or a control on screen whose touch target is under 44×44 CSS px (./tap-targets.ts).
 * `state` names that state in the message (`'/space_upgrade loaded, app'`).
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  const violations = await axeViolations(page)
  const failing = violations.filter((v) => v.impact && FAILING.includes(v.impact))
  const small = await smallTapTargets(page)
  if (failing.length === 0 && small.length === 0) return
  const others = violations.filter((v) => !failing.includes(v))
  const lines = [
    `Not accessible in "${state}" (${page.url()}): ${failing.length} serious/critical axe violation(s), ${small.length} small target(s)`,
    ...failing.map(describeViolation),
    ...(others.length ? ['  also (not failing):', ...others.map(describeViolation)] : []),
    ...(small.length ? [`  tap targets under 44×44 CSS px:`, ...small.map((s) => `    ${s}`)] : []),
  ]
  throw new Error(lines.join('\n'))
}
