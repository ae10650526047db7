#!/usr/bin/env bash
# python_current_folder_cases.sh CASE: a ./torch/ and a ./json.py where the user stands are never run by
# the Python that DualGPU's commands start (bin/lib/dualgpu-python-safe.py), nor a user's folder taken
# as a build folder. Each case asserts the exact outcome; exit 1 on any difference.
set -u
repo=$(cd "$(dirname "$0")/../.." && pwd)
python=${DUALGPU_PYTHON:-python3}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
here="$work/project"; mkdir -p "$here/torch"
marker="$work/RAN"
printf 'open(%s, "w").write("./torch was imported")\nraise SystemExit("fake torch")\n' "'$marker'" >"$here/torch/__init__.py"
printf 'open(%s, "w").write("./json.py was imported")\n' "'$marker'" >"$here/json.py"
fail() { echo "FAILED: $*"; exit 1; }
cd "$here" || exit 1

case $1 in
  runner_code|runner_module)
    for pythonpath in "" ":" "$here"; do
      if [ "$1" = runner_code ]; then
        out=$(PYTHONPATH=$pythonpath "$python" "$repo/bin/lib/dualgpu-python-safe.py" -c 'import json, sys, torch; print(torch.__file__)' 2>&1)
      else
        out=$(PYTHONPATH=$pythonpath "$python" "$repo/bin/lib/dualgpu-python-safe.py" -m pytest --version 2>&1)
      fi
      rc=$?
      if [ "$pythonpath" = "$here" ]; then
        # Named on purpose in PYTHONPATH by its absolute path: the user's choice, kept.
        continue
      fi
      [ -e "$marker" ] && fail "PYTHONPATH='$pythonpath': $(cat "$marker")"
      [ $rc = 0 ] || fail "PYTHONPATH='$pythonpath': exit $rc: $out"
      case $out in *"$here"*) fail "PYTHONPATH='$pythonpath': imported from the current folder: $out" ;; esac
    done
    echo "ok: nothing imported from the current folder (PYTHONPATH unset and ':')" ;;
  smoke_probe)
    # The wrapper asks torch where libtorch is before it builds; a build folder it may not use stops it
    # right after, so no build runs.
    mkdir "$work/theirs"; echo keep >"$work/theirs/file"
    out=$(PYTHONPATH=: "$repo/bin/dualgpu" smoke --build-dir "$work/theirs" 2>&1); rc=$?
    [ -e "$marker" ] && fail "dualgpu smoke ran $(cat "$marker")"
    [ $rc = 2 ] || fail "dualgpu smoke: exit $rc, expected 2 (refused build folder): $out"
    [ "$(cat "$work/theirs/file")" = keep ] || fail "the user's file changed"
    echo "ok: dualgpu smoke imported the real torch and refused a folder it did not create" ;;
  example_build_dir)
    # A user's project named as the example's build folder: refused before CMake writes build.ninja.
    mkdir "$work/theirs"; echo "# the user's" >"$work/theirs/build.ninja"
    out=$(DUALGPU_PLATFORM=cpu DUALGPU_EXAMPLE_BUILD_DIR="$work/theirs" "$repo/bin/dualgpu" example 2>&1); rc=$?
    [ $rc = 2 ] || fail "dualgpu example: exit $rc, expected 2: $out"
    [ "$(cat "$work/theirs/build.ninja")" = "# the user's" ] || fail "build.ninja was overwritten"
    [ "$(ls -A "$work/theirs")" = build.ninja ] || fail "files added: $(ls -A "$work/theirs")"
    case $out in *"DUALGPU_EXAMPLE_BUILD_DIR"*) ;; *) fail "the message does not name DUALGPU_EXAMPLE_BUILD_DIR: $out" ;; esac
    echo "ok: dualgpu example refused a folder it did not create" ;;
  *) echo "unknown case $1"; exit 2 ;;
esac
