/** Small self-contained Chinese HTML pages the server answers with when it has no built page. */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A minimal mobile-friendly page with a heading, a message and a link home. */
export function messagePage(title: string, message: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; font: 16px/1.6 -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; color: #333;
    display: flex; min-height: 100vh; align-items: center; justify-content: center; background: #f7f8fa; }
  main { max-width: 480px; padding: 24px; text-align: center; }
  h1 { font-size: 22px; margin: 0 0 12px; }
  code { background: #eee; padding: 2px 6px; border-radius: 4px; }
  a { display: inline-block; padding: 10px 12px; color: #137c44; } /* the primary green: 4.90:1 on this background (was a blue at 3.70:1) */
</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1><p>${message}</p><p><a href="/">返回首页</a></p></main></body>
</html>
`
}

/** The 404 page for paths that are no page and no file. */
export const NOT_FOUND_PAGE = messagePage('页面不存在', '您访问的页面不存在或已被移除。')

/** The 503 page while `dist/` has not been built. */
export const NOT_BUILT_PAGE = messagePage(
  '页面尚未构建',
  '请先运行 <code>npm run build</code> 构建页面，然后刷新本页。接口（<code>/v1/…</code>）不受影响，可以正常使用。',
)
