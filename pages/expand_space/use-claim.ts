import { useCallback, useRef, useState } from 'react'
import { claimFreeSpace } from '@shared/api/claim-free-space'
import { toast } from '@shared/components/toast'

/** The claim of the New Year gift (docs/spec/product-spec.md §4: not claimed → claimed). */
export type ClaimState = { status: 'idle' } | { status: 'claiming' } | { status: 'claimed'; grantedMb: number | null }

/**
 * Claims the VIP free space once. A tap while a claim is in flight, or after it succeeded, does
 * nothing: the guard is a ref, so two taps in the same frame still send one request. A failure
 * toasts the server's message (not VIP, already claimed) and allows another try.
 */
export function useClaim() {
  const [state, setState] = useState<ClaimState>({ status: 'idle' })
  const locked = useRef(false)

  const claim = useCallback(async () => {
    if (locked.current) return
    locked.current = true
    setState({ status: 'claiming' })
    const result = await claimFreeSpace()
    if (result.success) {
      const granted = result.data?.granted
      setState({ status: 'claimed', grantedMb: typeof granted === 'number' && granted > 0 ? granted : null })
      return // stays locked: the gift is claimed once
    }
    toast(result.msg || '领取失败，请稍后重试')
    locked.current = false
    setState({ status: 'idle' })
  }, [])

  return { state, claim }
}
