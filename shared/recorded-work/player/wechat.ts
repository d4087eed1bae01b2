/** The part of WeChat's JS bridge used here. */
interface WeixinJSBridge {
  invoke(name: string, params: Record<string, unknown>, callback: () => void): void
}

/**
 * Runs `run` from WeChat's JS bridge: WeChat lets audio start inside a bridge callback even without a
 * fresh tap (the well-known `getNetworkType` route). When the bridge is not injected yet, waits for its
 * `WeixinJSBridgeReady` event. Returns a cancel function; after it, `run` is never called.
 */
export function startInWeChat(run: () => void): () => void {
  let cancelled = false
  const once = () => {
    if (cancelled) return
    cancelled = true
    run()
  }
  const bridge = (window as unknown as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge
  if (bridge && typeof bridge.invoke === 'function') {
    bridge.invoke('getNetworkType', {}, once)
    return () => {
      cancelled = true
    }
  }
  document.addEventListener('WeixinJSBridgeReady', once, { once: true })
  return () => {
    cancelled = true
    document.removeEventListener('WeixinJSBridgeReady', once)
  }
}
