#!/bin/sh
# selfcheck.sh - is this machine ready to build and run a GPU PyTorch extension?
#
# Part of DualGPU, but stands alone: copy this one file into any pipeline.
# Needs only POSIX sh, the usual text utilities (sed, awk, grep, tr, head, ls, id)
# and the tools it checks (hipcc, rocminfo, nvcc, nvidia-smi, python with torch).
#
# Usage: sh selfcheck.sh [--platform auto|rocm|cuda] [--expect-arch LIST]
#                        [--min-hip X.Y] [--min-cuda X.Y] [--python PATH] [--library FILE] [--json]
#
# Every check prints one line: PASS, WARN or FAIL, its name, what was found and,
# for WARN and FAIL, the fix. Exit status: 0 nothing failed, 1 something failed,
# 2 wrong usage (or a text utility missing).
#
# Environment:
#   DUALGPU_PROBE_TIMEOUT       seconds each probed tool, Python included, may run (default: 60);
#                               the same setting as DualGPU's CMake package and doctor
#   DUALGPU_SELFCHECK_TIMEOUT   the same, for this script only (wins over DUALGPU_PROBE_TIMEOUT)
#   DUALGPU_SELFCHECK_DEV_ROOT  prefix put before /dev/kfd and /dev/dri (tests of this script only)

PROG=selfcheck
DEV_ROOT=${DUALGPU_SELFCHECK_DEV_ROOT:-}
if [ -n "${DUALGPU_SELFCHECK_TIMEOUT:-}" ]; then
    TOOL_TIMEOUT=$DUALGPU_SELFCHECK_TIMEOUT TIMEOUT_VAR=DUALGPU_SELFCHECK_TIMEOUT
else
    TOOL_TIMEOUT=${DUALGPU_PROBE_TIMEOUT:-60} TIMEOUT_VAR=DUALGPU_PROBE_TIMEOUT
fi
OUTPUT_LIMIT=1048576   # bytes of a tool's output that are read; the rest is never stored

# Byte-wise text handling whatever the caller's locale: under a UTF-8 locale grep hides a line with an
# invalid byte ("binary file matches"), which would hide a broken compiler's "clang: error:".
LC_ALL=C
export LC_ALL
# Option values and tool output are split into words in places: they must never be file name patterns.
set -f

opt_platform=auto
opt_expect=
opt_min_hip=
opt_min_cuda=
opt_python=
opt_library=
opt_json=0

ESC=$(printf '\033')
SEP=$(printf '\037')   # field separator of recorded checks; sanitize() removes it from text
NL='
'
records=
n_pass=0
n_warn=0
n_fail=0

usage() {
    cat <<'EOF'
Usage: selfcheck.sh [options]
  --platform auto|rocm|cuda   which toolchain to check (default: auto)
  --expect-arch LIST          GPUs that must be present: gfx90a,gfx942 (ROCm) or 8.0,9.0 (CUDA)
  --min-hip X.Y               lowest acceptable HIP version of hipcc
  --min-cuda X.Y              lowest acceptable CUDA version of nvcc
  --python PATH               interpreter whose torch is checked (default: python3, python)
  --library FILE              the extension's built library: does it hold code for each GPU seen?
  --json                      print one JSON object instead of lines
  -h, --help                  this text
Each probed tool (Python included) may run DUALGPU_PROBE_TIMEOUT seconds (default 60).
Exit status: 0 nothing failed, 1 a check failed, 2 wrong usage or a missing text utility.
EOF
}

usage_error() {
    printf '%s: %s\n' "$PROG" "$1" >&2
    printf 'Try: selfcheck.sh --help\n' >&2
    exit 2
}

# ---------------------------------------------------------------- small helpers

have() { command -v "$1" >/dev/null 2>&1; }

# run_tool COMMAND ARGS...: sets tool_out (stdout and stderr, sanitized, at most OUTPUT_LIMIT bytes)
# and tool_rc. Tools can hang on a broken driver, ignore SIGTERM, print without end or leave a child
# behind that holds their output open; none of these may hang the check or fill memory:
# timeout(1) sends TERM, then KILL (-k) where supported; head -c stops reading at the limit (the
# tool dies of SIGPIPE); whatever the tool left in its process group (timeout makes one) is killed
# as soon as the tool exits, so the pipe closes. Without timeout(1) tools run unbounded. Tools run
# from /, never from the folder the check was started in (what is there is not theirs to read).
RC_MARK='dualgpu-selfcheck-exit-status:'
timeout_mode=
run_tool() {
    if [ -z "$timeout_mode" ]; then
        timeout_mode='none'
        if have timeout; then
            timeout_mode='plain'
            timeout -k 1 5 cat </dev/null >/dev/null 2>&1 && timeout_mode='kill'
        fi
    fi
    tool_out=$(run_tool_feed "$@" | head -c "$OUTPUT_LIMIT")
    # The exit status is the last line, unless the output was cut before it. (sed, not the shell's
    # ${var##pattern}: that is quadratic in some shells, minutes on a megabyte.)
    tool_rc=$(printf '%s\n' "$tool_out" | sed -n "\$s/^$RC_MARK\([0-9][0-9]*\)\$/\1/p")
    if [ -n "$tool_rc" ]; then
        tool_out=$(printf '%s\n' "$tool_out" | sed '$d')
    else
        tool_rc='?'
        tool_out="$1 printed more than $OUTPUT_LIMIT bytes: stopped reading it$NL$tool_out"
    fi
    case $timeout_mode:$tool_rc in
        kill:124|kill:137|plain:124)
            tool_out="$1 gave no answer within $TOOL_TIMEOUT s and was stopped ($TIMEOUT_VAR sets the limit)$NL$tool_out" ;;
    esac
    tool_out=$(sanitize "$tool_out")
}

run_tool_feed() {
    case $timeout_mode in
        kill)  (cd / && exec timeout -k 5 "$TOOL_TIMEOUT" "$@" </dev/null 2>&1) & ;;
        plain) (cd / && exec timeout "$TOOL_TIMEOUT" "$@" </dev/null 2>&1) & ;;
        *)     (cd / && exec "$@" </dev/null 2>&1) & ;;
    esac
    f_pid=$!
    wait "$f_pid"
    f_rc=$?
    [ "$timeout_mode" = none ] || kill -s KILL -- "-$f_pid" 2>/dev/null
    printf '\n%s%s\n' "$RC_MARK" "$f_rc"
}

# Tool output becomes details and JSON strings: drop colour codes, turn tabs into spaces, delete
# every other control character, and replace bytes that are not UTF-8 (JSON must be valid UTF-8).
sanitize() {
    case $1 in
        *[![:print:]]*) ;;
        *) printf '%s' "$1"; return 0 ;;   # already clean: spare the pipeline
    esac
    printf '%s' "$1" | sed "s/${ESC}\[[0-9;]*[A-Za-z]//g" | tr '\t' ' ' | tr -d '\000-\010\013-\037\177' | utf8_repair
}

# Valid UTF-8 sequences stay; every other byte >= 0x80 becomes U+FFFD. Lines that are ASCII pass as they are.
utf8_repair() {
    awk 'BEGIN { for (i = 1; i < 256; i++) ord[sprintf("%c", i)] = i
                 high = sprintf("[%c-%c]", 128, 255); bad = sprintf("%c%c%c", 239, 191, 189) }
        $0 !~ high { print; next }
        {   out = ""; n = length($0)
            for (i = 1; i <= n; i++) {
                c = ord[substr($0, i, 1)]
                if (c < 128) { out = out substr($0, i, 1); continue }
                need = 0; lo = 128; hi = 191
                if (c >= 194 && c <= 223) need = 1
                else if (c >= 224 && c <= 239) { need = 2; if (c == 224) lo = 160; if (c == 237) hi = 159 }
                else if (c >= 240 && c <= 244) { need = 3; if (c == 240) lo = 144; if (c == 244) hi = 143 }
                ok = need > 0 && i + need <= n
                for (k = 1; ok && k <= need; k++) {
                    d = ord[substr($0, i + k, 1)]
                    if (k == 1) ok = d >= lo && d <= hi; else ok = d >= 128 && d <= 191
                }
                if (ok) { out = out substr($0, i, need + 1); i += need } else out = out bad
            }
            print out }'
}

# One line for a record: a newline in a tool output or a variable shows as \n, so it cannot start a line
# of its own (a forged "PASS ...").
one_line() { sanitize "$1" | awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }'; }

first_line() { printf '%s\n' "$1" | sed -n '/[^ ]/{s/^ *//;s/ *$//;p;q;}'; }

contains() { printf '%s\n' "$1" | grep -F -q -- "$2"; }

is_version() { printf '%s\n' "$1" | grep -E -q '^[0-9]+(\.[0-9]+)*$'; }

# version_ge A B: true when dotted version A >= B (missing parts count as 0).
version_ge() {
    awk -v a="$1" -v b="$2" 'BEGIN {
        na = split(a, x, "."); nb = split(b, y, "."); n = (na > nb) ? na : nb
        for (i = 1; i <= n; i++) { if (x[i] + 0 > y[i] + 0) exit 0; if (x[i] + 0 < y[i] + 0) exit 1 }
        exit 0 }'
}

major_of() { printf '%s\n' "$1" | sed 's/\..*//'; }
minor_of() { printf '%s\n' "$1" | sed -n 's/^[0-9]*\.\([0-9]*\).*/\1/p'; }

# record STATUS NAME DETAIL [REMEDY]: print (text mode) and remember one check.
record() {
    r_status=$1 r_name=$2
    r_detail=$(one_line "$3")
    r_remedy=$(one_line "${4:-}")
    case $r_status in
        PASS) n_pass=$((n_pass + 1)) ;;
        WARN) n_warn=$((n_warn + 1)) ;;
        FAIL) n_fail=$((n_fail + 1)) ;;
    esac
    records="$records$r_status$SEP$r_name$SEP$r_detail$SEP$r_remedy$NL"
    [ "$opt_json" = 1 ] && return 0
    if [ -n "$r_remedy" ] && [ "$r_status" != PASS ]; then
        printf '%s %-18s %s -- fix: %s\n' "$r_status" "$r_name" "$r_detail" "$r_remedy"
    else
        printf '%s %-18s %s\n' "$r_status" "$r_name" "$r_detail"
    fi
}

json_string() { printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"; }

print_json() {
    printf '{"tool":"dualgpu-selfcheck","platform":%s,"result":%s,' \
        "$(json_string "$platform")" "$(json_string "$1")"
    printf '"passed":%d,"warnings":%d,"failed":%d,"checks":[' "$n_pass" "$n_warn" "$n_fail"
    j_first=1
    j_rest=$records
    while [ -n "$j_rest" ]; do
        j_line=${j_rest%%"$NL"*}
        j_rest=${j_rest#*"$NL"}
        j_status=${j_line%%"$SEP"*}; j_line=${j_line#*"$SEP"}
        j_name=${j_line%%"$SEP"*};   j_line=${j_line#*"$SEP"}
        j_detail=${j_line%%"$SEP"*}; j_remedy=${j_line#*"$SEP"}
        [ "$j_first" = 1 ] || printf ','
        j_first=0
        printf '{"name":%s,"status":%s,"detail":%s,"remedy":%s}' "$(json_string "$j_name")" \
            "$(json_string "$j_status")" "$(json_string "$j_detail")" "$(json_string "$j_remedy")"
    done
    printf ']}\n'
}

# ---------------------------------------------------------------- options

parse_options() {
    while [ $# -gt 0 ]; do
        case $1 in
            --*=*) o_name=${1%%=*}; o_value=${1#*=}; o_inline=1 ;;
            *) o_name=$1; o_value=${2-}; o_inline=0 ;;
        esac
        case $o_name in
            -h|--help|--json)
                # A switch takes no value: "--json=0" must not turn JSON on.
                [ "$o_inline" = 0 ] || usage_error "$o_name takes no value (not '$1')"
                case $o_name in --json) opt_json=1; shift; continue ;; esac
                usage; exit 0 ;;
            --platform|--expect-arch|--min-hip|--min-cuda|--python|--library)
                if [ "$o_inline" = 0 ]; then
                    [ $# -ge 2 ] || usage_error "$o_name needs a value"
                    shift
                fi
                shift ;;
            *) usage_error "unknown option: $1" ;;
        esac
        [ -n "$o_value" ] || usage_error "$o_name needs a value"
        case $o_name in
            --platform)
                case $o_value in auto|rocm|cuda) opt_platform=$o_value ;;
                    *) usage_error "--platform must be auto, rocm or cuda, not '$o_value'" ;; esac ;;
            --expect-arch) opt_expect=$o_value
                [ -n "$(printf '%s\n' "$o_value" | tr ',;' '  ' | tr -d ' ')" ] ||
                    usage_error "--expect-arch '$o_value' names no architecture: give one or more, e.g. gfx90a,gfx942 or 8.0,9.0"
                for o_item in $(printf '%s\n' "$o_value" | tr ',;' '  '); do
                    [ -n "$(cuda_cc "$o_item")" ] || printf '%s\n' "$(gfx_base "$o_item")" | grep -E -q '^gfx[0-9a-z-]+$' ||
                        usage_error "--expect-arch: '$o_item' is neither a gfx target (gfx90a) nor a compute capability (9.0)"
                done ;;
            --min-hip) is_version "$o_value" || usage_error "--min-hip wants a version like 6.0, not '$o_value'"
                opt_min_hip=$o_value ;;
            --min-cuda) is_version "$o_value" || usage_error "--min-cuda wants a version like 12.1, not '$o_value'"
                opt_min_cuda=$o_value ;;
            --python) opt_python=$o_value ;;
            --library)
                [ ! -d "$o_value" ] || usage_error "--library: '$o_value' is a folder: give the extension's built library in it, e.g. build/libmyext.so"
                [ -f "$o_value" ] || usage_error "--library: no such file: '$o_value' (give the extension's built library, e.g. build/libmyext.so)"
                # Tools run from /: a relative name must not change its meaning.
                case $o_value in /*) opt_library=$o_value ;; *) opt_library=$(pwd)/$o_value ;; esac ;;
        esac
    done
}

# gfx90a:sramecc+:xnack- -> gfx90a (target features do not change which GPU it is)
gfx_base() { printf '%s\n' "$1" | sed 's/:.*//' | tr '[:upper:]' '[:lower:]'; }

# 9.0, 90, sm_90, sm_90a, compute_90, 9.0a -> 9.0 ; empty when not a capability
cuda_cc() {
    printf '%s\n' "$1" | sed -n \
        -e 's/^\([0-9]\{1,2\}\)\.\([0-9]\)[af]\{0,1\}$/\1.\2/p' \
        -e 's/^sm_\([0-9]\{1,2\}\)\([0-9]\)[af]\{0,1\}$/\1.\2/p' \
        -e 's/^compute_\([0-9]\{1,2\}\)\([0-9]\)[af]\{0,1\}$/\1.\2/p' \
        -e 's/^\([0-9]\{1,2\}\)\([0-9]\)[af]\{0,1\}$/\1.\2/p'
}

# Expected architectures, normalised, one per line; usage error when malformed.
expected_list() {
    [ -n "$opt_expect" ] || return 0
    for e_item in $(printf '%s\n' "$opt_expect" | tr ',;' '  '); do
        case $platform in
            rocm)
                e_gfx=$(gfx_base "$e_item")
                printf '%s\n' "$e_gfx" | grep -E -q '^gfx[0-9a-z-]+$' ||
                    usage_error "--expect-arch: '$e_item' is not a gfx target (e.g. gfx90a)"
                printf '%s\n' "$e_gfx" ;;
            cuda)
                e_cc=$(cuda_cc "$e_item")
                [ -n "$e_cc" ] || usage_error "--expect-arch: '$e_item' is not a compute capability (e.g. 9.0)"
                printf '%s\n' "$e_cc" ;;
        esac
    done
}

# ---------------------------------------------------------------- platform

choose_platform() {
    if [ "$opt_platform" != auto ]; then
        platform=$opt_platform
        record PASS platform "$platform (from --platform)"
        return 0
    fi
    p_rocm='' p_cuda=''
    for p_tool in hipcc rocminfo amdgpu-arch rocm_agent_enumerator rocm-smi; do
        have "$p_tool" && p_rocm="$p_rocm $p_tool"
    done
    for p_tool in nvcc nvidia-smi; do
        have "$p_tool" && p_cuda="$p_cuda $p_tool"
    done
    if [ -n "$p_rocm" ] && [ -z "$p_cuda" ]; then
        platform=rocm; record PASS platform "rocm (found:$p_rocm)"
    elif [ -n "$p_cuda" ] && [ -z "$p_rocm" ]; then
        platform=cuda; record PASS platform "cuda (found:$p_cuda)"
    elif [ -z "$p_rocm" ]; then
        platform=none
        record FAIL platform "no ROCm or CUDA tool on PATH (looked for hipcc, rocminfo, nvcc, nvidia-smi)" \
            "install ROCm or the CUDA toolkit and put its bin folder (/opt/rocm/bin, /usr/local/cuda/bin) on PATH"
    elif have nvidia-smi && run_tool nvidia-smi -L && [ "$tool_rc" = 0 ]; then
        # Both toolchains installed: the one whose driver answers decides.
        platform=cuda; record PASS platform "cuda (both toolchains found; nvidia-smi reaches a driver)"
    elif have rocminfo && run_tool rocminfo && printf '%s\n' "$tool_out" | grep -q 'Device Type: *GPU'; then
        platform=rocm; record PASS platform "rocm (both toolchains found; rocminfo lists a GPU)"
    else
        platform=none
        record FAIL platform "both ROCm (${p_rocm# }) and CUDA (${p_cuda# }) tools found and no GPU answers" \
            "say which one to check: --platform rocm or --platform cuda"
    fi
}

# ---------------------------------------------------------------- compiler

compiler_version=

# hipcc prints "HIP version: 6.2.41134-65d174c3e"; keep 6.2.41134.
hip_version_of() {
    printf '%s\n' "$1" | sed -n 's/^HIP version: *\([0-9][0-9]*\.[0-9][0-9]*\(\.[0-9][0-9]*\)\{0,1\}\).*/\1/p' | head -n 1
}

# Lines a hipcc prints when it cannot find its clang (perl and binary hipcc alike).
hipcc_broken_line() {
    printf '%s\n' "$1" | grep -E "failed to execute|Hip Clang Compiler not found|Can't exec|Use of uninitialized value|clang[^ ]*: error:|command not found" | head -n 1
}

check_hipcc() {
    if ! have hipcc; then
        record FAIL compiler "hipcc not found on PATH" \
            "install ROCm's HIP SDK (hipcc) or add /opt/rocm/bin to PATH"
        return 0
    fi
    run_tool hipcc --version; c_out=$tool_out c_rc=$tool_rc
    c_ver=$(hip_version_of "$c_out")
    c_bad=$(hipcc_broken_line "$c_out")
    c_fix="reinstall ROCm's hipcc and check that ROCM_PATH/HIP_PATH, if set, name that one ROCm install"
    if [ -z "$c_ver" ]; then
        record FAIL compiler "hipcc --version printed no 'HIP version:' line (exit $c_rc): $(first_line "$c_out")" "$c_fix"
    elif [ -n "$c_bad" ] || [ "$c_rc" != 0 ]; then
        record FAIL compiler "hipcc is broken (HIP $c_ver, exit $c_rc): ${c_bad:-$(first_line "$c_out")}" "$c_fix"
    else
        compiler_version=$c_ver
        compare_with_minimum HIP "$c_ver" "$opt_min_hip" \
            "install ROCm $opt_min_hip or newer, or put its /opt/rocm-X.Y/bin first on PATH"
    fi
}

# nvcc prints "Cuda compilation tools, release 12.2, V12.2.91"; keep 12.2.91.
cuda_version_of() {
    printf '%s\n' "$1" | sed -n 's/.*release \([0-9][0-9]*\.[0-9][0-9]*\), V\([0-9.]*\).*/\2/p' | head -n 1
}

check_nvcc() {
    if ! have nvcc; then
        record FAIL compiler "nvcc not found on PATH" \
            "install the CUDA toolkit or add its bin folder (usually /usr/local/cuda/bin) to PATH"
        return 0
    fi
    run_tool nvcc --version; c_out=$tool_out c_rc=$tool_rc
    c_ver=$(cuda_version_of "$c_out")
    if [ -z "$c_ver" ] || [ "$c_rc" != 0 ]; then
        record FAIL compiler "nvcc --version did not print a CUDA release (exit $c_rc): $(first_line "$c_out")" \
            "reinstall the CUDA toolkit; check that PATH finds its nvcc"
    else
        compiler_version=$c_ver
        compare_with_minimum CUDA "$c_ver" "$opt_min_cuda" \
            "install CUDA $opt_min_cuda or newer, or put its bin folder first on PATH"
    fi
}

compare_with_minimum() {
    m_what=$1 m_found=$2 m_min=$3 m_fix=$4
    if [ -z "$m_min" ]; then
        record PASS compiler "$m_what $m_found"
    elif version_ge "$m_found" "$m_min"; then
        record PASS compiler "$m_what $m_found (>= $m_min)"
    else
        record FAIL compiler "$m_what $m_found is older than the required $m_min" "$m_fix"
    fi
}

# ---------------------------------------------------------------- device files (ROCm)

user_name() { id -un 2>/dev/null || printf 'uid %s' "$(id -u)"; }

# ls -l is the portable way to read a file's group (stat differs between systems).
# shellcheck disable=SC2012
file_group() { ls -ld "$1" 2>/dev/null | awk '{print $4}'; }

# ROCm needs /dev/kfd and a /dev/dri/renderD* node, read-write, for the user.
check_device_files() {
    d_kfd=$DEV_ROOT/dev/kfd
    d_dri=$DEV_ROOT/dev/dri
    d_groups="sudo usermod -aG render,video $(user_name), then log in again; in a container add --group-add render --group-add video"
    if [ ! -e "$d_kfd" ]; then
        record FAIL device-files "/dev/kfd is missing: the amdgpu kernel driver is not loaded or not passed into this container" \
            "load the driver (sudo modprobe amdgpu); with Docker add --device=/dev/kfd --device=/dev/dri"
        return 0
    fi
    if [ ! -r "$d_kfd" ] || [ ! -w "$d_kfd" ]; then
        record FAIL device-files "/dev/kfd is not read-write for $(user_name) (group $(file_group "$d_kfd"); yours: $(id -Gn 2>/dev/null))" "$d_groups"
        return 0
    fi
    d_render=
    set +f   # the one file name pattern of the script
    for d_node in "$d_dri"/renderD*; do
        [ -e "$d_node" ] && { d_render=${d_node##*/}; break; }
    done
    set -f
    if [ -z "$d_render" ]; then
        record FAIL device-files "/dev/dri has no renderD* node" \
            "load the amdgpu driver; with Docker add --device=/dev/dri"
        return 0
    fi
    if [ ! -r "$d_dri/$d_render" ] || [ ! -w "$d_dri/$d_render" ]; then
        record FAIL device-files "/dev/dri/$d_render is not read-write for $(user_name) (group $(file_group "$d_dri/$d_render"))" "$d_groups"
        return 0
    fi
    record PASS device-files "/dev/kfd and /dev/dri/$d_render are read-write"
}

# ---------------------------------------------------------------- devices (ROCm)

# GPU agents only: "gfx|marketing name|1 when rocminfo says APU", one per line.
# The CPU agent and the ISA lines ("amdgcn-amd-amdhsa--gfx9-4-generic") are skipped.
gpu_agents_from_rocminfo() {
    printf '%s\n' "$1" | awk '
        function flush() { if (type == "GPU" && name != "") print name "|" mname "|" apu }
        function value(s) { sub(/^[^:]*:[ ]*/, "", s); sub(/[ ]+$/, "", s); return s }
        /^Agent [0-9]+/          { flush(); name = ""; mname = ""; type = ""; apu = 0; next }
        /^  Name:/               { name = value($0); next }
        /^  Marketing Name:/     { mname = value($0); next }
        /^  Device Type:/        { type = value($0); next }
        /^  Memory Properties:/  { if ($0 ~ /APU/) apu = 1; next }
        END { flush() }'
}

# Written from DualGPU's architecture table (cmake/dualgpu/00-data.cmake) by
# cmake/update_architecture_lists.cmake; a unit test fails when they disagree. Do not edit by hand.
# BEGIN architecture lists
INTEGRATED_GFX='gfx902 gfx909 gfx90c gfx1013 gfx1033 gfx1035 gfx1036 gfx1103 gfx1150 gfx1151 gfx1152'
GENERIC_OF_GFX='gfx900:gfx9-generic gfx902:gfx9-generic gfx904:gfx9-generic gfx906:gfx9-generic gfx909:gfx9-generic gfx90c:gfx9-generic gfx940:gfx9-4-generic gfx941:gfx9-4-generic gfx942:gfx9-4-generic gfx950:gfx9-4-generic gfx1010:gfx10-1-generic gfx1011:gfx10-1-generic gfx1012:gfx10-1-generic gfx1013:gfx10-1-generic gfx1030:gfx10-3-generic gfx1031:gfx10-3-generic gfx1032:gfx10-3-generic gfx1033:gfx10-3-generic gfx1034:gfx10-3-generic gfx1035:gfx10-3-generic gfx1036:gfx10-3-generic gfx1100:gfx11-generic gfx1101:gfx11-generic gfx1102:gfx11-generic gfx1103:gfx11-generic gfx1150:gfx11-generic gfx1151:gfx11-generic gfx1152:gfx11-generic gfx1200:gfx12-generic gfx1201:gfx12-generic'
# END architecture lists

# Integrated GPUs by target, for tools that do not say APU.
is_integrated_gfx() {
    case " $INTEGRATED_GFX " in
        *" $1 "*) return 0 ;;
    esac
    return 1
}

# gfx_code_runs GPU "CODE...": will code built for CODE run on GPU? Prints "native" (its own code
# object), "generic:<target>" (the generic target covering it, gfx1103 -> gfx11-generic) or nothing.
gfx_code_runs() {
    r_dev=$1
    r_generic=$(generic_of_gfx "$r_dev")
    r_how=
    for r_code in $2; do
        r_base=$(gfx_base "$r_code")
        [ "$r_base" = "$r_dev" ] && { printf 'native\n'; return 0; }
        [ -n "$r_generic" ] && [ "$r_base" = "$r_generic" ] && r_how="generic:$r_generic"
    done
    [ -z "$r_how" ] || printf '%s\n' "$r_how"
    return 0
}

# The generic target whose one code object runs on a chip (gfx1103 -> gfx11-generic); empty if none.
generic_of_gfx() {
    for g_pair in $GENERIC_OF_GFX; do
        case $g_pair in "$1":*) printf '%s\n' "${g_pair#*:}"; return 0 ;; esac
    done
    return 0
}

gpus=            # "arch|name|integrated" lines of the devices seen
gpu_tool=

rocm_driver_failure() {
    f_out=$1 f_rc=$2 f_tool=$3
    if contains "$f_out" "ROCk module is NOT loaded"; then
        record FAIL devices "$f_tool: ROCk module is NOT loaded: the amdgpu kernel driver is not loaded (exit $f_rc)" \
            "load it (sudo modprobe amdgpu, or install amdgpu-dkms); in a container pass --device=/dev/kfd --device=/dev/dri"
    elif contains "$f_out" "Unable to open /dev/kfd read-write: Permission denied"; then
        record FAIL devices "$f_tool: Unable to open /dev/kfd read-write: Permission denied" \
            "sudo usermod -aG render,video $(user_name), then log in again"
    elif contains "$f_out" "Unable to open /dev/kfd"; then
        record FAIL devices "$f_tool: $(printf '%s\n' "$f_out" | grep 'Unable to open /dev/kfd' | head -n 1)" \
            "check that amdgpu is loaded and /dev/kfd exists; with Docker add --device=/dev/kfd --device=/dev/dri"
    elif contains "$f_out" "/sys/class/kfd"; then
        record FAIL devices "$f_tool: no /sys/class/kfd: no AMD GPU driver on this machine" \
            "run GPU jobs on a machine with the amdgpu driver; on build machines give architectures explicitly"
    else
        record FAIL devices "$f_tool failed (exit $f_rc): $(first_line "$f_out")" \
            "run $f_tool by hand; check the amdgpu driver (dmesg | grep -i amdgpu)"
    fi
}

list_rocm_gpus() {
    if have rocminfo; then
        gpu_tool=rocminfo
        run_tool rocminfo; l_out=$tool_out l_rc=$tool_rc
        if [ "$l_rc" != 0 ] || contains "$l_out" "ROCk module is NOT loaded" || contains "$l_out" "hsa api call failure"; then
            rocm_driver_failure "$l_out" "$l_rc" rocminfo
            return 1
        fi
        gpus=$(gpu_agents_from_rocminfo "$l_out")
        return 0
    fi
    # No rocminfo: the other AMD tools print gfx names only.
    for l_tool in amdgpu-arch rocm_agent_enumerator; do
        have "$l_tool" || continue
        gpu_tool=$l_tool
        run_tool "$l_tool"; l_out=$tool_out l_rc=$tool_rc
        if [ "$l_rc" != 0 ] || ! contains "$l_out" gfx; then
            rocm_driver_failure "$l_out" "$l_rc" "$l_tool"
            return 1
        fi
        # gfx000 is rocm_agent_enumerator's placeholder for the CPU.
        gpus=$(printf '%s\n' "$l_out" | grep -E '^gfx[0-9a-z]+$' | grep -v '^gfx000$' | sed 's/$/||0/')
        return 0
    done
    if have rocm-smi; then
        gpu_tool=rocm-smi
        run_tool rocm-smi --showproductname; l_out=$tool_out l_rc=$tool_rc
        gpus=$(printf '%s\n' "$l_out" | sed -n 's/.*GFX Version: *\(gfx[0-9a-z]*\).*/\1||0/p')
        if [ "$l_rc" != 0 ] || [ -z "$gpus" ]; then
            rocm_driver_failure "$l_out" "$l_rc" rocm-smi
            return 1
        fi
        return 0
    fi
    record FAIL devices "no AMD device tool found (rocminfo, amdgpu-arch, rocm_agent_enumerator, rocm-smi)" \
        "install rocminfo (package rocminfo) to let the check see the GPUs"
    return 1
}

# Mark integrated GPUs the tools did not flag, and normalise gfx names.
normalise_rocm_gpus() {
    n_result=
    while IFS='|' read -r n_arch n_name n_apu; do
        [ -n "$n_arch" ] || continue
        n_arch=$(gfx_base "$n_arch")
        is_integrated_gfx "$n_arch" && n_apu=1
        n_result="$n_result$n_arch|$n_name|$n_apu$NL"
    done <<EOF
$gpus
EOF
    gpus=${n_result%"$NL"}
}

describe_gpus() {
    printf '%s\n' "$gpus" | awk -F'|' -v cuda="$([ "$platform" = cuda ] && echo 1)" '
        NF { key = cuda ? $2 " (" $1 ")" : $1 ($2 != "" ? " (" $2 ")" : "") ($3 == 1 ? " [integrated]" : "")
             if (!(key in n)) order[++k] = key; n[key]++ }
        END { for (i = 1; i <= k; i++) printf "%s%s%s", (i > 1 ? ", " : ""), order[i], (n[order[i]] > 1 ? " x" n[order[i]] : "") }'
}

gpu_archs() { printf '%s\n' "$gpus" | awk -F'|' 'NF && !seen[$1]++ { print $1 }'; }

check_rocm_devices() {
    list_rocm_gpus || return 0
    normalise_rocm_gpus
    if [ -z "$gpus" ]; then
        record FAIL devices "$gpu_tool lists no GPU agent (only the CPU)" \
            "check that the GPU is supported by this ROCm and that amdgpu is loaded (dmesg | grep -i amdgpu)"
        return 0
    fi
    record PASS devices "$gpu_tool: $(describe_gpus)"
    check_integrated_gpu
}

# A visible iGPU with no code object in the binary makes the first HIP call die
# with hipErrorNoBinaryForGpu, even when the program only wants the big GPU.
check_integrated_gpu() {
    i_igpus=$(printf '%s\n' "$gpus" | awk -F'|' '$3 == 1 && !s[$1]++ { print $1 }')
    [ -n "$i_igpus" ] || return 0
    i_others=$(printf '%s\n' "$gpus" | awk -F'|' 'NF && $3 != 1 && !s[$1]++ { print $1 }')
    i_expected=$(expected_list)
    for i_arch in $i_igpus; do
        if [ -n "$i_others" ] || { [ -n "$i_expected" ] && ! printf '%s\n' "$i_expected" | grep -qx "$i_arch"; }; then
            record WARN integrated-gpu "integrated GPU $i_arch is visible next to $(printf '%s' "${i_others:-the expected GPUs}" | tr '\n' ' ' | sed 's/ $//')" \
                "build for $i_arch too, or hide it (HIP_VISIBLE_DEVICES=<index of the other GPU>); otherwise hipErrorNoBinaryForGpu: Unable to find code object for all current devices"
        else
            record PASS integrated-gpu "integrated GPU $i_arch is the only GPU"
        fi
    done
}

# ---------------------------------------------------------------- devices (CUDA)

# nvidia-smi CSV with a header: columns are found by name, in any order.
gpus_from_nvidia_csv() {
    printf '%s\n' "$1" | awk -F', *' '
        NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/ .*/, "", h); col[h] = i }; next }
        NF && ("compute_cap" in col) { name = ("name" in col) ? $col["name"] : ""; print $col["compute_cap"] "|" name "|0" }'
}

check_cuda_devices() {
    gpu_tool=nvidia-smi
    if ! have nvidia-smi; then
        record FAIL devices "nvidia-smi not found: no NVIDIA driver here, or the container was started without GPUs" \
            "install the NVIDIA driver; with Docker use --gpus all (NVIDIA Container Toolkit)"
        return 0
    fi
    run_tool nvidia-smi --query-gpu=name,compute_cap --format=csv; v_out=$tool_out v_rc=$tool_rc
    if contains "$v_out" "is not a valid field to query"; then
        check_cuda_devices_old_driver
        return 0
    fi
    if contains "$v_out" "couldn't communicate with the NVIDIA driver" || [ "$v_rc" = 9 ]; then
        record FAIL devices "nvidia-smi cannot reach the NVIDIA driver (exit $v_rc): $(first_line "$v_out")" \
            "install or reload the driver (reboot after a driver or kernel update); with Docker use --gpus all"
        return 0
    fi
    if [ "$v_rc" != 0 ]; then
        record FAIL devices "nvidia-smi failed (exit $v_rc): $(first_line "$v_out")" \
            "run nvidia-smi by hand; check the driver (dmesg | grep -i nvidia)"
        return 0
    fi
    gpus=$(gpus_from_nvidia_csv "$v_out" | grep -E '^[0-9]+\.[0-9]+\|')
    if [ -z "$gpus" ]; then
        record FAIL devices "nvidia-smi lists no GPU: $(first_line "$v_out")" \
            "check that the GPU is visible (nvidia-smi -L) and CUDA_VISIBLE_DEVICES"
        return 0
    fi
    record PASS devices "nvidia-smi: $(describe_gpus)"
}

# Drivers before 510 have no compute_cap field: list the GPUs, say what is unknown.
check_cuda_devices_old_driver() {
    run_tool nvidia-smi -L
    o_list=$(printf '%s\n' "$tool_out" | sed -n 's/^GPU [0-9]*: \(.*\) (UUID.*/\1/p' | awk '{ printf "%s%s", (NR > 1 ? ", " : ""), $0 }')
    gpus=
    record WARN devices "nvidia-smi is too old to report compute capability (driver < 510)${o_list:+: $o_list}" \
        "upgrade the NVIDIA driver to 510 or newer; until then architecture checks are skipped"
}

# ---------------------------------------------------------------- expected architectures

check_expected_arch() {
    [ -n "$opt_expect" ] || return 0
    x_expected=$(expected_list)
    if [ -z "$gpus" ]; then
        record WARN expected-arch "cannot check $(printf '%s' "$x_expected" | tr '\n' ' ' | sed 's/ $//') without a device list" \
            "fix the devices check first"
        return 0
    fi
    x_seen=$(gpu_archs)
    x_missing=
    for x_arch in $x_expected; do
        printf '%s\n' "$x_seen" | grep -qx "$x_arch" || x_missing="$x_missing $x_arch"
    done
    x_extra=
    for x_arch in $(printf '%s\n' "$gpus" | awk -F'|' 'NF && $3 != 1 && !s[$1]++ { print $1 }'); do
        printf '%s\n' "$x_expected" | grep -qx "$x_arch" || x_extra="$x_extra $x_arch"
    done
    x_seen_text=$(printf '%s' "$x_seen" | tr '\n' ' ' | sed 's/ $//')
    if [ -n "$x_missing" ]; then
        record FAIL expected-arch "expected${x_missing} not among the GPUs ($x_seen_text)" \
            "run this job on a machine with that GPU, or correct --expect-arch"
    elif [ -n "$x_extra" ]; then
        x_var=CUDA_VISIBLE_DEVICES
        [ "$platform" = rocm ] && x_var=HIP_VISIBLE_DEVICES
        record WARN expected-arch "found all expected; also visible:$x_extra" \
            "build for$x_extra too, or hide it with $x_var"
    else
        record PASS expected-arch "found $(printf '%s' "$x_expected" | tr '\n' ' ' | sed 's/ $//')"
    fi
}

# ---------------------------------------------------------------- environment

# Indices or UUIDs separated by commas. Spaces, quotes or a newline: the runtimes stop reading at the
# first bad entry, so programs see fewer GPUs than the value seems to say.
is_device_list() {
    case $1 in *"$NL"*) return 1 ;; esac
    printf '%s\n' "$1" | grep -E -q '^[A-Za-z0-9_.:-]+(,[A-Za-z0-9_.:-]+)*$'
}

check_environment() {
    for e_var in HSA_OVERRIDE_GFX_VERSION HIP_VISIBLE_DEVICES ROCR_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES; do
        e_set='' e_val=''
        eval "e_set=\${$e_var+set} e_val=\${$e_var-}"
        [ "$e_set" = set ] || continue
        if [ "$e_var" = HSA_OVERRIDE_GFX_VERSION ]; then
            record WARN "env.$e_var" "$e_var=$e_val: ROCm treats every GPU as this ISA" \
                "keep it only for a GPU ROCm does not support (10.3.0 RDNA2, 11.0.0 RDNA3); a wrong value gives HSA_STATUS_ERROR_INVALID_ISA"
        elif [ -z "$e_val" ] || [ "$e_val" = -1 ]; then
            record WARN "env.$e_var" "$e_var='$e_val' hides every GPU from programs" \
                "unset $e_var or list the device indices to use"
        elif ! is_device_list "$e_val"; then
            record WARN "env.$e_var" "$e_var='$e_val' is not a comma-separated list of device indices or UUIDs" \
                "set it to indices such as 0,1 or to GPU UUIDs (nvidia-smi -L, rocm-smi --showuniqueid), or unset it"
        else
            record PASS "env.$e_var" "$e_var=$e_val: programs see only these devices (rocminfo/nvidia-smi still list all)"
        fi
    done
}

# ---------------------------------------------------------------- torch

# Printed as key=value lines; _cuda_getArchFlags works without a GPU, get_arch_list may not.
PY_PROBE='
import sys
try:
    import torch
except Exception as e:
    print("import_error=%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else ""))
    sys.exit(0)
v = getattr(torch, "version", None)
print("version=%s" % getattr(torch, "__version__", ""))
print("hip=%s" % (getattr(v, "hip", None) or ""))
print("cuda=%s" % (getattr(v, "cuda", None) or ""))
flags = None
try:
    flags = torch._C._cuda_getArchFlags()
except Exception:
    flags = None
if not flags:
    try:
        flags = " ".join(torch.cuda.get_arch_list())
    except Exception:
        flags = ""
print("archs=%s" % flags)
'

torch_value() { printf '%s\n' "$1" | sed -n "s/^$2=//p" | head -n 1; }

torch_install_hint() {
    case $platform in
        rocm) printf "install torch from PyTorch's rocm%s wheel index (pip install torch --index-url <that index>, as PyTorch's install page gives it; the rocmX.Y index nearest your ROCm)" \
                  "$(printf '%s' "${compiler_version:-6.2}" | cut -d. -f1-2)" ;;
        *) printf "install torch from PyTorch's cu%s wheel index (pip install torch --index-url <that index>, as PyTorch's install page gives it; the cuXYZ index nearest your CUDA)" \
                  "$(printf '%s' "${compiler_version:-12.6}" | cut -d. -f1-2 | tr -d .)" ;;
    esac
}

check_torch() {
    t_py=$opt_python
    if [ -z "$t_py" ]; then
        for t_try in python3 python; do have "$t_try" && { t_py=$t_try; break; }; done
    fi
    if [ -z "$t_py" ] || ! have "$t_py"; then
        record FAIL torch "no Python interpreter (${t_py:-python3/python} not found)" \
            "pass the one your extension uses: --python /path/to/venv/bin/python"
        return 0
    fi
    # Run from /, by its full path: Python puts the current folder first on sys.path, so a ./torch/ or
    # ./json.py where the check was started would run instead of the interpreter's own.
    case $t_py in
        /*) t_exe=$t_py ;;
        */*) t_exe=$(pwd)/$t_py ;;
        *) t_exe=$(command -v "$t_py") ;;
    esac
    run_tool "$t_exe" -c "$PY_PROBE"; t_out=$tool_out t_rc=$tool_rc
    t_err=$(torch_value "$t_out" import_error)
    if [ -n "$t_err" ]; then
        record FAIL torch "$t_py cannot import torch: $t_err" "$(torch_install_hint)"
        return 0
    fi
    t_version=$(torch_value "$t_out" version)
    if [ "$t_rc" != 0 ] || [ -z "$t_version" ]; then
        record FAIL torch "$t_py failed (exit $t_rc): $(first_line "$t_out")" "check the interpreter: $t_py -c 'import torch'"
        return 0
    fi
    t_hip=$(torch_value "$t_out" hip)
    t_cuda=$(torch_value "$t_out" cuda)
    t_archs=$(torch_value "$t_out" archs)
    record PASS torch "torch $t_version ($t_py)"
    check_torch_build && check_torch_toolchain && check_torch_archs
}

# torch.version.hip / torch.version.cuda decide; the "+rocm" suffix of the version is often missing.
check_torch_build() {
    case $platform in
        rocm) b_want=$t_hip b_label=ROCm b_attr=torch.version.hip ;;
        *) b_want=$t_cuda b_label=CUDA b_attr=torch.version.cuda ;;
    esac
    if [ -n "$b_want" ]; then
        record PASS torch-build "built for $b_label ($b_attr=$b_want)"
        return 0
    fi
    if [ -n "$t_hip" ]; then b_is="a ROCm build (torch.version.hip=$t_hip)"
    elif [ -n "$t_cuda" ]; then b_is="a CUDA build (torch.version.cuda=$t_cuda)"
    else b_is="a CPU-only build (torch.version.hip and torch.version.cuda are None)"
    fi
    record FAIL torch-build "torch $t_version is $b_is, not $b_label" "$(torch_install_hint)"
    return 1
}

# Like torch.utils.cpp_extension: another major version fails, another minor may work.
check_torch_toolchain() {
    [ -n "$compiler_version" ] || return 0
    case $platform in rocm) k_torch=$t_hip k_what=HIP k_tool=hipcc ;; *) k_torch=$t_cuda k_what=CUDA k_tool=nvcc ;; esac
    k_torch=$(printf '%s\n' "$k_torch" | sed 's/[^0-9.].*//')
    if [ "$(major_of "$k_torch")" != "$(major_of "$compiler_version")" ]; then
        record FAIL torch-toolchain "torch was built with $k_what $k_torch, $k_tool is $k_what $compiler_version" \
            "use a torch built for $k_what $(major_of "$compiler_version").x or a $k_tool of $k_what $(major_of "$k_torch").x: $(torch_install_hint)"
    elif [ "$(minor_of "$k_torch")" != "$(minor_of "$compiler_version")" ]; then
        record WARN torch-toolchain "torch was built with $k_what $k_torch, $k_tool is $k_what $compiler_version" \
            "usually works; if the extension fails to load, match the minor versions"
    else
        record PASS torch-toolchain "torch and $k_tool both use $k_what $(major_of "$k_torch").$(minor_of "$k_torch")"
    fi
    return 0
}

# Does torch carry code for every GPU seen? ROCm needs the exact gfx; CUDA SASS
# sm_XY runs on X.Y..X.9 of the same major, PTX compute_XY on anything newer.
torch_covers() {
    a_dev=$1
    case $platform in
        rocm)
            a_how=$(gfx_code_runs "$a_dev" "$t_archs")
            case $a_how in generic:*) a_through="$a_through $a_dev (through ${a_how#generic:})" ;; esac
            [ -n "$a_how" ]
            return ;;
    esac
    [ -n "$(cuda_code_runs "$a_dev" "$t_archs")" ]
}

# cuda_code_runs CAPABILITY "CODE...": will code built for CODE run on a GPU of CAPABILITY (9.0)?
# Prints "native:<sm_XY>" (the newest SASS that runs there), "ptx:<compute_XY>" (the driver compiles
# it at the first launch) or nothing. SASS sm_XY runs on X.Y and later minors of the same major
# ('a' only on X.Y itself); PTX compute_XY on anything >= X.Y ('a'/'f' PTX only on X.Y). Among
# equally new SASS the first listed is named (tests/conformance/conformance.tsv is the reference).
cuda_code_runs() {
    u_dev=$1 u_best='' u_ptx=''
    for u_code in $2; do
        u_cc=$(cuda_cc "$u_code")
        [ -n "$u_cc" ] || continue
        case $u_code in
            compute_*[0-9]) version_ge "$u_dev" "$u_cc" && u_ptx=$u_code ;;
            compute_*) [ "$u_dev" = "$u_cc" ] && u_ptx=$u_code ;;
            *[0-9]a) [ "$u_dev" = "$u_cc" ] && { [ -z "$u_best" ] || ! version_ge "$u_best_cc" "$u_cc"; } &&
                         u_best=$u_code u_best_cc=$u_cc ;;
            *) if [ "$(major_of "$u_dev")" = "$(major_of "$u_cc")" ] && version_ge "$u_dev" "$u_cc" &&
                   { [ -z "$u_best" ] || ! version_ge "$u_best_cc" "$u_cc"; }; then
                   u_best=$u_code u_best_cc=$u_cc
               fi ;;
        esac
    done
    if [ -n "$u_best" ]; then printf 'native:%s\n' "$u_best"
    elif [ -n "$u_ptx" ]; then printf 'ptx:%s\n' "$u_ptx"
    fi
    return 0
}

check_torch_archs() {
    [ -n "$gpus" ] || return 0
    if [ -z "$t_archs" ]; then
        record WARN torch-arch "torch reports no compiled architectures" "check torch.cuda.get_arch_list() by hand"
        return 0
    fi
    a_missing=
    a_through=
    for a_dev in $(gpu_archs); do
        torch_covers "$a_dev" || a_missing="$a_missing $a_dev"
    done
    if [ -z "$a_missing" ]; then
        record PASS torch-arch "torch has code for every GPU seen ($(gpu_archs | tr '\n' ' ' | sed 's/ $//'))${a_through:+; generic code for$a_through}"
        return 0
    fi
    case $platform in
        rocm) a_fix="install a torch built for${a_missing} or their generic targets (a newer ROCm wheel; see DualGPU's docs/rocm.md) or hide that GPU with HIP_VISIBLE_DEVICES; else 'HIP error: invalid device function' / hipErrorNoBinaryForGpu. HSA_OVERRIDE_GFX_VERSION is no fix: it runs another chip's code, which can give wrong results or page faults"
              a_hidden=${HIP_VISIBLE_DEVICES-}${ROCR_VISIBLE_DEVICES-} ;;
        *) a_fix="install a torch built for${a_missing} (a newer CUDA wheel); else 'CUDA error: no kernel image is available for execution on the device'"
           a_hidden=${CUDA_VISIBLE_DEVICES-} ;;
    esac
    if [ -n "$a_hidden" ]; then
        record WARN torch-arch "torch has no code for${a_missing} (fine if the visible-devices variable hides it); it has: $t_archs" "$a_fix"
    else
        record FAIL torch-arch "torch has no code for${a_missing}; it has: $t_archs" "$a_fix"
    fi
}

# ---------------------------------------------------------------- library

# The GPU code in a built library, one entry a line: gfx90a, gfx11-generic:xnack- (roc-obj-ls prints
# "1  hipv4-amdgcn-amd-amdhsa--gfx90a  file://..."); sm_80 and compute_90 (cuobjdump prints
# "ELF file    1: x.sm_80.cubin" and "PTX file    1: x.sm_90.ptx"; PTX is named by its compute_ version).
code_objects_from() {
    case $1 in
        roc-obj-ls) printf '%s\n' "$2" | sed -n 's/.*amdgcn-amd-amdhsa--\(gfx[0-9a-z-]*\(:[a-z]*[+-]\)*\).*/\1/p' ;;
        *) printf '%s\n' "$2" | sed -n -e 's/^ELF file .*\.sm_\([0-9]*[af]\{0,1\}\)\.cubin$/sm_\1/p' \
                                       -e 's/^PTX file .*\.sm_\([0-9]*[af]\{0,1\}\)\.ptx$/compute_\1/p' ;;
    esac | awk 'NF && !s[$0]++'
}

# Lists the library's code with roc-obj-ls (ROCm) or cuobjdump (CUDA), then says per GPU seen whether
# it runs: natively, through a generic target, through PTX JIT, or not at all (with the rebuild that fixes it).
check_library() {
    [ -n "$opt_library" ] || return 0
    l_name=${opt_library##*/}
    case $platform in
        rocm) l_tool=roc-obj-ls l_hint="install ROCm's roc-obj-ls (package rocm-llvm / hip-dev; /opt/rocm/bin) or put it on PATH" ;;
        *) l_tool=cuobjdump l_hint="put the CUDA toolkit's bin folder (usually /usr/local/cuda/bin) on PATH" ;;
    esac
    if ! have "$l_tool"; then
        record WARN library "$l_tool not found: cannot list the GPU code in $opt_library" "$l_hint"
        return 0
    fi
    if [ "$l_tool" = roc-obj-ls ]; then
        run_tool roc-obj-ls "$opt_library"; l_out=$tool_out l_rc=$tool_rc
    else
        run_tool cuobjdump --list-elf "$opt_library"; l_out=$tool_out l_rc=$tool_rc
        run_tool cuobjdump --list-ptx "$opt_library"; l_out="$l_out$NL$tool_out"
        [ "$tool_rc" = 0 ] || l_rc=$tool_rc
    fi
    l_code=$(code_objects_from "$l_tool" "$l_out")
    if [ -z "$l_code" ]; then
        case $platform in rocm) l_arch=gfx942 ;; *) l_arch=9.0 ;; esac
        record FAIL library "$l_tool finds no GPU code in $opt_library (exit $l_rc)${l_out:+: $(first_line "$l_out")}" \
            "give the extension's GPU library (the one built with DualGPU for $platform), or rebuild it with the GPUs' architectures in DUALGPU_ARCHITECTURES (e.g. $l_arch)"
        return 0
    fi
    l_list=$(printf '%s' "$l_code" | tr '\n' ' ')
    record PASS library "$l_name has ${l_list% } ($l_tool)"
    if [ -z "$gpus" ]; then
        record WARN library-gpus "cannot say which GPUs $l_name runs on without a device list" "fix the devices check first"
        return 0
    fi
    for l_dev in $(gpu_archs); do
        library_verdict "$l_dev" "$l_code"
    done
}

# One check per GPU kind, named library.<gfx> or library.sm_<XY>; the words match dualgpu doctor's.
library_verdict() {
    v_dev=$1
    if [ "$platform" = rocm ]; then
        v_check=library.$v_dev
        v_how=$(gfx_code_runs "$v_dev" "$2")
    else
        v_check=library.sm_$(printf '%s' "$v_dev" | tr -d .)
        v_how=$(cuda_code_runs "$v_dev" "$2")
    fi
    case $v_how in
        native)
            record PASS "$v_check" "runs natively ($l_name has $v_dev)" ;;
        native:*)
            record PASS "$v_check" "runs natively ($l_name has ${v_how#native:})" ;;
        generic:*)
            record PASS "$v_check" "runs through the generic target ${v_how#generic:} ($l_name has no $v_dev code object; $v_dev is covered by ${v_how#generic:})" ;;
        ptx:*)
            record WARN "$v_check" "runs through PTX JIT of ${v_how#ptx:}: the driver compiles it at the first launch (slow start, needs a driver at least as new as the CUDA that built it)" \
                "add $v_dev to DUALGPU_ARCHITECTURES for SASS (sm_$(printf '%s' "$v_dev" | tr -d .))" ;;
        *)
            if [ "$platform" = rocm ]; then
                v_generic=$(generic_of_gfx "$v_dev")
                record FAIL "$v_check" "no code: $l_name has no code object for $v_dev" \
                    "rebuild with $v_dev${v_generic:+ or $v_generic} in DUALGPU_ARCHITECTURES, or hide that GPU with HIP_VISIBLE_DEVICES. HSA_OVERRIDE_GFX_VERSION is not a fix: it makes ROCm load code built for another chip, whose instructions and registers differ, which gives wrong results, hangs or page faults"
            else
                record FAIL "$v_check" "no code: $l_name has neither SASS nor PTX that runs on sm_$(printf '%s' "$v_dev" | tr -d .)" \
                    "rebuild with $v_dev in DUALGPU_ARCHITECTURES (or a lower $(major_of "$v_dev").x, or PTX of an older one), or hide that GPU with CUDA_VISIBLE_DEVICES"
            fi ;;
    esac
}

# ---------------------------------------------------------------- main

# The text utilities every check uses: without one, the checks would report false failures.
require_utilities() {
    q_missing=
    for q_tool in awk cat cut grep head id ls sed tr; do
        have "$q_tool" || q_missing="$q_missing $q_tool"
    done
    [ -z "$q_missing" ] && return 0
    printf '%s: needs%s, not found on PATH (%s): install it (Debian/Ubuntu: apt-get install coreutils grep sed mawk; Alpine: apk add coreutils gawk) or add its folder to PATH\n' \
        "$PROG" "$q_missing" "$PATH" >&2
    exit 2
}

# A timeout is whole seconds, 1 or more: anything else would make timeout(1) fail every probe.
check_timeout_setting() {
    case $TOOL_TIMEOUT in
        ''|*[!0-9]*|0|00*) ;;
        ?|??|???|????|?????|??????) return 0 ;;
    esac
    usage_error "$TIMEOUT_VAR='$TOOL_TIMEOUT' is not a number of seconds: set it to a whole number such as 60, or unset it"
}

main() {
    require_utilities
    check_timeout_setting
    parse_options "$@"
    platform=none
    choose_platform
    if [ "$platform" != none ]; then
        expected_list >/dev/null   # reject a malformed --expect-arch before any probing
        case $platform in
            rocm) check_hipcc; check_device_files; check_rocm_devices ;;
            cuda) check_nvcc; check_cuda_devices ;;
        esac
        check_expected_arch
        check_library
        check_environment
        check_torch
    fi
    if [ "$n_fail" -gt 0 ]; then s_result=FAIL s_code=1
    elif [ "$n_warn" -gt 0 ]; then s_result=WARN s_code=0
    else s_result=PASS s_code=0
    fi
    if [ "$opt_json" = 1 ]; then
        print_json "$s_result"
    else
        printf 'selfcheck: %s: %d passed, %d warnings, %d failed\n' "$platform" "$n_pass" "$n_warn" "$n_fail"
    fi
    exit "$s_code"
}

main "$@"
