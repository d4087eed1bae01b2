/**
 * The lowest app version (docs/contracts/user-agent.md) that can open a page from its package: the first
 * app with the package host (common/app-host/). A deploy writes it into each release it publishes unless
 * `--min-app-version x.y.z` says otherwise (a page that needs a newer bridge call).
 */
export const PACKAGE_MIN_APP_VERSION = '1.0.0'
