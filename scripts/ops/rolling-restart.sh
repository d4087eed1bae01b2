#!/usr/bin/env bash
# Restarts the API's instances one at a time behind a balancer (docs/server.md "Rolling restart"):
#
#   scripts/ops/rolling-restart.sh --restart 'systemctl restart kids-english@$INSTANCE_PORT' [--timeout 120] HOST:PORT ...
#
# Each HOST:PORT as the balancer's upstream names it. For each, in order: every other instance must answer its
# /readyz 200 (else nothing is touched: exit 1); the --restart command runs (sh -c, with INSTANCE=HOST:PORT,
# INSTANCE_HOST, INSTANCE_PORT; it must return once the old process has exited, as systemctl restart does); then
# http://HOST:PORT/readyz is polled until 200. Only then is the next instance touched. Needs curl.
set -uo pipefail

say() { printf 'rolling-restart: %s\n' "$*"; }
refuse() {
  printf 'rolling-restart: %s\n' "$*" >&2
  exit 1
}

restart=''
timeout=120
addresses=()
while [ $# -gt 0 ]; do
  case "$1" in
    --restart)
      [ $# -ge 2 ] || refuse '--restart needs a command, e.g. --restart '\''systemctl restart kids-english@$INSTANCE_PORT'\'''
      restart="$2"
      shift 2
      ;;
    --timeout)
      [ $# -ge 2 ] || refuse '--timeout needs a number of seconds'
      timeout="$2"
      shift 2
      ;;
    -h | --help)
      sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    -*) refuse "unknown option $1 (--restart COMMAND, --timeout SECONDS, then HOST:PORT ...)" ;;
    *)
      addresses+=("$1")
      shift
      ;;
  esac
done

[ -n "$restart" ] || refuse 'no --restart command: say how one instance is restarted, e.g. --restart '\''systemctl restart kids-english@$INSTANCE_PORT'\'''
[[ "$timeout" =~ ^[1-9][0-9]{0,4}$ ]] || refuse "--timeout must be a whole number of seconds (1-99999), not '$timeout'"
[ ${#addresses[@]} -gt 0 ] || refuse 'no instance given: list them as HOST:PORT, as the balancer'\''s upstream names them'
for address in "${addresses[@]}"; do
  [[ "$address" =~ ^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?):([0-9]{1,5})$ ]] ||
    refuse "'$address' is no HOST:PORT (e.g. 10.0.0.11:3000 or [fd00::11]:3000)"
  port="${BASH_REMATCH[3]}"
  [ "$((10#$port))" -ge 1 ] && [ "$((10#$port))" -le 65535 ] || refuse "'$address': the port must be 1-65535"
done
command -v curl >/dev/null || refuse 'curl is missing (apt-get install curl)'

# 0 when http://ADDRESS/readyz answers 200 now.
ready() { curl -s -o /dev/null --max-time 3 -w '%{http_code}' "http://$1/readyz" | grep -qx 200; }

# Waits until ADDRESS is ready, at most $timeout seconds from now; 1 if it is not by then.
wait_ready() {
  local deadline=$((SECONDS + timeout))
  until ready "$1"; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.5
  done
}

for address in "${addresses[@]}"; do
  for other in "${addresses[@]}"; do
    [ "$other" = "$address" ] && continue
    wait_ready "$other" ||
      refuse "$other is not ready (/readyz) after ${timeout} s: not restarting $address, which would leave no ready instance"
  done
  host="${address%:*}"
  host="${host#[}"
  host="${host%]}"
  say "restarting $address"
  started=$SECONDS
  INSTANCE="$address" INSTANCE_HOST="$host" INSTANCE_PORT="${address##*:}" sh -c "$restart" ||
    refuse "the restart command failed for $address (exit $?): stopped, the instances after it are untouched"
  wait_ready "$address" || refuse "$address is not ready (/readyz) ${timeout} s after its restart: stopped here"
  say "$address ready again ($((SECONDS - started)) s)"
done
say "all ${#addresses[@]} instances restarted"
