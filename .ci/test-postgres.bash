# Sourced by .ci/run: a throwaway PostgreSQL cluster for tests/server/pg-*.test.ts and tests/cluster/.
#
#   source .ci/test-postgres.bash && start_test_postgres   # exports TEST_DATABASE_URL, and TEST_PG_BIN,
#                                                          # TEST_PG_RUN_AS for tests/cluster/'s own server
#
# The cluster lives in a temp folder, listens on 127.0.0.1 only (a free port; its socket in that
# folder), trusts local connections, skips fsync, and is stopped and deleted when the calling shell
# exits. Needs Debian's `postgresql` package (.ci/run installs it). Any failure is fatal: the
# PostgreSQL tests must never be skipped silently in CI.

# The newest /usr/lib/postgresql/<version>/bin with initdb and pg_ctl.
test_postgres_bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && echo "$dir"
}

start_test_postgres() {
  local bindir dir port
  bindir=$(test_postgres_bindir) || {
    echo "!! PostgreSQL not found under /usr/lib/postgresql/*/bin (apt-get install postgresql)" >&2
    return 1
  }
  dir=$(mktemp -d "${TMPDIR:-/tmp}/kids-english-pg.XXXXXX")
  TEST_PG_DIR=$dir
  TEST_PG_BIN=$bindir
  TEST_PG_AS=()
  if [ "$(id -u)" -eq 0 ]; then
    # PostgreSQL refuses to run as root: run the cluster as the package's postgres user.
    chown postgres: "$dir"
    TEST_PG_AS=(runuser -u postgres --)
  fi
  trap stop_test_postgres EXIT
  # Signals end the shell through its EXIT trap, so an interrupted run leaves no server behind.
  trap 'exit 129' HUP
  trap 'exit 130' INT
  trap 'exit 143' TERM
  port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close() })')

  if ! "${TEST_PG_AS[@]}" "$bindir/initdb" -D "$dir/data" -U postgres -A trust --no-locale -E UTF8 --no-sync \
      >"$dir/initdb.log" 2>&1; then
    echo "!! initdb failed:" >&2
    cat "$dir/initdb.log" >&2
    return 1
  fi
  if ! "${TEST_PG_AS[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null; then
    echo "!! PostgreSQL did not start:" >&2
    cat "$dir/server.log" >&2
    return 1
  fi
  # An ordinary role owning its database, as an application would connect.
  "$bindir/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -X -q -v ON_ERROR_STOP=1 \
    -c 'CREATE ROLE kids_test LOGIN' -c 'CREATE DATABASE kids_test OWNER kids_test' || return 1
  export TEST_DATABASE_URL="postgres://kids_test@127.0.0.1:$port/kids_test"
  # What tests/cluster/ needs to run a server of its own, which it stops and starts under running instances.
  export TEST_PG_BIN="$bindir" TEST_PG_RUN_AS="${TEST_PG_AS:+postgres}"
}

stop_test_postgres() {
  [ -n "${TEST_PG_DIR:-}" ] || return 0
  if [ -f "$TEST_PG_DIR/data/postmaster.pid" ]; then
    "${TEST_PG_AS[@]}" "$TEST_PG_BIN/pg_ctl" -D "$TEST_PG_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$TEST_PG_DIR"
  TEST_PG_DIR=
}
