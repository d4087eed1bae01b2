#!/bin/sh
# Regenerates server/demo-media/ (committed). Needs espeak-ng and lame only here, never at run
# or test time:  apt-get install espeak-ng lame
set -eu
cd "$(dirname "$0")/../.."
for tool in espeak-ng lame; do
  command -v "$tool" >/dev/null 2>&1 || { echo "missing $tool: apt-get install espeak-ng lame" >&2; exit 1; }
done
exec npx tsx server/media-gen/generate-demo-media.ts
