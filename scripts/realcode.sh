#!/usr/bin/env bash
# Runs kiss with default flags on real code fetched as a user would (the
# module proxy) and on the standard library's packages with concurrency,
# and prints per target: time, peak memory, and the roots that were
#   checked  explored, and some path got past every call kiss does not know
#   blind    explored, but every path stopped at such a call (named below)
#   one      one goroutine: one schedule, nothing to interleave
#   error    not checked at all (an internal error, a budget before the start)
#   skipped  not checked: the package's roots had used up -package-timeout
# then the calls that stopped paths, by how many roots they stopped, and
# every finding. Then each module again through go vet -vettool, against
# plain go vet, both with an empty build cache.
#
# Usage: scripts/realcode.sh [bin/kiss] [target...]; targets are module
# names (xsync conc ants; and run clockwork groupcache ratelimit lru
# gobreaker xtime cron backoff, small modules with timers, signals, mock
# clocks, caches and schedulers, run only when named) or
# "std"; xsync conc ants std by default.
set -uo pipefail
cd "$(dirname "$0")/.."
kiss=$(cd "$(dirname "${1:-bin/kiss}")" && pwd)/$(basename "${1:-bin/kiss}")
[ -x "$kiss" ] || { echo "build kiss first: make build" >&2; exit 2; }
shift || true
targets=${*:-xsync conc ants std}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export KISS_CACHE=$work/kiss-cache

declare -A modules=(
	[xsync]=golang.org/x/sync@v0.25.0
	[conc]=github.com/sourcegraph/conc@v0.3.0
	[ants]=github.com/panjf2000/ants/v2@v2.12.1
	[run]=github.com/oklog/run@v1.2.0
	[clockwork]=github.com/jonboulle/clockwork@v0.5.0
	[groupcache]=github.com/golang/groupcache@v0.0.0-20241129210726-2c02b8208cf8
	[ratelimit]=go.uber.org/ratelimit@v0.3.1
	[lru]=github.com/hashicorp/golang-lru/v2@v2.0.7
	[gobreaker]=github.com/sony/gobreaker/v2@v2.4.0
	[xtime]=golang.org/x/time@v0.16.0
	[cron]=github.com/robfig/cron/v3@v3.0.1
	[backoff]=github.com/cenkalti/backoff/v4@v4.3.0
)

summarize() { # name, stats file, seconds, peak KB
	local f=$2 explored checked blind one errors
	explored=$(grep -c ': bound ' "$f")
	blind=$(grep ': bound ' "$f" | grep -c 'no path got past')
	checked=$((explored - blind))
	one=$(grep -c ': one goroutine ' "$f")
	# (an example go test does not run is no root: not an error)
	errors=$(grep ' not checked: ' "$f" | grep -v 'example without an output comment' | grep -vc 'used up -package-timeout')
	skipped=$(grep ' not checked: ' "$f" | grep -c 'used up -package-timeout')
	echo "== $1: ${3}s, peak $(($4 / 1024)) MiB: $explored explored: checked $checked, blind $blind; one $one; error $errors; skipped (package budget used up) $skipped"
	grep ': bound ' "$f" | grep -o 'cut: [^;]*' | tr ' ' '\n' | grep '=' | sed 's/=.*//' | sort | uniq -c | sed 's/^ */   cut /'
	grep 'not followed past a' "$f" | sed 's/.*(nothing past it could be shown): //' | tr ',' '\n' | sed 's/^ *//' |
		sort | uniq -c | sort -rn | head -15 | sed 's/^ */   stopped at /'
	grep ' not checked: ' "$f" | grep -v 'example without an output comment' | grep -v 'used up -package-timeout' | sed 's/^kiss: [^:]*: /   /' | sort | uniq -c | sort -rn | head -5
	grep -v '^kiss:' "$f" | grep -v '^[[:space:]]' | grep -v '^#' | sed 's/^/   FINDING /'
}

timed() { # out file, command...: runs it, sets secs and peak
	local out=$1
	shift
	local start
	start=$(date +%s)
	/usr/bin/time -f '%M' -o "$work/peak" "$@" >"$out" 2>&1
	secs=$(($(date +%s) - start))
	peak=$(tail -1 "$work/peak")
}

for t in $targets; do
	if [ "$t" = std ]; then
		for p in sync context sync/atomic os/signal net/http; do
			timed "$work/std.txt" "$kiss" -stats "$p"
			summarize "$p" "$work/std.txt" "$secs" "$peak"
		done
		continue
	fi
	mod=${modules[$t]}
	dir=$(go mod download -json "$mod" | python3 -c 'import json,sys; print(json.load(sys.stdin)["Dir"])')
	rm -rf "${work:?}/$t" && cp -r "$dir" "$work/$t" && chmod -R u+w "$work/$t"
	(cd "$work/$t" && go mod download >/dev/null 2>&1)
	timed "$work/$t.txt" sh -c "cd '$work/$t' && '$kiss' -stats ./..."
	summarize "$mod" "$work/$t.txt" "$secs" "$peak"

	# Through go vet, each package a process seeing its dependencies' code
	# only through the facts kiss exported for them; against plain go vet.
	# (caches of the module's own: the standard library compiled and
	# analysed again for each)
	GOCACHE=$work/gocache-plain-$t timed "$work/plain.txt" sh -c "cd '$work/$t' && go vet ./..."
	plain=$secs
	GOCACHE=$work/gocache-kiss-$t KISS_CACHE=$work/kiss-cache-vet-$t timed "$work/vet.txt" sh -c "cd '$work/$t' && go vet -vettool='$kiss' ./..."
	echo "   go vet, empty caches: plain ${plain}s, -vettool=kiss ${secs}s (peak of one process $((peak / 1024)) MiB)"
	grep -v '^#' "$work/vet.txt" | grep -v '^kiss:' | grep -v '^[[:space:]]' | sed 's/^/   VET FINDING /'
done
