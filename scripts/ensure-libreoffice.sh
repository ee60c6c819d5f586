#!/usr/bin/env bash
# The spreadsheet suite (npm run test:sheets) opens each xlsx export in LibreOffice Calc, as a
# manager's spreadsheet would, and reads its prints with poppler's pdftotext. A fresh CI machine
# installs them (with a CJK font, so widths and prints measure the Chinese text) the first time.
set -euo pipefail
SOFFICE="${SOFFICE_PATH:-/usr/bin/soffice}"
if [[ -x "$SOFFICE" ]] && command -v pdftotext >/dev/null; then exit 0; fi
echo "ensure-libreoffice: installing Debian's libreoffice-calc-nogui and poppler-utils" >&2
SUDO=""
if [[ "$(id -u)" != 0 ]]; then SUDO="sudo"; fi
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends libreoffice-calc-nogui poppler-utils fonts-noto-cjk
