# shellcheck shell=sh
# dualgpu-owned-dir.sh: the one rule by which DualGPU's scripts create and delete folders.
#
# A folder DualGPU creates gets a stamp file, .dualgpu-owned; only a stamped folder is ever deleted.
# A folder the user named that DualGPU did not create (a project folder passed as --build-dir) is
# never deleted and never written into. Sourced by bash and POSIX sh scripts alike (no bashisms).
#
#   dualgpu_owned_dir_prepare DIR PURPOSE   DIR exists afterwards and is ours: created and stamped when
#                                           missing or empty, accepted when already stamped; else refused
#   dualgpu_owned_dir_remove DIR            deletes DIR when it is ours; nothing to do when it is missing;
#                                           else refused
# Both print why on stderr and return 1 when they refuse. Further conditions, for shared machines:
# DIR must belong to the user running the script, must not be writable by others, must not be a
# symbolic link, and is never / or $HOME, stamp or not.

DUALGPU_OWNED_STAMP=.dualgpu-owned

_dualgpu_owned_refuse() {
    printf 'dualgpu: %s\n' "$1" >&2
    return 1
}

# Checks shared by prepare and remove, for a DIR that exists.
_dualgpu_owned_dir_safe() {
    case $1 in
        '' ) _dualgpu_owned_refuse "an empty folder name was given"; return 1 ;;
    esac
    if [ -L "$1" ]; then
        _dualgpu_owned_refuse "$1 is a symbolic link: DualGPU only uses folders it created; name a new folder instead"
        return 1
    fi
    [ -e "$1" ] || return 0
    if [ ! -d "$1" ]; then
        _dualgpu_owned_refuse "$1 exists and is not a folder: name a new folder instead"
        return 1
    fi
    _dualgpu_owned_real=$(cd "$1" 2>/dev/null && pwd -P) || {
        _dualgpu_owned_refuse "$1 cannot be entered: name a folder you own"; return 1; }
    _dualgpu_owned_home=$(cd "${HOME:-/nonexistent}" 2>/dev/null && pwd -P) || _dualgpu_owned_home=
    if [ "$_dualgpu_owned_real" = / ] || [ "$_dualgpu_owned_real" = "$_dualgpu_owned_home" ]; then
        _dualgpu_owned_refuse "$1 is / or your home folder: DualGPU never deletes or fills it; name a new folder"
        return 1
    fi
    if [ ! -O "$1" ]; then
        _dualgpu_owned_refuse "$1 belongs to another user: name a folder of your own (another user could change what is built there)"
        return 1
    fi
    # ls -ld is the portable way to read the mode: "drwxrwxrwx" -> the 9th character is others' w.
    # shellcheck disable=SC2012
    case $(ls -ld "$1" | cut -c9) in
        w) _dualgpu_owned_refuse "$1 is writable by every user: name a folder only you can write (chmod o-w, or a new folder)"
           return 1 ;;
    esac
    return 0
}

_dualgpu_owned_is_stamped() { [ -f "$1/$DUALGPU_OWNED_STAMP" ] && [ ! -L "$1/$DUALGPU_OWNED_STAMP" ]; }

# "a/b///" -> "a/b"; "/" stays "/" (and is refused).
_dualgpu_owned_path() {
    _dualgpu_owned_p=$1
    while :; do
        case $_dualgpu_owned_p in
            /) break ;;
            */) _dualgpu_owned_p=${_dualgpu_owned_p%/} ;;
            *) break ;;
        esac
    done
}

dualgpu_owned_dir_prepare() {
    _dualgpu_owned_path "$1"
    set -- "$_dualgpu_owned_p" "$2"
    _dualgpu_owned_dir_safe "$1" || return 1
    if [ -d "$1" ]; then
        _dualgpu_owned_is_stamped "$1" && return 0
        if [ -n "$(ls -A "$1" 2>/dev/null)" ]; then
            _dualgpu_owned_refuse "$1 is not empty and was not created by DualGPU (no $DUALGPU_OWNED_STAMP in it): not writing into it; name a new or empty folder (an old DualGPU folder: delete it yourself)"
            return 1
        fi
    else
        (umask 022 && mkdir -p "$1") || { _dualgpu_owned_refuse "cannot create $1"; return 1; }
    fi
    printf 'DualGPU created this folder for %s and may delete it.\nDelete this file to keep DualGPU from deleting the folder.\n' \
        "$2" >"$1/$DUALGPU_OWNED_STAMP" || { _dualgpu_owned_refuse "cannot write into $1"; return 1; }
}

dualgpu_owned_dir_remove() {
    _dualgpu_owned_path "$1"
    set -- "$_dualgpu_owned_p"
    _dualgpu_owned_dir_safe "$1" || return 1
    [ -e "$1" ] || return 0
    if ! _dualgpu_owned_is_stamped "$1"; then
        _dualgpu_owned_refuse "$1 was not created by DualGPU (no $DUALGPU_OWNED_STAMP in it): not deleting it; delete it yourself if you mean to, or name another folder"
        return 1
    fi
    # The one recursive delete of DualGPU's scripts: DIR passed every check above.
    rm -rf -- "$1"
}
