#!/usr/bin/env bash
# The browser tests (npm run test:web) drive Debian's Chromium through playwright-core:
# Playwright's own browser downloads are unreachable here. A fresh CI machine installs it
# (with a CJK font, so screenshots show the Chinese text) the first time, and poppler-utils, whose
# pdftotext and pdfinfo read the printed sheets' PDFs page by page.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [[ -x "$CHROMIUM" ]] && command -v pdftotext >/dev/null; then exit 0; fi
echo "ensure-chromium: $CHROMIUM or pdftotext missing; installing Debian's chromium and poppler-utils" >&2
SUDO=""
if [[ "$(id -u)" != 0 ]]; then SUDO="sudo"; fi
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium fonts-noto-cjk poppler-utils
