import { useEffect, useState } from 'react'
import { getMyCapacity } from '@shared/api/get-my-capacity'

/**
 * Whether the signed-in user already claimed the gift (`claimed` of `GET /v1/user/myCapacity`), so the
 * banner shows the claimed state instead of inviting a claim that must fail. Asked only in the app;
 * false until the answer (or when it fails: the claim then says why).
 */
export function useAlreadyClaimed(inApp: boolean): boolean {
  const [claimed, setClaimed] = useState(false)
  useEffect(() => {
    if (!inApp) return
    let live = true
    void getMyCapacity().then((result) => {
      if (live && result.success && result.data?.claimed === true) setClaimed(true)
    })
    return () => {
      live = false
    }
  }, [inApp])
  return claimed
}
