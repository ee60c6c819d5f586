#!/usr/bin/env bash
# Starts (or stops) the Babelfish for PostgreSQL server that stands in for SQL Server in the tests:
# T-SQL over TDS, which tedious and knex's mssql client speak. The engine and its start script live
# outside the repository, in ../shared/babelfish beside the project root (BABELFISH_DIR overrides).
#
#   scripts/babelfish.sh [start]   # idempotent; first use installs Debian runtime packages (root)
#   scripts/babelfish.sh stop
#   scripts/babelfish.sh available # exit 0 if the shared start script is there
#
# Ports default to ones nothing else here uses: PostgreSQL 15433, TDS 14330
# (BABELFISH_PG_PORT, BABELFISH_TDS_PORT). Login babelfish_user / Bbf_Passw0rd!, no TLS.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIR=${BABELFISH_DIR:-$ROOT/../shared/babelfish}
START=$DIR/start-babelfish.sh
PG_PORT=${BABELFISH_PG_PORT:-15433}
TDS_PORT=${BABELFISH_TDS_PORT:-14330}
ACTION=${1:-start}

if [[ ! -x "$START" ]]; then
  [[ "$ACTION" == available ]] && exit 1
  echo "babelfish: $START not found." >&2
  echo "  Babelfish (the SQL Server stand-in) is not part of the repository: it is expected in" >&2
  echo "  ../shared/babelfish beside the project root (or set BABELFISH_DIR)." >&2
  exit 1
fi

case "$ACTION" in
  available) exit 0 ;;
  stop) exec "$START" stop ;;
  start)
    "$START" "$PG_PORT" "$TDS_PORT"
    # The shared script only reloads a server that is already running, so a server started earlier
    # on other ports keeps them: say so instead of letting the tests time out.
    for _ in $(seq 1 50); do
      if (exec 3<>"/dev/tcp/127.0.0.1/$TDS_PORT") 2>/dev/null; then exit 0; fi
      sleep 0.2
    done
    echo "babelfish: nothing listens on TDS port $TDS_PORT; a server started earlier on other ports? stop it with: $0 stop" >&2
    exit 1
    ;;
  *) echo "usage: $0 [start|stop|available]" >&2; exit 2 ;;
esac
