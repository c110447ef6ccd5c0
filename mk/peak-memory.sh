#!/usr/bin/env bash
# peak-memory.sh FERZ THREADS HASH_MB SECONDS: searches Kiwipete with
# Ferz over UCI (after ucinewgame, as a GUI starts a game) and prints the
# process's peak resident size against the Hash + 32 MB the engine allows
# itself. Linux only (reads /proc).
set -euo pipefail
ferz=$1 threads=$2 hash=$3 seconds=$4
coproc FERZ { exec "$ferz"; }
pid=$FERZ_PID
send() { echo "$1" >&"${FERZ[1]}"; }
expect() { # reads the engine's output up to a line starting with $1
	local line
	while IFS= read -r line <&"${FERZ[0]}"; do
		[[ $line == "$1"* ]] && return 0
	done
	echo "peak-memory: the engine ended before '$1'" >&2
	exit 1
}
send "setoption name Hash value $hash"
send "setoption name Threads value $threads"
send ucinewgame
send "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
send isready
expect readyok
start=$(date +%s%N)
send "go movetime $((seconds * 1000))"
expect bestmove
took=$((($(date +%s%N) - start) / 1000000))
peak=$(awk '/^VmHWM:/ {print int($2 / 1024)}' "/proc/$pid/status")
send quit
wait "$pid" || true
limit=$((hash + 32))
verdict=within
((peak <= limit)) || verdict=OVER
echo "threads $threads, hash $hash MB, movetime ${seconds}000 ms (bestmove after $took ms): peak resident $peak MB, limit $limit MB: $verdict"
