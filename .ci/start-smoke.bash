#!/usr/bin/env bash
# `npm start` as a newcomer runs it, checked from outside: a fresh data folder, a free port; the home
# page, a share page and the API answer, with the demo data, compressed. Used by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

data=$(mktemp -d "${TMPDIR:-/tmp}/kids-start.XXXXXX")
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close() })')
log="$data/start.log"
PORT=$port DATA_DIR="$data/data" setsid npm start >"$log" 2>&1 &
pid=$!
stop() {
  # npm start's children (the server) go with their process group.
  kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap stop EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 1 240); do
  curl -fsS -o /dev/null "$base/v1/share/uar?r=demo-book" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || { echo "!! npm start exited:" >&2; cat "$log" >&2; exit 1; }
  sleep 0.5
done
fail() { echo "!! npm start: $1" >&2; cat "$log" >&2; exit 1; }
curl -fsS "$base/v1/share/uar?r=demo-book" | grep -q '"result":"SUCCESS"' || fail "the share API has no demo data"
curl -fsS -H 'accept-encoding: gzip' -D - -o /dev/null "$base/recorded_share?r=demo-book" | grep -qi '^content-encoding: gzip' ||
  fail "the share page is not gzipped"
curl -fsS "$base/" | grep -q '<title>小象英语' || fail "the home page is not the brand page"
grep -q "Reference server on $base" "$log" || fail "no banner"
echo "== npm start on node $(node --version): pages, API and demo data answer on $base"
