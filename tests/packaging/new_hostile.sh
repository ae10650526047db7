#!/usr/bin/env bash
# `dualgpu new` given careless and hostile input (issue 14): each case asserts the exact outcome.
#   new_hostile.sh <repo>
set -euo pipefail
repo="$(cd "$1" && pwd)"
dualgpu="$repo/bin/dualgpu"
tmp="$(mktemp -d)"
chmod 755 "$tmp"  # the unreadable-folder case runs as nobody when this runs as root
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf -- "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
export DUALGPU_PYTHON="${DUALGPU_PYTHON:-python3}"

# refused <regex> <args...>: ($use_dualgpu, else the repo's dualgpu) exit 2, the message matches, nothing written at $tmp/out.
refused() {
  local regex="$1" rc=0; shift
  "${use_dualgpu:-$dualgpu}" new "$@" > "$tmp/msg.txt" 2>&1 || rc=$?
  [ "$rc" = 2 ] || fail "new $*: exit $rc, expected 2: $(cat "$tmp/msg.txt")"
  grep -Eq "$regex" "$tmp/msg.txt" || fail "new $*: expected /$regex/ in: $(cat "$tmp/msg.txt")"
  [ ! -e "$tmp/out" ] || fail "new $*: wrote $tmp/out although refused"
  ! compgen -G "$tmp/.dualgpu-new.*" > /dev/null || fail "new $*: staging folder left behind"
}

# Names that break the generated project.
for n in xor bitand compl not_eq and_eq; do refused "'$n' is a C\+\+ keyword or alternative token" "$n" "$tmp/out"; done
for n in NULL errno linux unix; do refused "'$n' is a common C/C\+\+ macro" "$n" "$tmp/out"; done
for n in os json glob; do refused "'$n' is a Python standard-library module" "$n" "$tmp/out"; done
refused "'test' is (a Python standard-library|an importable Python) module" test "$tmp/out"
# Stable-ABI releases torch cannot target, misspelt, or missing.
refused "new: --stable-abi 2.9: torch's stable ABI can be targeted from torch 2.10 on: use 2.10 or newer" my_ops "$tmp/out" --stable-abi 2.9
refused "new: --stable-abi 'two': give a torch release as major.minor, e.g. 2.10" my_ops "$tmp/out" --stable-abi two
refused "new: --stable-abi needs a torch release" my_ops "$tmp/out" --stable-abi
# Installed distributions of the interpreter that builds (torch needs both): pip install would replace them.
for n in numpy typing_extensions; do
  if "$DUALGPU_PYTHON" -c "import importlib.metadata as m; m.version('${n/_/-}')" 2>/dev/null; then
    refused "'$n' is an installed Python distribution" "$n" "$tmp/out"
  fi
done
for n in aten prim quantized; do refused "'$n' is a namespace torch or DualGPU already uses" "$n" "$tmp/out"; done
for n in _foo foo_ _ a__b 9lives "my-ops" "a;b"; do refused "'$n' is not a valid name" "$n" "$tmp/out"; done
refused "not a valid name.*e\.g\. 'foo'" _foo "$tmp/out"
# Names the generated code's own headers define, as the compiler sees them: macros and declarations.
for n in NAN EINVAL M_PI INFINITY; do refused "'$n' is a macro of the C/C\+\+ or Python headers the project includes" "$n" "$tmp/out"; done
for n in PyObject FILE; do refused "'$n' is already declared by the C/C\+\+ or Python headers" "$n" "$tmp/out"; done

# A checkout path with '"' and '${...}': no path is written, so the project is the same as from a plain path.
odd="$tmp/we\"ird \${HOME} \$(touch $tmp/pwned)"
mkdir -p "$odd"
cp -r "$repo/bin" "$repo/cmake" "$repo/python" "$repo/templates" "$odd/"
"$odd/bin/dualgpu" new my_ops "$tmp/from_odd" > /dev/null
"$dualgpu" new my_ops "$tmp/from_plain" > /dev/null
diff -r "$tmp/from_odd" "$tmp/from_plain" || fail "the project depends on the checkout's path (diff above)"
! grep -rlF -e "$repo" -e "$odd" -e "$tmp" "$tmp/from_plain" || fail "a generated file names a path (above)"
[ ! -e "$tmp/pwned" ] || fail "the checkout path was executed"

# A target inside DualGPU's templates folder (here the copy's) is refused; the template stays as it was.
before="$(cd "$odd/templates" && find . | sort)"
use_dualgpu="$odd/bin/dualgpu" refused "inside DualGPU's templates folder" my_ops "$odd/templates/extension/nested"
use_dualgpu="$odd/bin/dualgpu" refused "inside DualGPU's templates folder" my_ops "$odd/templates/../templates/x"
[ "$before" = "$(cd "$odd/templates" && find . | sort)" ] || fail "the template folder changed"

# --force: a dangling link and a linked sub-folder are kept as they are, nothing written through them.
proj="$tmp/forced"
"$dualgpu" new my_ops "$proj" > /dev/null
rm "$proj/README.md" "$proj/tests/conftest.py"
ln -s "$tmp/nowhere/README.md" "$proj/README.md"
rm -r "$proj/csrc"
mkdir "$tmp/elsewhere"
ln -s "$tmp/elsewhere" "$proj/csrc"
"$dualgpu" new my_ops "$proj" --force > "$tmp/force.txt"
[ "$(readlink "$proj/README.md")" = "$tmp/nowhere/README.md" ] || fail "--force replaced the dangling link README.md"
[ ! -e "$tmp/nowhere" ] || fail "--force wrote through the dangling link"
[ -z "$(ls -A "$tmp/elsewhere")" ] || fail "--force wrote through the linked csrc/: $(ls -A "$tmp/elsewhere")"
[ -f "$proj/tests/conftest.py" ] || fail "--force did not restore the missing tests/conftest.py"
grep -q "^  README.md$" "$tmp/force.txt" || fail "--force did not list the kept README.md: $(cat "$tmp/force.txt")"
grep -q "^  csrc/scale_add.cpp$" "$tmp/force.txt" || fail "--force did not list csrc/scale_add.cpp as kept"
# The target itself a link: refused.
ln -s "$tmp/elsewhere" "$tmp/link"
refused "'$tmp/link' is a symbolic link" my_ops "$tmp/link"
[ -z "$(ls -A "$tmp/elsewhere")" ] || fail "new wrote through the linked target"
# The same link named with a trailing slash (which names what it points to): refused all the same.
refused "'$tmp/link' is a symbolic link" my_ops "$tmp/link/"
refused "'$tmp/link' is a symbolic link" my_ops "$tmp/link//" --force
[ -z "$(ls -A "$tmp/elsewhere")" ] || fail "new wrote through the linked target given as link/"
rm "$tmp/link"
# DualGPU's own tree (the copy's): its folder and its source folders, --force or not; a build folder is fine.
before="$(cd "$odd" && find . | sort)"
use_dualgpu="$odd/bin/dualgpu" refused "is DualGPU's own folder" my_ops "$odd" --force
use_dualgpu="$odd/bin/dualgpu" refused "is inside DualGPU's own folder .*/cmake: write the project elsewhere" my_ops "$odd/cmake" --force
use_dualgpu="$odd/bin/dualgpu" refused "is inside DualGPU's own folder .*/bin: write the project elsewhere" my_ops "$odd/bin/x"
[ "$before" = "$(cd "$odd" && find . | sort)" ] || fail "DualGPU's own tree changed"
"$odd/bin/dualgpu" new my_ops "$odd/build-x/p" > /dev/null || fail "a project in a build folder of the checkout was refused"
# A parent that cannot be written: a clear message, not mkdir's or mktemp's.
if [ "$(id -u)" != 0 ]; then
  mkdir -p "$tmp/ro"; chmod 555 "$tmp/ro"
  refused "'$tmp/ro' is not writable: choose a folder you can write" my_ops "$tmp/ro/p"
  chmod 755 "$tmp/ro"
fi
echo "user data" > "$tmp/afile"
refused "cannot create the folder '$tmp/afile'" my_ops "$tmp/afile/p"
[ "$(cat "$tmp/afile")" = "user data" ] || fail "the file in the way changed"

# An unreadable non-empty folder is not "empty".
mkdir -p "$tmp/locked"
echo "user data" > "$tmp/locked/notes.txt"
chmod 000 "$tmp/locked"
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
if [ "$(id -u)" = 0 ] && ! as_nobody test -x "$dualgpu"; then
  # Root reads everything, so the case runs as nobody, who must reach the checkout (not so under /root or
  # a mktemp -d folder): noted, not failed, since it says nothing about dualgpu new.
  echo "note: unreadable-folder case not run: nobody cannot run $dualgpu (a checkout in a private folder)"
else
  rc=0
  if [ "$(id -u)" = 0 ]; then  # ask as nobody, with an interpreter nobody can run
    as_nobody env DUALGPU_PYTHON=/usr/bin/python3 "$dualgpu" new my_ops "$tmp/locked" > "$tmp/msg.txt" 2>&1 || rc=$?
  else
    "$dualgpu" new my_ops "$tmp/locked" > "$tmp/msg.txt" 2>&1 || rc=$?
  fi
  [ "$rc" = 2 ] && grep -q "'$tmp/locked' cannot be read" "$tmp/msg.txt" ||
    fail "unreadable folder: exit $rc: $(cat "$tmp/msg.txt")"
fi
chmod 755 "$tmp/locked"
[ "$(ls -A "$tmp/locked")" = notes.txt ] || fail "new wrote into the unreadable folder"

# Interrupted generation (a template file that cannot be read, in a copy of DualGPU): no target and no
# staging folder are left.
broken="$tmp/broken"
mkdir -p "$broken"
cp -r "$repo/bin" "$repo/cmake" "$repo/python" "$repo/templates" "$broken/"
rm "$broken/templates/extension/README.md"
ln -s "$tmp/nowhere/README.md" "$broken/templates/extension/README.md"
rc=0
"$broken/bin/dualgpu" new my_ops "$tmp/out" > "$tmp/msg.txt" 2>&1 || rc=$?
[ "$rc" != 0 ] || fail "a failing write still succeeded"
grep -q "cannot read the template file" "$tmp/msg.txt" || fail "the broken template is not named: $(cat "$tmp/msg.txt")"
[ ! -e "$tmp/out" ] || fail "a failed run left a half-written $tmp/out"
! compgen -G "$tmp/.dualgpu-new.*" > /dev/null || fail "a failed run left its staging folder"
echo "dualgpu new (hostile input): all checks passed"
