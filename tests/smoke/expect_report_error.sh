#!/usr/bin/env bash
# expect_report_error.sh PROGRAM --json|--markdown: a report the program cannot write is an error.
#  1. /dev/full (every write fails): exit 2, the path named.
#  2. a folder that is not writable: exit 2, and no report and no staging file left there.
#  3. a writable folder: exit 0 and a whole report, nothing else beside it.
program=$1 flag=$2
only='^elementwise/add/float32$'   # one quick check: the run itself is not what is tested
fail() { echo "FAILED: $*"; exit 1; }
out=$("$program" --device cpu --only "$only" "$flag" /dev/full 2>&1); rc=$?
[[ $rc == 2 && $out == *"cannot write the report /dev/full"* ]] || fail "/dev/full: exit $rc"$'\n'"$out"
dir=$(mktemp -d); trap 'chmod -R u+w "$dir"; rm -rf "$dir"' EXIT
mkdir "$dir/ro"; chmod a-w "$dir/ro"
if [[ $(id -u) != 0 ]]; then  # root writes anywhere: only the first and last cases apply
  out=$("$program" --device cpu --only "$only" "$flag" "$dir/ro/report" 2>&1); rc=$?
  [[ $rc == 2 && $out == *"cannot write the report $dir/ro/report"* ]] || fail "read-only folder: exit $rc"$'\n'"$out"
  [[ -z $(ls -A "$dir/ro") ]] || fail "read-only folder holds $(ls -A "$dir/ro")"
fi
"$program" --device cpu --only "$only" "$flag" "$dir/report" >/dev/null 2>&1 || fail "writable folder: exit $?"
[[ $(ls -A "$dir") == $'report\nro' ]] || fail "beside the report: $(ls -A "$dir")"
[[ -s $dir/report ]] || fail "empty report"
echo "ok: /dev/full is an error (exit 2); a written report is whole and alone"
