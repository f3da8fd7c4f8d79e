#!/usr/bin/env bash
# Runs kiss on the bundled examples and shows what it finds.
set -euo pipefail
kiss=${1:-bin/kiss}
cd "$(dirname "$0")/.."
for f in testdata/ir/*.ir; do
	echo "== $f"
	"$kiss" -ir "$f" || true
done
