#!/usr/bin/env bash
# expect_usage_error.sh PROGRAM MESSAGE ARGS...: PROGRAM ARGS... must exit 2 (a usage error) and say
# MESSAGE, before running any check. An argument '' (two quote characters) stands for an empty one,
# which CMake's lists cannot carry.
program=$1 message=$2
shift 2
args=()
for a in "$@"; do
  if [[ $a == "''" ]]; then args+=(""); else args+=("$a"); fi
done
set -- "${args[@]}"
out=$("$program" "$@" 2>&1)
rc=$?
if [[ $rc != 2 || $out != *"$message"* || $out == *"Summary:"* ]]; then
  printf 'FAILED: %s' "$program"; printf ' [%s]' "$@"; printf ': exit %s, expected 2 and "%s"\n%s\n' "$rc" "$message" "$out"
  exit 1
fi
echo "ok: exit 2, $message"
