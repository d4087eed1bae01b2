/** Turns `--pages` names into the routes of a manifest. */
import { DeliveryError } from './errors.ts'
import type { PagesManifest, RouteEntry } from './manifest.ts'

/**
 * The routes `names` pick from `manifest`. A name is a route name (`home`, `price_up`,
 * `generate_book/list`, `wechat`) or its URL path (`/`, `/price_up`). Picking a page also picks the
 * routes that serve a copy of it (`home` brings `/wechat`, `/app`, `/about_app`), because they show the
 * same page and must not drift apart. Unknown names are refused with the list of known ones.
 */
export function selectRoutes(manifest: PagesManifest, names: readonly string[]): RouteEntry[] {
  const routes = Object.values(manifest.routes)
  const picked = new Map<string, RouteEntry>()
  const unknown: string[] = []
  for (const raw of names) {
    const name = raw
      .trim()
      .replace(/\/index\.html$/, '')
      .replace(/^\/+|\/+$/g, '')
    if (raw.trim() === '') continue
    const route = routes.find((r) => r.name === name || r.path === `/${name}`)
    if (!route) {
      unknown.push(raw)
      continue
    }
    picked.set(route.path, route)
    for (const alias of routes) if (alias.aliasOf === route.path) picked.set(alias.path, alias)
  }
  if (unknown.length > 0) {
    const known = routes.map((r) => r.name).join(', ')
    throw new DeliveryError(`unknown page ${unknown.join(', ')}; pages in this manifest: ${known}`)
  }
  if (picked.size === 0) throw new DeliveryError('--pages names no page')
  return [...picked.values()].sort((a, b) => (a.path < b.path ? -1 : 1))
}
