#!/usr/bin/env bash
# Runs kiss with default flags on real code fetched as a user would (the
# module proxy) and on concurrency-heavy standard-library packages, and
# prints per-target time, roots, how many were explored to the bound, the
# cut reasons and any finding. Usage: scripts/realcode.sh [bin/kiss]
set -uo pipefail
cd "$(dirname "$0")/.."
kiss=$(cd "$(dirname "${1:-bin/kiss}")" && pwd)/$(basename "${1:-bin/kiss}")
[ -x "$kiss" ] || { echo "build kiss first: make build" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

summarize() { # name, stats file, seconds
	local f=$2
	local roots full one stopped
	roots=$(grep -c ': bound ' "$f")
	full=$(grep ': bound ' "$f" | grep -c 'cut: none')
	one=$(grep -c ': one goroutine ' "$f")
	stopped=$(grep ': bound ' "$f" | grep -c 'no path got past')
	echo "== $1: ${3}s, $roots roots explored, $full of them to the bound ($stopped of those stopped on every path at a call kiss does not know); $one roots with one goroutine (one schedule, not explored)"
	grep -o 'cut: [^;]*' "$f" | tr ' ' '\n' | grep '=' | sed 's/=.*//' | sort | uniq -c | sed 's/^/   cut /'
	grep -c ' not checked: ' "$f" | sed 's/^/   roots not checked: /'
	grep -v '^kiss:' "$f" | grep -v '^[[:space:]]' | sed 's/^/   FINDING /'
}

# golang.org/x/sync, all of its tests as roots.
dir=$(go mod download -json golang.org/x/sync@v0.24.0 | python3 -c 'import json,sys; print(json.load(sys.stdin)["Dir"])')
cp -r "$dir" "$work/xsync" && chmod -R u+w "$work/xsync"
start=$(date +%s)
(cd "$work/xsync" && "$kiss" -stats ./... >"$work/xsync.txt" 2>&1)
summarize golang.org/x/sync@v0.24.0 "$work/xsync.txt" $(( $(date +%s) - start ))

# The same through go vet: each package sees its dependencies' code only
# through the facts kiss exported for them.
start=$(date +%s)
(cd "$work/xsync" && go vet -vettool="$kiss" ./... >"$work/xsync-vet.txt" 2>&1)
echo "== go vet -vettool=kiss golang.org/x/sync/...: $(( $(date +%s) - start ))s"
grep -v '^#' "$work/xsync-vet.txt" | grep -v '^kiss:' | grep -v '^[[:space:]]' | sed 's/^/   FINDING /'

for p in sync context sync/atomic os/signal net/http; do
	start=$(date +%s)
	"$kiss" -stats "$p" >"$work/std.txt" 2>&1
	summarize "$p" "$work/std.txt" $(( $(date +%s) - start ))
done
