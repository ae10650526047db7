#!/bin/sh
# The safe-delete rule (bin/lib/dualgpu-owned-dir.sh) against folders it must not touch.
# Usage: owned_dir_cases.sh CASE. Runs under dash (sh) as ci/run-tests.sh's bash would source it.
LIB=$(cd "$(dirname "$0")/../.." && pwd)/bin/lib/dualgpu-owned-dir.sh
# shellcheck source=bin/lib/dualgpu-owned-dir.sh
. "$LIB"
W=$(mktemp -d /tmp/dualgpu-owned-dir-test.XXXXXX)
trap 'chmod -R u+rwx "$W" 2>/dev/null; rm -rf "$W"' EXIT

fail() { echo "FAILED: $*"; exit 1; }
# refused MESSAGE COMMAND...: COMMAND returns 1 and says MESSAGE.
refused() {
    r_msg=$1; shift
    r_err=$("$@" 2>&1) && fail "$* was not refused"
    case $r_err in *"$r_msg"*) ;; *) fail "$*: message '$r_err' lacks '$r_msg'" ;; esac
}
user_folder() { mkdir -p "$1/src" && echo keep >"$1/src/main.c"; }
intact() { [ "$(cat "$1/src/main.c" 2>/dev/null)" = keep ] || fail "$1 was emptied"; }

case_made_stamped_removed() {   # the rule's own folders: created, stamped, deleted; a missing one is fine
    dualgpu_owned_dir_prepare "$W/a/b/" "a test" || fail "prepare refused a new folder"
    grep -q 'for a test and may delete it' "$W/a/b/.dualgpu-owned" || fail "no stamp"
    dualgpu_owned_dir_prepare "$W/a/b" "a test" || fail "prepare refused its own folder"
    dualgpu_owned_dir_remove "$W/a/b" || fail "remove refused its own folder"
    [ ! -e "$W/a/b" ] || fail "not removed"
    dualgpu_owned_dir_remove "$W/a/b" || fail "a missing folder is not an error"
    mkdir "$W/empty"
    dualgpu_owned_dir_prepare "$W/empty" "a test" || fail "an empty folder may be adopted"
}

case_unstamped_folder_kept() {
    user_folder "$W/project"
    refused "was not created by DualGPU (no .dualgpu-owned in it): not deleting it" dualgpu_owned_dir_remove "$W/project"
    refused "is not empty and was not created by DualGPU" dualgpu_owned_dir_prepare "$W/project" x
    intact "$W/project"
    [ ! -e "$W/project/.dualgpu-owned" ] || fail "a stamp was written into the user's folder"
}

case_symlinks_not_followed() {
    user_folder "$W/project"
    : >"$W/project/.dualgpu-owned.target"
    ln -s "$W/project" "$W/link"
    refused "is a symbolic link" dualgpu_owned_dir_remove "$W/link"
    refused "is a symbolic link" dualgpu_owned_dir_remove "$W/link/"
    # a stamp that is a link to some file is no stamp
    ln -s "$W/project/.dualgpu-owned.target" "$W/project/.dualgpu-owned"
    refused "was not created by DualGPU" dualgpu_owned_dir_remove "$W/project"
    intact "$W/project"
}

case_root_and_home_refused() {
    mkdir -p "$W/home"
    : >"$W/home/.dualgpu-owned"   # even stamped
    HOME=$W/home refused "is / or your home folder" dualgpu_owned_dir_remove "$W/home"
    HOME=$W/home refused "is / or your home folder" dualgpu_owned_dir_remove "$W/home/."
    refused "is / or your home folder" dualgpu_owned_dir_remove /
    refused "is / or your home folder" dualgpu_owned_dir_remove ///
    refused "an empty folder name" dualgpu_owned_dir_remove ""
    [ -d "$W/home" ] || fail "home removed"
}

case_shared_folders_refused() {
    mkdir -p "$W/open"
    : >"$W/open/.dualgpu-owned"
    chmod 777 "$W/open"
    refused "is writable by every user" dualgpu_owned_dir_remove "$W/open"
    refused "is writable by every user" dualgpu_owned_dir_prepare "$W/open" x
    if [ "$(id -u)" = 0 ]; then
        mkdir -p "$W/theirs" && : >"$W/theirs/.dualgpu-owned" && chown -R 65534:65534 "$W/theirs"
        refused "belongs to another user" dualgpu_owned_dir_remove "$W/theirs"
    else
        refused "belongs to another user" dualgpu_owned_dir_remove /usr
    fi
    [ -d "$W/open" ] || fail "a shared folder was removed"
}

"case_$1" || exit 1
echo "ok [$1]"
