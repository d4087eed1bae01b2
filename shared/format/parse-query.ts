function decode(part: string): string {
  const spaced = part.replace(/\+/g, ' ')
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced // a malformed escape ('%E4%B8') stays as written rather than throwing
  }
}

/**
 * A query string (`?a=1&b=%E4%B8%AD` or without `?`) as a map. Values are decoded (`+` is a space),
 * a malformed `%` escape is kept as written, a key without `=` maps to '', and the first of
 * repeated keys wins (like `URLSearchParams.get`). Anything after `#` is ignored.
 */
export function parseQuery(search: string | null | undefined): Record<string, string> {
  // No prototype: a `__proto__` or `constructor` key is just a key.
  const query: Record<string, string> = Object.create(null)
  const text = (typeof search === 'string' ? search : '').replace(/^\?/, '').split('#')[0] ?? ''
  for (const pair of text.split('&')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    const key = decode(eq === -1 ? pair : pair.slice(0, eq))
    if (key && !(key in query)) query[key] = eq === -1 ? '' : decode(pair.slice(eq + 1))
  }
  return query
}
