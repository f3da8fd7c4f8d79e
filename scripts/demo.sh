#!/usr/bin/env bash
# Runs kiss on the bundled example module and shows what it finds.
set -uo pipefail
kiss=$(cd "$(dirname "${1:-bin/kiss}")" && pwd)/$(basename "${1:-bin/kiss}")
cd "$(dirname "$0")/../testdata/examples"
echo "== kiss ./...   (in testdata/examples: a shop service with four concurrency bugs)"
"$kiss" ./...
status=$?
echo
echo "== the sequential program kiss checks for one test (kiss -dump-ir -run TestSales): RecordSale, with its race checks"
"$kiss" -dump-ir -run TestSales ./... 2>/dev/null | grep -A16 '^func @"(\*shop.Stock).RecordSale' | head -14
# kiss exits 3 when it reports findings, as go vet tools do.
[ "$status" -eq 3 ] && exit 0 || exit "$status"
