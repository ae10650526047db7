#!/usr/bin/env bash
# ci/rocm-root.sh: a current ROCm (Debian sid: HIP 6.4, hipcc 7, clang 21 and the HIP libraries) in a
# root filesystem beside the host's, and a way to run a command inside it.
#
#   ci/rocm-root.sh ensure            make the root when missing or stale, else reuse it; prints its path
#   ci/rocm-root.sh path              prints the path (exit 1 when the root is not made yet)
#   ci/rocm-root.sh exec [--bind DIR]... -- COMMAND [ARG]...
#                                     runs COMMAND inside the root, in the current folder; the current
#                                     folder, this checkout and each DIR are visible there at the same
#                                     paths, so build trees and compile_commands.json mean the same inside
#
# Settings: DUALGPU_ROCM_ROOT_DIR (default /var/cache/dualgpu/rocm-sid). Needs root (mmdebstrap,
# unshare, chroot). The folder is DualGPU's own (bin/lib/dualgpu-owned-dir.sh): made with a stamp,
# replaced only whole, never written through a link. The mounts live in a private mount namespace
# and vanish with the command: nothing stays mounted, whatever happens to it.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
# shellcheck source=bin/lib/dualgpu-owned-dir.sh
. "$repo/bin/lib/dualgpu-owned-dir.sh"

home="${DUALGPU_ROCM_ROOT_DIR:-/var/cache/dualgpu/rocm-sid}"
case $home in /*) ;; *) echo "rocm-root: DUALGPU_ROCM_ROOT_DIR='$home' must be an absolute path" >&2; exit 2 ;; esac
root="$home/root"
# What the root holds. Changing this list makes the next `ensure` build a new root.
packages=(hipcc libamdhip64-dev rocm-device-libs-21 rocminfo clang-tools-21 cmake ninja-build g++ ccache
          binutils python3 python3-dev python3-pytest python3-numpy python3-torch
          libhipblas-dev libhipblaslt-dev libhipcub-dev librocthrust-dev libhipsparse-dev libhiprand-dev
          libhipfft-dev libhipsolver-dev)
manifest="sid ${packages[*]}"
done_file="$home/complete"

say() { echo "rocm-root: $*" >&2; }

is_current() { [ -d "$root/usr" ] && [ -f "$done_file" ] && [ "$(cat "$done_file")" = "$manifest" ]; }

ensure() {
  if is_current; then echo "$root"; return 0; fi
  [ "$(id -u)" = 0 ] || { say "making the root needs root (mmdebstrap, chroot): run as root"; exit 1; }
  command -v mmdebstrap >/dev/null 2>&1 || {
    say "installing mmdebstrap"
    timeout 300 apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq mmdebstrap >/dev/null \
      || { say "could not install mmdebstrap (apt-get install mmdebstrap)"; exit 1; }
  }
  mkdir -p "$(dirname "$home")"
  dualgpu_owned_dir_prepare "$home" "a Debian sid root filesystem with ROCm (ci/rocm-root.sh)" || exit 1
  local staging="$home/staging"
  [ -e "$staging" ] && { dualgpu_owned_dir_remove "$staging" || exit 1; }
  # mmdebstrap wants an empty folder; the stamp goes in once it is done.
  mkdir "$staging"
  say "building a Debian sid root with ROCm in $staging (about 2 minutes, 9 GB)"
  local start=$SECONDS
  # The registry's sid Release file can be past its Valid-Until date: accept it.
  if ! timeout 1200 mmdebstrap --quiet --variant=apt --aptopt='Acquire::Check-Valid-Until "false"' \
       --include="$(IFS=,; echo "${packages[*]}")" sid "$staging" >"$home/mmdebstrap.log" 2>&1; then
    tail -20 "$home/mmdebstrap.log" >&2
    say "mmdebstrap failed (log: $home/mmdebstrap.log); nothing replaced"
    exit 1
  fi
  printf 'DualGPU created this folder for ci/rocm-root.sh and may delete it.\n' >"$staging/$DUALGPU_OWNED_STAMP"
  dualgpu_owned_dir_remove "$root" || exit 1   # the previous root, stamped as this one is
  mv "$staging" "$root"
  mkdir -p "$root/src"
  echo "$manifest" >"$done_file"
  say "root ready in $((SECONDS - start)) s: $root"
  echo "$root"
}

run_inside() {
  is_current || { say "no current root in $home: run ci/rocm-root.sh ensure first"; exit 1; }
  local binds=("$repo" "$PWD")
  while [ $# -gt 0 ]; do
    case $1 in
      --bind) [ $# -ge 2 ] || { say "--bind needs a folder"; exit 2; }; binds+=("$(cd "$2" && pwd -P)"); shift 2 ;;
      --) shift; break ;;
      *) say "exec: unknown option '$1' (usage: exec [--bind DIR]... -- COMMAND...)"; exit 2 ;;
    esac
  done
  [ $# -gt 0 ] || { say "exec: no command given"; exit 2; }
  [ -n "${CCACHE_DIR:-}" ] && [ -d "${CCACHE_DIR}" ] && binds+=("$CCACHE_DIR")
  # The mount script gets the folders as arguments, never as shell text.
  # shellcheck disable=SC2016
  exec unshare --mount --propagation private bash -c '
    set -e
    root=$1; shift
    mount --bind /proc "$root/proc"; mount --bind /dev "$root/dev"
    while [ "$1" != -- ]; do
      mkdir -p "$root$1"; mount --bind "$1" "$root$1"; shift
    done
    shift
    cwd=$PWD
    exec chroot "$root" /usr/bin/env -C "$cwd" "$@"
  ' rocm-root "$root" "${binds[@]}" -- "$@"
}

case ${1:-} in
  ensure) ensure ;;
  path) is_current || { say "no current root in $home (ci/rocm-root.sh ensure makes it)"; exit 1; }; echo "$root" ;;
  exec) shift; run_inside "$@" ;;
  -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' ;;
  *) say "usage: ci/rocm-root.sh ensure | path | exec [--bind DIR]... -- COMMAND..."; exit 2 ;;
esac
