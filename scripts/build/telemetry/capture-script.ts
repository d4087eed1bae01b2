/**
 * The field reports' capture, the first script of every page's <head> (docs/telemetry.md "How a page reports"):
 * from the very start it puts on the page's queue (shared/telemetry/early.ts) every uncaught error and
 * unhandled rejection, and every `<script>`, module preload, stylesheet or `<img>` that failed to load (a
 * capture-phase `error` listener on window sees them all, though their `error` events do not bubble).
 * It loads the reporter (shared/field-reporter) off the first screen's path: once the page's code
 * has started (`REPORTER_STARTER`, called by shared/app/start-page.tsx), the document has loaded and the
 * browser is idle; at once when something fatal happens before (the reporter then sends it); and after
 * REPORTER_CAP_MS whatever happened, so a page whose code never starts (a white screen) still reports.
 * A view left out of the sample gets a queue that keeps nothing, and no reporter.
 */
import { TELEMETRY_QUEUE_GLOBAL } from '../../../shared/telemetry/early.ts'
import { REPORTER_STARTER, REPORTER_TEMPLATE } from '../../../shared/telemetry/loader.ts'

/**
 * The longest the reporter waits for the page's code to start. Past the first screen on any network the
 * pages are tested on (ready by about 2 s on the bench's slow 4G); a page still without code by then is
 * broken or crawling, and its view must be reported before the reader gives up on it.
 */
export const REPORTER_CAP_MS = 5000

/** How long the reporter waits for an idle moment once the page has started and loaded. */
export const REPORTER_IDLE_MS = 2000

/**
 * Plain ES5 (it must run, and catch, on a WebView too old for the page's own code), about 500 bytes
 * gzipped. `sample`: the share of views that report (below 1, a view draws its lot here). In it: `L` loads
 * the reporter once; `A` puts a problem on the queue; the queue's `push` also watches for a fatal problem
 * before the reporter is there (a chunk, the error boundary, an error before ready: shared/telemetry/
 * reporter/view.ts `isFatal`). Without requestIdleCallback (Safari), setTimeout with that object for a
 * delay runs at once, after the load event.
 */
export function captureScript(sample: number, cap = REPORTER_CAP_MS, idle = REPORTER_IDLE_MS): string {
  const lot = sample < 1 ? `if(Math.random()>=${sample})return w[Q]={push:function(){}};` : ''
  return (
    `(function(w,d,Q){${lot}var q=w[Q]=w[Q]||[],P=q.push,g=0,y=0;` +
    `function L(){var t=d.getElementById("${REPORTER_TEMPLATE}");if(g||!t)return;g=d.createElement("script");g.src=t.getAttribute("data-src");g.crossOrigin="";d.head.appendChild(g)}` +
    `function A(k,m,f,s){q.push({type:"problem",problem:{kind:k,message:m,file:f,frame:s},at:performance.now()})}` +
    `q.push=function(e){P.call(q,e);var k=e.problem&&e.problem.kind;e.type=="ready"?y=1:(k=="boundary"||k=="chunk"||!y&&(k=="error"||k=="rejection"))&&L();return q.length};` +
    `w.addEventListener("error",function(e){try{var t=e.target,n=t.tagName,r=t.rel,x=e.error;` +
    `n?(n=n=="IMG"?"image":n=="SCRIPT"||r=="modulepreload"?"chunk":r=="stylesheet"&&"css")&&A(n,"",t.currentSrc||t.src||t.href,""):` +
    `A("error",e.message+"",e.filename,x&&x.stack||e.filename+":"+e.lineno+":"+e.colno)}catch(x){}},!0);` +
    `w.addEventListener("unhandledrejection",function(e){try{var r=e.reason;A("rejection",""+(r&&r.message||r),"",r&&r.stack)}catch(x){}});` +
    `w.${REPORTER_STARTER}=function(){function i(){(w.requestIdleCallback||setTimeout)(L,{timeout:${idle}})}d.readyState=="complete"?i():w.addEventListener("load",i)};` +
    `setTimeout(L,${cap})})(window,document,"${TELEMETRY_QUEUE_GLOBAL}")`
  )
}
