#!/bin/sh
# check_selfcheck.sh [SCRIPT]: ci/selfcheck.sh's own rules (gfx_code_runs, cuda_code_runs) give every
# row of conformance.tsv. The script is loaded without its last line (main "$@"), so its functions
# are the ones users run, with nothing copied out of it.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SCRIPT=${1:-$HERE/../../ci/selfcheck.sh}
lib=$(mktemp)
trap 'rm -f "$lib"' EXIT
sed '$d' "$SCRIPT" > "$lib"
tail -n 1 "$SCRIPT" | grep -q '^main "\$@"$' || { echo "the last line of $SCRIPT is not 'main \"\$@\"'" >&2; exit 1; }
. "$lib"
n=0 bad=0
tab=$(printf '\t')
while IFS="$tab" read -r vendor gpu code verdict via wave; do
    case $vendor in amd|nvidia) ;; *) continue ;; esac
    if [ "$vendor" = amd ]; then
        how=$(gfx_code_runs "$gpu" "$code")
        case $how in
            native) got="native $(for c in $code; do [ "$(gfx_base "$c")" = "$gpu" ] && { printf '%s' "$c"; break; }; done)" ;;
            generic:*) got="generic ${how#generic:}" ;;
            '') got="none " ;;
            *) got="? $how" ;;
        esac
    else
        how=$(cuda_code_runs "$(printf '%s' "$gpu" | sed 's/\(.\)$/.\1/')" "$code")
        case $how in
            native:*) got="native ${how#native:}" ;;
            ptx:*) got="ptx ${how#ptx:}" ;;
            '') got="none " ;;
            *) got="? $how" ;;
        esac
    fi
    [ "$via" != - ] || via=
    n=$((n + 1))
    if [ "$got" != "$verdict $via" ]; then
        bad=$((bad + 1))
        echo "$vendor $gpu [$code]: expected $verdict $via, selfcheck says $got"
    fi
done < "$HERE/conformance.tsv"
if [ "$bad" -gt 0 ]; then
    echo "$bad of $n conformance rows disagree with ci/selfcheck.sh (fix its rule, or the reference in tests/conformance/make_table.py)"
    exit 1
fi
echo "selfcheck: $n conformance rows agree"
