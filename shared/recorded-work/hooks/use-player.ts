import { useEffect, useState, useSyncExternalStore } from 'react'
import { getEnv } from '@shared/env'
import { createPlayer, type Player, type PlayerSnapshot } from '../player'

/**
 * A player for the component's life, and its snapshot. The audio element is made on the first play,
 * and freed on unmount.
 */
export function usePlayer(): [Player, PlayerSnapshot] {
  const [player] = useState(() => createPlayer({ isWeChat: () => getEnv().isWeChat }))
  useEffect(() => () => player.release(), [player])
  const snapshot = useSyncExternalStore(player.subscribe, player.getSnapshot, player.getSnapshot)
  return [player, snapshot]
}
