# Sourced by the wheel-on-another-interpreter scripts (aarch64.sh, musl.sh, musl_aarch64.sh):
# `step NAME CMD...` runs CMD with its output in $work/NAME.log and prints ok (its time and the
# last pytest count in the log) or FAIL (the log's tail); `finish` prints "$steps_label:
# N passed, N failed" and exits, failing when a step failed. The caller sets work and
# steps_label first.
passed=0; failed=0
step() { # step NAME CMD...
  local name=$1 log start; shift
  log=$work/$(echo "$name" | tr -c 'a-zA-Z0-9\n' '_' | cut -c1-60).log
  start=$(date +%s)
  if "$@" >"$log" 2>&1; then passed=$((passed + 1)); echo "ok   $name ($(( $(date +%s) - start )) s): $(grep -E '[0-9]+ passed' "$log" | tail -n 1)"
  else failed=$((failed + 1)); echo "FAIL $name"; tail -n 30 "$log"; fi
}
finish() { echo "$steps_label: $passed passed, $failed failed"; [ "$failed" = 0 ]; exit; }
