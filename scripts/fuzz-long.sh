#!/usr/bin/env bash
# The long fuzz run of the contract model: every property of crates/widget-model/tests/properties.rs with
# CASES cases (default 1,000,000), optimised. Prints cases and time per property.
set -euo pipefail
cd "$(dirname "$0")/.."
CASES=${CASES:-1000000}
cargo build --quiet --profile fuzz -p widget-model --tests
for property in arbitrary_json_never_panics arbitrary_widget_results_never_panic arbitrary_long_lists_never_panic \
    planted_secrets_never_reach_the_model secrets_planted_in_long_lists_never_reach_the_model_or_its_rows \
    secrets_planted_in_the_fallback_text_reach_neither_model_nor_remembered_copy look_alikes_come_out_unchanged \
    ranked_columns_are_deterministic_and_none_is_unreachable \
    fixtures_mutated_byte_by_byte_never_panic fixtures_with_a_subtree_replaced_never_panic; do
  start=$(date +%s)
  PROPTEST_CASES=$CASES cargo test --quiet --profile fuzz -p widget-model --test properties -- --exact "$property" >/dev/null
  printf 'fuzz-long: %-48s %s cases passed in %ss\n' "$property" "$CASES" "$(( $(date +%s) - start ))"
done
