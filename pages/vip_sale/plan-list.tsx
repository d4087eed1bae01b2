import type { Plan } from './vip-data'
import styles from './vip-sale.module.css'

/** Props of {@link PlanList}. */
export interface PlanListProps {
  plans: Plan[]
  selectedId: number | null
  onSelect: (planId: number) => void
}

/**
 * The plans as the radio group `会员方案`: native radios (arrow keys move the choice), each a card with
 * the name, the price, the struck-through original price and the tag.
 */
export function PlanList({ plans, selectedId, onSelect }: PlanListProps) {
  return (
    <div className={styles.plans} role="radiogroup" aria-labelledby="plans-title">
      {plans.map((plan) => (
        <label key={plan.id} className={styles.plan} data-selected={plan.id === selectedId || undefined}>
          <input
            type="radio"
            name="vip-plan"
            className={styles.radio}
            value={plan.id}
            checked={plan.id === selectedId}
            onChange={() => onSelect(plan.id)}
            aria-labelledby={`plan-${plan.id}-name`}
            aria-describedby={`plan-${plan.id}-price`}
          />
          {plan.tag && (
            <span className={styles.tag} aria-hidden="true">
              {plan.tag}
            </span>
          )}
          <span id={`plan-${plan.id}-name`} className={styles.planName}>
            {plan.name}
          </span>
          <span id={`plan-${plan.id}-price`} className={styles.planPrices}>
            <span className={styles.planPrice}>{plan.price}</span>
            {plan.originalPrice && (
              <s className={styles.originalPrice}>
                <span className={styles.hidden}>原价</span>
                {plan.originalPrice}
              </s>
            )}
            {plan.tag && <span className={styles.hidden}>{plan.tag}</span>}
          </span>
        </label>
      ))}
    </div>
  )
}
