/**
 * Stands in for `shared/http` where a page's descriptor is evaluated outside the page: in the inline
 * script of its HTML (no axios, no React) and in the build (Node). A descriptor only asks an endpoint
 * what it would send (`getDirectory.request(id)`); sending from there is a bug.
 */
export function httpGet(path: string): never {
  throw new Error(`descriptor sent GET ${path}`)
}
