#!/bin/sh
# Measures what Koma costs when nothing happens, and how long it takes to show its first
# frame: the menu, a game waiting for the player's move (Kōnane) and the rules page, each
# in a fresh process under its own virtual X display. See build/IDLE.md for the figures.
#
#   build/idle.sh                         builds koma, measures, prints a table
#   KOMA_BIN=/path/to/koma build/idle.sh  measures that binary instead
#   KOMA_IDLE_SCREENS="menu game rules"   the screens to measure
#   KOMA_IDLE_SECONDS=20                  the sampling window, in seconds
#   KOMA_IDLE_SETTLE=2                    seconds waited after the first frame before it
#   KOMA_IDLE_MAX=3                       the most CPU (% of one core) a screen may use
#   KOMA_IDLE_TRACE=1                     also print koma's start-up steps
#
# Columns: start-up is the wall time from launching the process (the X server already
# running) to the first frame presented, which koma reports on standard error when
# KOMA_TRACE_START is set; "CPU to 1st" the CPU time the process had used by then; then the
# process's CPU time (user + system, all its threads, the software renderer's included)
# over the sampling window, as % of one core, and the same for the X server.
# The exit status is 1 when a screen used more than KOMA_IDLE_MAX.
# Needs xvfb-run (build/deps.sh test installs it) and Go, unless KOMA_BIN is given.
set -eu
cd "$(dirname "$0")/.."

window=${KOMA_IDLE_SECONDS:-20}
settle=${KOMA_IDLE_SETTLE:-2}
screens=${KOMA_IDLE_SCREENS:-"menu game rules"}
limit=${KOMA_IDLE_MAX:-3}
hz=$(getconf CLK_TCK)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

bin=${KOMA_BIN:-}
if [ -z "$bin" ]; then
	go build -o "$tmp/koma" .
	bin=$tmp/koma
fi

# cpu PID prints the process's utime + stime in clock ticks, all its threads included.
cpu() {
	# The command name (field 2) is in parentheses and may hold spaces: cut after it.
	sed 's/^.*) //' "/proc/$1/stat" | awk '{print $12 + $13}'
}

over=0

# measure NAME ARGS... runs koma ARGS under a virtual display and prints one row.
measure() {
	name=$1
	shift
	dir=$tmp/$name
	mkdir -p "$dir/home"
	# A fresh home: none of the settings, saved game or autosave of whoever runs this.
	# The inner shell notes its pid and the time, then becomes koma (same pid).
	HOME=$dir/home XDG_CONFIG_HOME=$dir/home/.config XDG_DATA_HOME=$dir/home/.local/share \
		KOMA_TRACE_START=1 \
		xvfb-run -a -s "-screen 0 1280x1024x24" \
		sh -c 'echo $$ >"$0/pid"; date +%s%N >"$0/launch"; exec "$@" 2>"$0/err"' "$dir" "$bin" "$@" \
		2>"$dir/xvfb-run.err" &
	runner=$!
	i=0
	while ! grep -q "first frame at" "$dir/err" 2>/dev/null; do
		i=$((i + 1))
		if [ $i -gt 1200 ] || ! kill -0 "$runner" 2>/dev/null; then
			echo "idle.sh: $name: no first frame after 120 s" >&2
			cat "$dir/err" "$dir/xvfb-run.err" >&2 2>/dev/null || true
			[ -f "$dir/pid" ] && kill "$(cat "$dir/pid")" 2>/dev/null
			wait "$runner" || true
			exit 1
		fi
		sleep 0.1
	done
	pid=$(cat "$dir/pid")
	xpid=$(pgrep -P "$runner" -x Xvfb || true)
	launch=$(cat "$dir/launch")
	first=$(sed -n 's/^koma: first frame at unix-ns \([0-9]*\).*/\1/p' "$dir/err" | head -n 1)
	startup_cpu=$(cpu "$pid")

	sleep "$settle"
	c0=$(cpu "$pid")
	x0=0
	[ -n "$xpid" ] && x0=$(cpu "$xpid")
	t0=$(date +%s%N)
	sleep "$window"
	c1=$(cpu "$pid")
	x1=0
	[ -n "$xpid" ] && x1=$(cpu "$xpid")
	t1=$(date +%s%N)
	kill "$pid" 2>/dev/null || true
	wait "$runner" 2>/dev/null || true

	row=$(awk -v n="$name" -v s="$((first - launch))" -v sc="$startup_cpu" -v c="$((c1 - c0))" \
		-v x="$((x1 - x0))" -v ns="$((t1 - t0))" -v hz="$hz" -v limit="$limit" 'BEGIN {
		secs = ns / 1e9
		pc = 100 * c / hz / secs
		note = (pc > limit) ? "   over " limit " %" : ""
		printf "%-6s %9.2f s %9.2f s %8.1f %% %8.1f %%%s\n", n, s / 1e9, sc / hz, pc, 100 * x / hz / secs, note
	}')
	echo "$row"
	case $row in *over*) over=1 ;; esac
	if [ -n "${KOMA_IDLE_TRACE:-}" ]; then
		new=$(sed -n 's/^koma: trace: app.New at unix-ns \([0-9]*\).*/\1/p' "$dir/err" | head -n 1)
		echo "         launch to app.New: $(((new - launch) / 1000000)) ms; from app.New:"
		grep "^koma: trace:" "$dir/err" | grep -v "app.New at" | sed 's/^koma: trace: /         /'
	fi
}

printf "%-6s %11s %11s %10s %10s\n" screen start-up "CPU to 1st" "koma CPU" "Xvfb CPU"
for s in $screens; do
	case $s in
	menu) measure menu -scene menu ;;
	game) measure game -scene game -game konane ;;
	rules) measure rules -scene rules -game konane ;;
	*)
		echo "idle.sh: unknown screen $s" >&2
		exit 2
		;;
	esac
done
printf "(CPU over %s s, from %s s after the first frame; %s cores)\n" "$window" "$settle" "$(nproc)"
exit $over
