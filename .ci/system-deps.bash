#!/usr/bin/env bash
# The Debian packages the tests drive, installed when missing. `npm test` runs this first, and so does
# .ci/run (extra packages may be given as arguments):
#
#   bash .ci/system-deps.bash [package ...]
#
# As root it installs what is missing with apt-get; otherwise it changes nothing and stops at once
# (exit 1) with the one command to run. Prints nothing when everything is here.
set -euo pipefail

need=()
have_command() { command -v "$1" >/dev/null 2>&1; }
have_package() { dpkg -s "$1" >/dev/null 2>&1; }

# The browser journeys drive Chromium's headless shell; Chinese text needs the CJK fonts, and emoji
# (typed into a 简介 in the journeys) the emoji font, or screenshots show empty boxes.
have_command chromium-headless-shell || need+=(chromium-headless-shell)
for pkg in fonts-noto-cjk fonts-noto-color-emoji; do have_package "$pkg" || need+=("$pkg"); done
# The pages served by Debian's nginx with the sample of docs/deploying.md (tests/e2e/cross-origin.test.ts).
[ -x /usr/sbin/nginx ] || need+=(nginx)
# scripts/ops/rolling-restart.sh polls each instance's /readyz with curl (tests/cluster/balancer.test.ts).
have_command curl || need+=(curl)
# The nginx sample in front of the bucket reaches s3rver over TLS with a certificate the test makes with
# openssl (tests/delivery/s3-cdn.test.ts).
have_command openssl || need+=(openssl)
# The demo PDFs are opened in poppler's pdfinfo (tests/server/cloud-drive-demo-pdf.test.ts).
have_command pdfinfo || need+=(poppler-utils)
# PostgreSQL: `npm test` initdb's a throwaway cluster with its binaries for tests/server/pg-*.test.ts, and
# tests/cluster/ starts servers of its own with them (scripts/test/test-postgres.ts).
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
# The full Chromium: the back-forward cache journey (tests/e2e/field-reports.test.ts; the headless shell never
# restores a page from it), and the bench's paint times.
[ -x /usr/bin/chromium ] || need+=(chromium)
# The WebKit journeys (tests/webkit/) drive Debian's WebKitGTK: WebKitWebDriver and MiniBrowser
# (webkit2gtk-driver), under Xvfb (no headless mode), with GStreamer to decode and play the audio.
have_command WebKitWebDriver || need+=(webkit2gtk-driver)
have_command Xvfb || need+=(xvfb)
have_command xauth || need+=(xauth)
# MiniBrowser's text zoom (the WebView's text size, tests/webkit/support/text-zoom.ts) is its Ctrl++ key:
# xdotool types it on the Xvfb display (WebDriver's keys go to the page, not to the browser's window).
have_command xdotool || need+=(xdotool)
for pkg in gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-libav; do have_package "$pkg" || need+=("$pkg"); done
# What the caller needs besides.
for pkg in "$@"; do have_package "$pkg" || need+=("$pkg"); done

[ ${#need[@]} -eq 0 ] && exit 0
install="apt-get install -y --no-install-recommends ${need[*]}"
if ! have_command apt-get; then
  echo "!! The tests need these Debian packages (or your system's equivalents): ${need[*]}" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "!! The tests need Debian packages this machine lacks. Run this once, then the tests again:" >&2
  echo "   sudo apt-get update && sudo $install" >&2
  exit 1
fi
echo "== $install"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
