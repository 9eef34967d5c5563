// The one rule the benchmarks compare a figure with the baseline's by (bench/baseline names the
// baseline's commit): a figure is marked when it is more than WORSE times the baseline's, in its
// own direction (lower is better but for rates), and by more than its noise floor.

export const WORSE = 1.2;

/** What a marked figure's row says. */
export const WORSE_MARK = `**worse by more than ${WORSE}×**`;

/**
 * Whether `current` is more than WORSE times worse than `baseline`. `higherIsBetter` for rates
 * (calls a second); a difference of at most `floor` (in the figure's unit) never counts.
 */
export function isWorse(baseline, current, { higherIsBetter = false, floor = 0 } = {}) {
  const ratio = current / baseline;
  if (!Number.isFinite(ratio)) return false;
  return higherIsBetter ? 1 / ratio > WORSE && baseline - current > floor : ratio > WORSE && current - baseline > floor;
}
