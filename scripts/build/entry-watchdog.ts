/**
 * Vite plugin `entryWatchdog()`: a tiny inline script in every page's <head> that starts a page's code
 * the build held back (ENTRY_STARTER), keeps the host's messages until the code takes them, and is there
 * for when the page's own code never starts: the entry chunk or one of its static imports fails to load
 * (a CDN hiccup, a deploy that lost a file), or nothing has started after WATCHDOG_MS. Without it the prerendered frame (header,
 * loading state) stays on screen forever. It replaces #root with `出错了` and `重新加载` (and, in the
 * app, `关闭`, since the page's own back-button handling never arrived). mountPage() marks the start
 * (`window.__kidsStarted`); if the code arrives after the watchdog fired, it renders over the error view.
 * It also notes a show from the back-forward cache (RESTORED_GLOBAL) that comes before the page's code
 * listens for one (usePageRestored).
 *
 * It may stand anywhere in <head>: a module script's error event is dispatched only after the document
 * is parsed, as the deferred scripts run (or later, for an entry the first screen held back: it is
 * started from here, `ENTRY_STARTER`, so a first screen that never runs cannot keep the page from starting).
 *
 * Why 15 s: it is the request time-out the product already chose (docs/decisions.md), and the entry
 * graph (~85 KB gzipped) takes under a second on the bench's slow-4G profile and about 5 s at 150 kbps
 * (a poor 3G): only a stalled or broken load gets there. A failed load is shown at once.
 */
import type { Plugin } from 'vite'
import {
  EARLY_MESSAGES_GLOBAL,
  EARLY_MESSAGES_LIMIT,
  ENTRY_STARTER,
  PAGE_CODE_TEMPLATE,
  RESTORED_GLOBAL,
  STARTED_GLOBAL,
} from '../../shared/config/page-start.ts'

/** How long a page may take to start its own code before the watchdog shows the error view. */
export const WATCHDOG_MS = 15_000

/**
 * `ENTRY_STARTER` (shared/config/page-start.ts), the function the HTML's first screen calls to start the
 * page's code where the build held it back (scripts/build/prerender/prefetch.ts `deferEntry`: its tags
 * in `<template id="page-code">`, which the browser neither fetches nor runs), adds them to <head>, the
 * entry as a module script, once, and not before the document is parsed (the template's content may not
 * all be there yet).
 */
export { ENTRY_STARTER }

/**
 * The longest the page's code is held back for its first screen (shared/first-screen/paint.ts starts
 * it once the early replies are in and drawn): a reply slower than this is drawn by React, and a first
 * screen script that failed to run holds nothing back for longer. On the bench's slow-4G phone the
 * replies are in by about 0.8 s.
 */
export const ENTRY_CAP_MS = 2500

/** Plain ES5: it must run on any WebView, before any module. */
export function watchdogScript(ms = WATCHDOG_MS, cap = ENTRY_CAP_MS): string {
  return `(function(w,d){var done=0;function bridge(){try{var h=w.webkit&&w.webkit.messageHandlers;if(h&&h.closeWebview&&h.getUserInfo)return function(){h.closeWebview.postMessage({sourceFrom:"h5"})};var a=w.KidsEnglishBridge;if(a&&a.closeWebview&&a.getUserInfo)return function(){a.closeWebview(JSON.stringify({sourceFrom:"h5"}))}}catch(e){}return null}
function fail(){if(done||w.${STARTED_GLOBAL})return;done=1;var r=d.getElementById("root");if(!r)return;r.setAttribute("data-prerendered","replace");r.innerHTML='<section role="alert" style="padding:48px 24px;text-align:center;font:15px/1.6 -apple-system,sans-serif;color:#1f2329"><h2 style="margin:0 0 8px;font-size:18px">出错了</h2><p style="margin:0 0 24px;color:#4e5969">页面没有加载完成，请检查网络后重新加载</p><button type="button" data-reload style="min-width:120px;min-height:44px;border:0;border-radius:22px;background:#1a7f4b;color:#fff;font-size:16px">重新加载</button></section>';r.querySelector("[data-reload]").addEventListener("click",function(){w.location.reload()});var c=bridge();if(c){var b=d.createElement("button");b.type="button";b.textContent="关闭";b.setAttribute("style","display:block;margin:12px auto 0;min-width:120px;min-height:44px;border:1px solid #c9cdd4;border-radius:22px;background:#fff;color:#1f2329;font-size:16px");b.addEventListener("click",c);r.firstChild.appendChild(b)}}
w.addEventListener("error",function(e){var t=e.target;if(t&&t.tagName==="SCRIPT"&&t.type==="module")fail()},true);
setTimeout(fail,${ms});
w.addEventListener("pageshow",function(e){if(e.persisted)w.${RESTORED_GLOBAL}=Date.now()});
if(!w.onNativeMessage){var early=w.${EARLY_MESSAGES_GLOBAL}=[];w.onNativeMessage=function(m){if(early.length<${EARLY_MESSAGES_LIMIT})early.push(m)}}
var started=0;function start(){if(d.readyState==="loading")return d.addEventListener("DOMContentLoaded",start);var t=d.getElementById("${PAGE_CODE_TEMPLATE}");if(started||!t||!t.content)return;started=1;var f=d.createDocumentFragment(),ls=t.content.querySelectorAll("link");for(var i=0;i<ls.length;i++){var l=ls[i];if(!l.hasAttribute("data-entry")){f.appendChild(d.importNode(l,true));continue}var s=d.createElement("script");s.type="module";if(l.hasAttribute("crossorigin"))s.setAttribute("crossorigin",l.getAttribute("crossorigin"));s.src=l.getAttribute("href");f.appendChild(s)}d.head.appendChild(f)}w.${ENTRY_STARTER}=start;
setTimeout(start,${cap})})(window,document)`
}

export function entryWatchdog(): Plugin {
  return {
    name: 'kids-english:entry-watchdog',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', children: watchdogScript(), injectTo: 'head' }],
    },
  }
}
