#!/usr/bin/env bash
# npm run test:mssql: the whole mocha suite on a T-SQL engine (TEST_DB_CLIENT=mssql).
# - TEST_MSSQL_HOST set: runs against that server as it is (a real SQL Server, say); nothing started.
# - otherwise starts Babelfish from ../shared/babelfish (scripts/babelfish.sh) on 127.0.0.1:14330.
#   Without it the suite is skipped with a message, except under CI=true, where it must run.
# Extra arguments go to mocha (e.g. a reporter). TEST_SHARD=K/N runs shard K of N of the files
# (scripts/test-shard.ts), each shard on a scratch database of its own, so that CI runs several at once.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ -z "${TEST_MSSQL_HOST:-}" ]]; then
  if ! scripts/babelfish.sh available; then
    if [[ "${CI:-}" == true ]]; then
      scripts/babelfish.sh start # prints where it looked, and fails
    fi
    echo "test:mssql SKIPPED: no SQL Server to test against (../shared/babelfish is absent and TEST_MSSQL_HOST is unset)." >&2
    exit 0
  fi
  scripts/babelfish.sh start
fi
# Babelfish answers a statement in ~10-50 ms on a loaded 2-core machine (SQLite: <1 ms), and a few
# tests walk hundreds of batches or pages: a longer per-test limit than the other suites.
CONFIG=()
if [[ -n "${TEST_SHARD:-}" ]]; then CONFIG=(--config "$(npx tsx scripts/test-shard.ts "$TEST_SHARD")"); fi
TEST_DB_CLIENT=mssql exec npx mocha "${CONFIG[@]}" --timeout 60000 "$@"
