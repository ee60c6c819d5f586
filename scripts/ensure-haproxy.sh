#!/usr/bin/env bash
# The rolling-restart check (npm run check:rolling) puts the service behind Debian's HAProxy.
# A fresh CI machine installs it the first time.
set -euo pipefail
if command -v haproxy >/dev/null; then exit 0; fi
echo "ensure-haproxy: haproxy missing; installing Debian's haproxy" >&2
SUDO=""
if [[ "$(id -u)" != 0 ]]; then SUDO="sudo"; fi
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q haproxy
