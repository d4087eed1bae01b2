/**
 * What `react-dom/client` is inside the HTML's head script (issue 31): nothing the first screen calls.
 * A component it draws may import a module that mounts something later (the toast of a copy button):
 * that code never runs before React, and must not bring React DOM into every page's HTML.
 */
const absent = (): never => {
  throw new Error('react-dom is not in the head script (shared/first-screen/no-react-dom.ts)')
}

export const createRoot = absent
export const hydrateRoot = absent
