/**
 * Vite plugin `entryWatchdog()`: a tiny inline script in every page's <head> for when the page's own
 * code never starts: the entry chunk or one of its static imports fails to load (a CDN hiccup, a deploy
 * that lost a file), or nothing has started after WATCHDOG_MS. Without it the prerendered frame (header,
 * loading state) stays on screen forever. It replaces #root with `出错了` and `重新加载` (and, in the
 * app, `关闭`, since the page's own back-button handling never arrived). mountPage() marks the start
 * (`window.__kidsStarted`); if the code arrives after the watchdog fired, it renders over the error view.
 *
 * It may stand anywhere in <head>: a module script's error event is dispatched only after the document
 * is parsed, as the deferred scripts run.
 *
 * Why 15 s: it is the request time-out the product already chose (docs/decisions.md), and the entry
 * graph (~85 KB gzipped) takes under a second on the bench's slow-4G profile and about 5 s at 150 kbps
 * (a poor 3G): only a stalled or broken load gets there. A failed load is shown at once.
 */
import type { Plugin } from 'vite'

/** How long a page may take to start its own code before the watchdog shows the error view. */
export const WATCHDOG_MS = 15_000

/** The global mountPage() sets as the page's code starts (shared/app/mount-page.tsx). */
export const STARTED_GLOBAL = '__kidsStarted'

/** Plain ES5: it must run on any WebView, before any module. */
export function watchdogScript(ms = WATCHDOG_MS): string {
  return `(function(w,d){var done=0;function bridge(){try{var h=w.webkit&&w.webkit.messageHandlers;if(h&&h.closeWebview&&h.getUserInfo)return function(){h.closeWebview.postMessage({sourceFrom:"h5"})};var a=w.KidsEnglishBridge;if(a&&a.closeWebview&&a.getUserInfo)return function(){a.closeWebview(JSON.stringify({sourceFrom:"h5"}))}}catch(e){}return null}
function fail(){if(done||w.${STARTED_GLOBAL})return;done=1;var r=d.getElementById("root");if(!r)return;r.setAttribute("data-prerendered","replace");r.innerHTML='<section role="alert" style="padding:48px 24px;text-align:center;font:15px/1.6 -apple-system,sans-serif;color:#1f2329"><h2 style="margin:0 0 8px;font-size:18px">出错了</h2><p style="margin:0 0 24px;color:#4e5969">页面没有加载完成，请检查网络后重新加载</p><button type="button" data-reload style="min-width:120px;min-height:44px;border:0;border-radius:22px;background:#1a7f4b;color:#fff;font-size:16px">重新加载</button></section>';r.querySelector("[data-reload]").addEventListener("click",function(){w.location.reload()});var c=bridge();if(c){var b=d.createElement("button");b.type="button";b.textContent="关闭";b.setAttribute("style","display:block;margin:12px auto 0;min-width:120px;min-height:44px;border:1px solid #c9cdd4;border-radius:22px;background:#fff;color:#1f2329;font-size:16px");b.addEventListener("click",c);r.firstChild.appendChild(b)}}
w.addEventListener("error",function(e){var t=e.target;if(t&&t.tagName==="SCRIPT"&&t.type==="module")fail()},true);
setTimeout(fail,${ms})})(window,document)`
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
