#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-full (in the guest): the load sweeps of the 72-host
# Dragonfly, too long for make bench (about 12 minutes under TCG).
# dragonfly:2,4,2,9 at 2.5 Gb/s and dilation 10000, HoQ lifetime 500
# fabric us, 1500-byte frames, "snicctl fabric traffic": for each
# routing mode (MIN, VAL, ARN; a fabric of its own each) and pattern
# (ADV+1, uniform) the accepted load (mean over the hosts, fraction of
# link rate) and the mean latency (fabric ns) at offered 0.1 .. 1.0, 3 s
# of wall time (300 fabric us) after 1 s of warm-up per point. Prints
#   BENCH df72sweep_<mode>_<pattern>_accepted_l<percent> <load>
#   BENCH df72sweep_<mode>_<pattern>_latency_mean_ns_l<percent> <ns>
#   FIDELITY df72sweep_<mode> ...  (over all of a mode's points)
# and the saturation load per mode and pattern: the highest offered load
# below the first whose mean latency reaches 3x that at offered 0.1
# (../spec/measurement.md), df72sweep_<mode>_<pattern>_saturation_load.
. "$(dirname "$0")/lib.sh" >/dev/null
modules_load || exit 1
# FRAC: jq's frac, a fraction of "snicctl fabric traffic" as it printed
# it (%.4f): jq prints 0.5000 as 0.5, 1.0000 as 1.
FRAC='def frac: tostring | split(".") as [$i, $f] |
	"\($i).\(($f // "") + "0000" | .[:4])";'
fails=0
for mode in min val arn; do
	opt=
	[ $mode = val ] && opt=val
	[ $mode = arn ] && opt=ar
	"$SNICCTL" fabric up dragonfly:2,4,2,9 name bf rate 2500mbit hoq 500 \
		$opt >/dev/null || { echo "# $mode: fabric up failed"; fails=1; continue; }
	for pat in adv+1 uniform; do
		p=$(echo "$pat" | tr -d '+')
		zl= sat=0 knee=
		for pct in 10 20 30 50 70 100; do
			L=$(awk -v p=$pct 'BEGIN { printf "%.2f", p / 100 }')
			set -- $("$SNICCTL" -j fabric traffic bf "$pat" load "$L" size 1500 \
				seconds 3 warmup 1 seed 1 | $JQ -r "$FRAC"'[
				((.accepted_mean | numbers | frac) // "x"),
				(if (.latency_n // 0) > 0 then .latency_mean_ns else "x" end),
				(.lost // "x")] | map(tostring) | join(" ")')
			acc=$1 mean=$2
			echo "# $mode $pat load $L: accepted ${acc:-?}, latency mean ${mean:-?} ns," \
				"lost $3"
			# a point not measured is no number: MISSING, and the
			# curve's knee is then unknown
			for f in "accepted_l$pct $acc" "latency_mean_ns_l$pct $mean"; do
				set -- $f
				if printf '%s\n' "${2:-}" | grep -Eqx '[0-9]+(\.[0-9]+)?'; then
					echo "BENCH df72sweep_${mode}_${p}_$1 $2"
				else
					echo "MISSING df72sweep_${mode}_${p}_$1 not reported at offered $L"
					fails=1 knee=unknown
				fi
			done
			printf '%s\n' "${mean:-}" | grep -Eqx '[0-9]+' || mean=0
			sat_step "$L" "$mean"
		done
		if [ "$knee" = unknown ]; then
			echo "MISSING df72sweep_${mode}_${p}_saturation_load a point was not measured"
		else
			echo "BENCH df72sweep_${mode}_${p}_saturation_load $sat"
		fi
	done
	h=$("$SNICCTL" -j fabric health bf)
	v=$(echo "$h" | $JQ -r '.fidelity // empty')
	echo "FIDELITY df72sweep_$mode ${v:-UNKNOWN} $(echo "$h" | tr -d '{}"' | tr ',' ' ')"
	[ "$v" = FAITHFUL ] || fails=1
	"$SNICCTL" fabric down bf >/dev/null
done
exit $fails
