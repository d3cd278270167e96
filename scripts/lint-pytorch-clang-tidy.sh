#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# clang-tidy as run-clang-tidy calls it from scripts/lint-pytorch.py: the same
# arguments (the source file last), under a time limit (a run that exceeds it
# is a hang) and /usr/bin/time (wall seconds, peak resident kilobytes).
# Writes $C10TIDY_LINT_LOGS/<name>.log (all output) and <name>.status
# ("exit-status seconds kilobytes"); <name> comes from the file's path.
set -uo pipefail
tidy=${C10TIDY_LINT_TIDY:?}
file=${*: -1}
if [ -z "${C10TIDY_LINT_LOGS:-}" ] || [ ! -f "$file" ]; then
  exec "$tidy" "$@"  # not a per-file run (e.g. -list-checks)
fi
name=$(printf '%s' "$file" | sha1sum | cut -c1-16)
base=$C10TIDY_LINT_LOGS/$name
/usr/bin/time -f '%e %M' -o "$base.time" \
  timeout --foreground --kill-after=10 "${C10TIDY_LINT_TIMEOUT:-600}" "$tidy" "$@" >"$base.log" 2>&1
status=$?
# /usr/bin/time reports a signal death as "Command terminated by signal N".
read -r seconds kb < <(tail -n 1 "$base.time")
sig=$(sed -nE 's/^Command terminated by signal ([0-9]+).*/\1/p' "$base.time")
[ -n "$sig" ] && status=$((128 + sig))
echo "$status $seconds $kb" >"$base.status"
cat "$base.log"
exit "$status"
