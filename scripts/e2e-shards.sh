#!/usr/bin/env bash
# The browser tests in N shards at once (default 2), each against a shop of its own: its own port,
# data folder and SMTP server (playwright.config.ts derives them from E2E_PORT), so no shard sees
# another's data. A journey waits on the shop (publishing, mail) more than it computes, so two
# shards on two cores take about half the time of one run. Fails if any shard fails.
set -uo pipefail
cd "$(dirname "$0")/.."
SHARDS="${E2E_SHARDS:-2}"
BASE_PORT="${E2E_PORT:-4399}"
pids=()
for i in $(seq 1 "$SHARDS"); do
  port=$((BASE_PORT + i - 1))
  # Each shard's lines carry its number, so an interleaved log still reads.
  ( E2E_PORT="$port" npx playwright test --shard="$i/$SHARDS" "$@" 2>&1 | sed -u "s/^/[shard $i] /" ; exit "${PIPESTATUS[0]}" ) &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit "$status"
