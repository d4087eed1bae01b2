/** Writes the bench results: a Markdown table for people and the same figures as JSON. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PageResult } from './measure-pages.ts'
import type { PageWeight } from '../../scripts/page-weight.ts'
import { PROFILE } from './phone.ts'
import type { FolderScale, ShareScale } from './scaling.ts'

export interface BenchResults {
  date: string
  commit: string
  label: string
  machine: { cpus: number; loadAverage: number[] }
  profile: typeof PROFILE
  runs: number
  /** Whether the build carried prerendered HTML. */
  prerender: boolean
  pages: PageResult[]
  weights: PageWeight[]
  /** Route path → how its HTML carries the prerendered frame. */
  frames: Record<string, string>
  share: ShareScale[]
  folders: FolderScale[]
  /** Wall time of the whole bench, s. */
  seconds: number
}

const ms = (v: number | null) => (v === null ? '–' : `${Math.round(v)}`)
const kb = (v: number | null) => (v === null ? '–' : (v / 1024).toFixed(1))
const mark = (ok: boolean | null) => (ok === null ? '–' : ok ? '✓' : '✗')
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

function pagesTable(pages: readonly PageResult[]): string[] {
  const floorJs = pages.find((p) => p.name === 'floor')?.jsBytes ?? null
  const lines = [
    '| page | TTFB | FCP | LCP | LCP element | JS gz KB | CSS gz KB | JS ÷ floor | requests | API | FCP goal | LCP goal | JS goal | console errors |',
    '|---|--:|--:|--:|---|--:|--:|--:|--:|--:|:-:|:-:|:-:|--:|',
  ]
  for (const p of pages) {
    const ratio = floorJs && p.jsBytes !== null ? p.jsBytes / floorJs : null
    const floor = p.name === 'floor'
    lines.push(
      `| ${cell(p.name)} | ${ms(p.ttfb)} | ${ms(p.fcp)} | ${ms(p.lcp)} | ${cell(p.lcpElement || '–')} | ${kb(p.jsBytes)} | ${kb(p.cssBytes)} | ` +
        `${ratio === null ? '–' : ratio.toFixed(2)} | ${p.requests ?? '–'} | ${p.apiRequests ?? '–'} | ` +
        `${mark(p.fcp === null ? null : p.fcp <= p.goals.fcp)} ≤${p.goals.fcp} | ${mark(p.lcp === null ? null : p.lcp <= p.goals.lcp)} ≤${p.goals.lcp} | ` +
        `${floor ? '–' : `${mark(ratio === null ? null : ratio <= p.goals.jsRatio)} ≤${p.goals.jsRatio}x`} | ${p.errors.length} |`,
    )
  }
  return lines
}

/** The Markdown report. */
export function toMarkdown(r: BenchResults): string {
  const out = [
    `# Page bench: ${r.label}`,
    '',
    `${r.date} · commit ${r.commit} · ${r.machine.cpus} CPUs, load ${r.machine.loadAverage.map((x) => x.toFixed(1)).join(' ')} at start · ` +
      `${r.seconds} s · prerender ${r.prerender ? 'on' : 'off'}`,
    '',
    `Profile: ${PROFILE.rttMs} ms RTT, ${PROFILE.downKbps} kbps down, ${PROFILE.upKbps} kbps up, ${PROFILE.cpuSlowdown}x CPU slowdown, ` +
      `cache disabled, 390×844 @2x, Debian Chromium; text gzipped by the bench's front (as a CDN would). ` +
      `Median of ${r.runs} runs; times in ms from navigation start. JS/CSS are bytes on the wire (gzip), lazy chunks included. ` +
      `TTFB is the document's responseEnd: Chromium's emulated latency delays the body, not responseStart, and the HTML is a few KB.`,
    '',
    ...pagesTable(r.pages),
    '',
    '## Build weight (gzipped KB, as scripts/budgets.ts counts it) and prerendered frame',
    '',
    '| page | JS | CSS | HTML | lazy | files up front | frame in the HTML |',
    '|---|--:|--:|--:|--:|--:|---|',
    ...r.weights.map((w) => `| ${w.path} | ${kb(w.js)} | ${kb(w.css)} | ${kb(w.html)} | ${kb(w.lazy)} | ${w.files} | ${r.frames[w.path] ?? '–'} |`),
    '',
    '## Scaling: share pages',
    '',
    '| slides | cover interactive ms | JS heap after 50 swipes MB | slide reached | errors |',
    '|--:|--:|--:|---|--:|',
    ...r.share.map((s) => `| ${s.slides} | ${ms(s.coverInteractive)} | ${s.heapAfterSwipesMb ?? '–'} | ${cell(s.reached)} | ${s.errors.length} |`),
    '',
    '## Scaling: folder lists',
    '',
    '| items | first screen of rows ms | longest frame during a drag ms | frames | errors |',
    '|--:|--:|--:|--:|--:|',
    ...r.folders.map((f) => `| ${f.items} | ${ms(f.render)} | ${ms(f.longestDragFrame)} | ${f.frames} | ${f.errors.length} |`),
  ]
  const errors = [
    ...r.pages.flatMap((p) => p.errors.map((e) => `- ${p.name}: ${e}`)),
    ...r.share.flatMap((s) => s.errors.map((e) => `- share ${s.slides}: ${e}`)),
    ...r.folders.flatMap((f) => f.errors.map((e) => `- folder ${f.items}: ${e}`)),
  ]
  if (errors.length) out.push('', '## Errors seen', '', ...errors.map(cell))
  return `${out.join('\n')}\n`
}

/** Writes `<name>.md` and `<name>.json` into `dir`. */
export function writeResults(dir: string, name: string, results: BenchResults): void {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, `${name}.md`), toMarkdown(results))
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(results, null, 1)}\n`)
}
