#!/usr/bin/env bash
# Compares kiss stress with go test -race on the bug kernels: for each
# kernel, whether `kiss stress -runs N` reports its bug (each finding
# replayed before it is reported) and whether `go test -race -count=N`
# fails on its bug roots (a race report, a panic, a failed test, or a hang
# until -timeout), with the wall time of each in one run.
#
# Usage: scripts/stress-vs-race.sh [bin/kiss] [runs]
set -uo pipefail
cd "$(dirname "$0")/.."
kiss=$(cd "$(dirname "${1:-bin/kiss}")" && pwd)/$(basename "${1:-bin/kiss}")
[ -x "$kiss" ] || { echo "build kiss first: make build" >&2; exit 2; }
runs=${2:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mod=$work/kernels
cp -r testdata/src/kernels "$mod"
printf 'module kernels\n\ngo 1.26\n' >"$mod/go.mod"
cd "$mod"

start=$(date +%s)
"$kiss" stress -runs "$runs" -seed 1 -timeout 20s -schedules "$work/sched" ./... >/dev/null 2>"$work/stress.err"
stress_secs=$(($(date +%s) - start))

# the bug roots: every test and example whose name does not end in Fixed
roots=$(grep -rhoE '^func (Test|Example)[A-Za-z0-9_]*' --include='*_test.go' . | sed 's/^func //' | grep -v 'Fixed$' | sort -u | paste -sd'|')
start=$(date +%s)
go test -race -count="$runs" -timeout 30s -run "^($roots)\$" ./... >"$work/race.out" 2>&1
race_secs=$(($(date +%s) - start))

# each package's output ends with its "ok" or "FAIL" line
awk '/^(ok|FAIL)[ \t]+kernels\// { v = ($1 == "ok") ? "-" : (hang ? "hang" : "fail"); print $2, v; hang = 0; next }
	/panic: test timed out/ { hang = 1 }' "$work/race.out" >"$work/race.verdicts"

found_stress=0 found_race=0 total=0
printf '%-32s %-18s %s\n' kernel "kiss stress" "go test -race"
for k in */*/; do
	k=${k%/}
	total=$((total + 1))
	s=$(ls "$work/sched" 2>/dev/null | grep -F "kernels_${k//\//_}." | grep -v 'Fixed\.' |
		sed -E 's/.*\.(Test|Example)[^.]*\.([a-z]*)\..*/\2/' | sort -u | paste -sd, -)
	[ -n "$s" ] && found_stress=$((found_stress + 1))
	r=$(awk -v p="kernels/$k" '$1 == p { print $2 }' "$work/race.verdicts")
	[ -n "$r" ] && [ "$r" != - ] && found_race=$((found_race + 1))
	printf '%-32s %-18s %s\n' "$k" "${s:--}" "${r:-?}"
done
echo "kiss stress -runs $runs: $found_stress of $total kernels, ${stress_secs}s ($(tail -1 "$work/stress.err"))"
echo "go test -race -count=$runs: $found_race of $total kernels, ${race_secs}s"
