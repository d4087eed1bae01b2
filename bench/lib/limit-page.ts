/**
 * The limit page (issue 18): the share page's cover, header title and cover title written into plain
 * HTML with no JavaScript, the picture requested at once by the parser — what no implementation of the
 * share page can beat on the bench's profile. Built from the demo share the bench opens, laid out like
 * the real cover (header 58 px, 16 px margins, a 4:3 picture box with the same rounded corners), so its
 * largest paint is the same picture at the same size. Served by the bench front at `/__limit/`.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Target } from './targets.ts'

/** The URL prefix the limit page is served at. */
export const LIMIT_BASE = '/__limit/'

/** The limit page as a bench target (a phone browser, like the share link it stands for). */
export const LIMIT_TARGET: Target = { name: 'limit', url: LIMIT_BASE, fixture: 'browser', goals: { fcp: 600, lcp: 1200, jsRatio: 1 } }

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The HTML for a cover with `headerTitle`, `title` and the picture at `imageUrl`. */
export function limitHtml(headerTitle: string, title: string, imageUrl: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escape(headerTitle)}</title>
<style>
body{margin:0;background:#f6f7f9;color:#1f2329;font-family:system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif}
header{display:flex;align-items:center;justify-content:center;min-height:58px;padding:14px;box-sizing:border-box;background:#fff;font-size:18px;font-weight:600}
main{display:flex;flex-direction:column;gap:12px;padding:16px}
.box{width:100%;max-height:42vh;aspect-ratio:4/3;overflow:hidden;border-radius:12px}
img{width:100%;height:100%;object-fit:cover}
h2{margin:0;font-size:24px;line-height:1.3}
</style></head>
<body><header>${escape(headerTitle)}</header><main><div class="box"><img src="${escape(imageUrl)}" alt="" fetchpriority="high"></div><h2>${escape(title)}</h2></main></body>
</html>
`
}

/** Asks the server for share `code` and writes the limit page into `<dir>/index.html`. Returns `dir`. */
export async function buildLimitPage(serverUrl: string, code: string, dir: string): Promise<string> {
  const reply = (await (await fetch(`${serverUrl}/v1/share/uar?r=${encodeURIComponent(code)}`)).json()) as {
    data: { title?: string; imageUrl?: string; userInviter?: { nickName?: string } }
  }
  const { title = '', imageUrl = '', userInviter } = reply.data
  if (!imageUrl) throw new Error(`limit page: share ${code} has no cover picture`)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'index.html'), limitHtml(`${userInviter?.nickName ?? ''}的录音作品`, title, imageUrl))
  return dir
}
