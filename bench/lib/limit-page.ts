/**
 * The two limit pages (issues 18 and 31): the share page's cover — header title, picture, title, tags,
 * intro, the sentences with their stars and `开始欣赏《…》` — with no framework, laid out like the real
 * cover (header 58 px, 16 px margins, a 4:3 picture box with the same rounded corners, the start button
 * at the bottom), so their largest paint is the same picture at the same size and their proof (the
 * start button's text) is the share page's.
 *
 * - **limit-html** (`/__limit/`): the cover written into the HTML, the picture requested by the parser:
 *   what no implementation of the share page can beat on the bench's profile.
 * - **limit-fetch** (`/__limit-fetch/`): an inline script asks the same API as the share page and writes
 *   the cover with DOM calls: what any static page with client-side data can reach.
 *
 * Built from the demo share the bench opens and served by the bench front.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Target } from './targets.ts'

/** The URL prefix of the cover written into the HTML. */
export const LIMIT_BASE = '/__limit/'
/** The URL prefix of the cover written by an inline script from the API's reply. */
export const LIMIT_FETCH_BASE = '/__limit-fetch/'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** What the limit pages draw of a share reply (the demo book: items with sentences). */
export interface LimitCover {
  headerTitle: string
  title: string
  imageUrl: string
  tags: string[]
  intro: string
  /** Each sentence's text and its stars (0–3). */
  sentences: { en: string; stars: number }[]
}

const STYLE = `body{margin:0;background:#f6f7f9;color:#1f2329;font-family:system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif}
header{display:flex;align-items:center;justify-content:center;min-height:58px;padding:14px;box-sizing:border-box;background:#fff;font-size:18px;font-weight:600}
main{display:flex;flex-direction:column;gap:12px;padding:16px 16px 96px}
.box{width:100%;max-height:42vh;aspect-ratio:4/3;overflow:hidden;border-radius:12px;background:#eef}
img{width:100%;height:100%;object-fit:cover}
h2{margin:0;font-size:24px;line-height:1.3}
ul{margin:0;padding:0;list-style:none}
.tags{display:flex;flex-wrap:wrap;gap:4px 8px}.tags li{padding:2px 10px;border-radius:99px;background:#e8f3ff;color:#1664d9;font-size:12px}
p{margin:0;color:#646a73;font-size:14px}
.rows{border-radius:12px;background:#fff}.rows li{display:flex;gap:12px;align-items:center;min-height:52px;padding:8px 12px;box-sizing:border-box}
.rows li+li{border-top:1px solid #eee}.rows span{flex:1}.rows b{color:#f5a623;letter-spacing:2px}
footer{position:fixed;left:0;right:0;bottom:0;padding:12px 16px;background:#f6f7f9}
button{display:block;width:100%;min-height:46px;border:0;border-radius:99px;background:#1664d9;color:#fff;font-size:17px;font-weight:600}`

const starsText = (n: number) => '★'.repeat(n) + '☆'.repeat(3 - n)

function page(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escape(title)}</title>
<style>${STYLE}</style>${script}</head>
<body>${body}</body>
</html>
`
}

/** The cover written into the HTML. */
export function limitHtml(cover: LimitCover): string {
  const tags = cover.tags.map((t) => `<li>${escape(t)}</li>`).join('')
  const rows = cover.sentences.map((s) => `<li><span>${escape(s.en)}</span><b>${starsText(s.stars)}</b></li>`).join('')
  return page(
    cover.headerTitle,
    `<header>${escape(cover.headerTitle)}</header><main><div class="box"><img src="${escape(cover.imageUrl)}" alt="" fetchpriority="high"></div>` +
      `<h2>${escape(cover.title)}</h2><ul class="tags">${tags}</ul><p>${escape(cover.intro)}</p><ul class="rows">${rows}</ul></main>` +
      `<footer><button type="button">开始欣赏《${escape(cover.title)}》</button></footer>`,
  )
}

/**
 * The cover written from the API's reply by an inline script in <head> (the request starts as the
 * document does, like the share page's), with DOM calls once the body is there.
 */
export function limitFetchHtml(code: string): string {
  const script = `<script>(function(){
var reply=fetch('/v1/share/uar?r='+encodeURIComponent(${JSON.stringify(code)}),{headers:{Accept:'application/json'}}).then(function(r){return r.json()});
function el(tag,text,cls){var e=document.createElement(tag);if(text!=null)e.textContent=text;if(cls)e.className=cls;return e}
function stars(s){var n=s>=80?3:s>=60?2:s>=30?1:0;return '★★★'.slice(0,n)+'☆☆☆'.slice(n)}
function draw(d){
  var nick=(d.userInviter&&d.userInviter.nickName)||'';document.title=nick+'的录音作品';
  document.body.appendChild(el('header',document.title));
  var main=el('main'),box=el('div',null,'box'),img=el('img');img.alt='';img.setAttribute('fetchpriority','high');img.src=d.imageUrl;box.appendChild(img);main.appendChild(box);
  main.appendChild(el('h2',d.title));
  var tags=el('ul',null,'tags');(d.tags||[]).forEach(function(t){tags.appendChild(el('li',t))});main.appendChild(tags);
  main.appendChild(el('p',d.intro));
  var rows=el('ul',null,'rows');(d.items||[]).forEach(function(item){(item.sentences||[]).forEach(function(s){var li=el('li');li.appendChild(el('span',s.en));li.appendChild(el('b',stars(s.audioRecord&&s.audioRecord.suggestedScore)));rows.appendChild(li)})});main.appendChild(rows);
  document.body.appendChild(main);
  var footer=el('footer');footer.appendChild(el('button','开始欣赏《'+d.title+'》'));footer.firstChild.type='button';document.body.appendChild(footer);
}
reply.then(function(r){if(document.body)draw(r.data);else document.addEventListener('DOMContentLoaded',function(){draw(r.data)})});
})()</script>`
  return page('录音作品', '', script)
}

interface ShareReply {
  data: {
    title?: string
    imageUrl?: string
    intro?: string
    tags?: string[]
    userInviter?: { nickName?: string }
    items?: { sentences?: { en?: string; audioRecord?: { suggestedScore?: number } }[] }[]
  }
}

const starsOf = (score: number | undefined) => (score === undefined ? 0 : score >= 80 ? 3 : score >= 60 ? 2 : score >= 30 ? 1 : 0)

/**
 * Asks the server for share `code` and writes both limit pages under `dir` (`html/`, `fetch/`). Returns
 * their folders and their bench targets, whose proof is the cover's start button.
 */
export async function buildLimitPages(
  serverUrl: string,
  code: string,
  dir: string,
): Promise<{ htmlDir: string; fetchDir: string; targets: Target[] }> {
  const reply = (await (await fetch(`${serverUrl}/v1/share/uar?r=${encodeURIComponent(code)}`)).json()) as ShareReply
  const d = reply.data
  if (!d.imageUrl) throw new Error(`limit page: share ${code} has no cover picture`)
  const cover: LimitCover = {
    headerTitle: `${d.userInviter?.nickName ?? ''}的录音作品`,
    title: d.title ?? '',
    imageUrl: d.imageUrl,
    tags: d.tags ?? [],
    intro: d.intro ?? '',
    sentences: (d.items ?? []).flatMap((item) =>
      (item.sentences ?? []).map((s) => ({ en: s.en ?? '', stars: starsOf(s.audioRecord?.suggestedScore) })),
    ),
  }
  const htmlDir = join(dir, 'html')
  const fetchDir = join(dir, 'fetch')
  mkdirSync(htmlDir, { recursive: true })
  mkdirSync(fetchDir, { recursive: true })
  writeFileSync(join(htmlDir, 'index.html'), limitHtml(cover))
  writeFileSync(join(fetchDir, 'index.html'), limitFetchHtml(code))
  const proof = `开始欣赏《${cover.title}》`
  const goals = { fcp: 600, lcp: 1200, jsRatio: 1 }
  const reference = (name: string, url: string): Target => ({
    name,
    url,
    fixture: 'browser',
    goals,
    proof,
    kind: 'reference',
    share: false,
    signedIn: false,
    tap: null,
  })
  return {
    htmlDir,
    fetchDir,
    targets: [reference('limit-html', LIMIT_BASE), reference('limit-fetch', LIMIT_FETCH_BASE)],
  }
}
