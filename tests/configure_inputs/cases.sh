# Hostile and careless input to find_package(DualGPU), one function per case (run.sh runs one;
# CMakeLists.txt registers each as hostile.configure.<case>, labels configure and hostile).
# Each case configures project/ and says what DualGPU must do: refuse, naming the variable or tool
# and the fix, or carry on, within a time bound and leaving nothing running.

# --- settings with a fixed kind of value, given a wrong one in the environment (checked on every
# platform, up front; on cpu most were never read before)
# refused_setting <VAR> <value> <what follows "VAR='value'" in the error>: a cpu configure with
# VAR=value in the environment stops, naming the variable, the value, the fix and where it was set.
refused_setting() {
    configure 120 DUALGPU_PLATFORM=cpu "$1=$2"
    expect_refused "$1='$2'$3 \(from the environment\)"
}
case_env_architecture_jobs_word() { refused_setting DUALGPU_ARCHITECTURE_JOBS lots ": give AUTO, OFF or a number of jobs"; }
case_env_offload_compress_word() { refused_setting DUALGPU_OFFLOAD_COMPRESS maybe ": give AUTO, ON or OFF"; }
case_env_linker_word() { refused_setting DUALGPU_LINKER "ld.lld --fast" ": use AUTO, OFF or a CMake linker type .LLD, GOLD, MOLD."; }
case_env_launcher_missing() {
    refused_setting DUALGPU_COMPILER_LAUNCHER /nonexistent/ccache ": give AUTO, OFF, or a program that exists .a path, or a name on PATH."
}
case_env_cache_readonly_word() { refused_setting DUALGPU_COMPILER_CACHE_READONLY sometimes ": give ON or OFF"; }
case_env_rdc_word() { refused_setting DUALGPU_RDC perhaps ": give ON or OFF"; }
case_env_reprobe_word() { refused_setting DUALGPU_REPROBE always ": give ON or OFF"; }
case_env_cuda_libraries_word() { refused_setting DUALGPU_CUDA_LIBRARIES nah ": give ON or OFF"; }
case_env_warn_wave64_word() { refused_setting DUALGPU_WARN_WAVE64 loud ": give ON or OFF"; }
case_env_python_missing() {
    configure 120 DUALGPU_PLATFORM=cpu DUALGPU_PYTHON=/nonexistent/python3 -- -DWANT_TORCH=ON
    expect_refused "DUALGPU_PYTHON='/nonexistent/python3': give a Python interpreter that exists"
}
case_env_platform_list() {
    configure 120 "DUALGPU_PLATFORM=cuda;rocm"
    expect_refused "DUALGPU_PLATFORM='cuda;rocm' is not a platform: use cuda, rocm or cpu"
}
case_env_probe_timeout_negative() {
    configure 120 DUALGPU_PROBE_TIMEOUT=-5
    expect_refused "DUALGPU_PROBE_TIMEOUT='-5' \(environment\) is not a number of seconds"
}
case_env_rocm_arch_command() {
    configure 120 DUALGPU_PLATFORM=rocm "PYTORCH_ROCM_ARCH=gfx90a;\$(touch $T/pwned)"
    expect_refused "PYTORCH_ROCM_ARCH"
    [ ! -e "$T/pwned" ] || fail "a command inside PYTORCH_ROCM_ARCH ran"
}
case_env_cudaarchs_garbage() {
    command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ] || skip "no nvcc"
    configure 120 DUALGPU_PLATFORM=cuda PATH="/usr/local/cuda/bin:$PATH" "CUDAARCHS=90,sm_9x"
    expect_refused "CUDAARCHS"
}

# --- tools that lie to the probes (no platform given: DualGPU asks them)
case_tool_nvidia_smi_binary() {
    # NUL, 0xff and escape bytes where a list of GPUs belongs
    fake nvidia-smi "printf 'GPU 0: \\000\\377\\033[2J\\001 garbage\\n0, \\377\\376, 9.0\\n'"
    configure 120 DUALGPU_PROBE_TIMEOUT=3
    expect_ok
}
case_tool_rocminfo_endless() {
    fake rocminfo "yes '  Name:                    gfx90a'"
    configure 120 DUALGPU_PROBE_TIMEOUT=3
    expect_ok
    [ "$secs" -lt 60 ] || fail "an endless rocminfo held the configure ${secs}s"
}
case_tool_rocminfo_leaves_child() {
    # exits at once, but a child it left behind keeps its output open
    fake rocminfo "sleep 300 & echo \$! > $T/rocminfo.pid
echo '  Name:                    gfx90a'
echo '  Device Type:             GPU'"
    configure 120 DUALGPU_PROBE_TIMEOUT=3
    expect_ok
    [ "$secs" -lt 60 ] || fail "a child left by rocminfo held the configure ${secs}s"
}
case_tool_hipconfig_lies() {
    fake hipconfig 'case "$1" in --rocmpath|-R) echo /nonexistent/rocm ;; --version|-v) echo 99.9.99999 ;; *) echo "/nonexistent/rocm" ;; esac'
    configure 180 DUALGPU_PLATFORM=rocm DUALGPU_ARCHITECTURES=gfx90a
    # the lie is not believed: another ROCm is found, or the error names the folder that is not ROCm
    [ "$rc" = 0 ] || expect_refused "/nonexistent/rocm|hipconfig"
    [ "$rc" != 124 ] || fail "configure hung"
}
case_tool_nvcc_lies() {
    # an 'nvcc' that claims a CUDA release that does not exist and compiles nothing
    fake nvcc 'echo "Cuda compilation tools, release 99.1, V99.1.0"; exit 0'
    configure 180 DUALGPU_PLATFORM=cuda DUALGPU_ARCHITECTURES=90 -- "-DCMAKE_CUDA_COMPILER=$T/bin/nvcc"
    expect_refused "nvcc|CUDA compiler"
}

# --- two configures into one build folder at the same time: each ends, and a third one after
# them works (the folder is not left broken)
case_two_configures_one_folder() {
    BUILD=$T/shared
    configure 180 DUALGPU_PLATFORM=cpu & p1=$!
    children+=("$p1")
    ( BUILD=$T/shared configure 180 DUALGPU_PLATFORM=cpu ) & p2=$!
    children+=("$p2")
    wait "$p1"; wait "$p2"
    configure 180 DUALGPU_PLATFORM=cpu
    expect_ok
    "$CMAKE" --build "$BUILD" > "$T/log" 2>&1 || fail "the folder two configures shared does not build"
}

# --- sources: names a shell or make would read, with CUDA under Unix Makefiles; and GPU sources
# that reach a rocm target by generator expression or the SOURCES property
case_makefiles_cuda_spaces_in_name() {
    # spaces, '-' and '.' are allowed: make must get them quoted, nvcc must get one argument
    [ -x /usr/local/cuda/bin/nvcc ] || skip "no nvcc"
    GENERATOR="Unix Makefiles" configure 300 DUALGPU_PLATFORM=cuda PATH="/usr/local/cuda/bin:$PATH" \
        -- -DCASE=odd_name "-DODD_NAME=my kernel - copy v2.cu" -DDUALGPU_ARCHITECTURES=80-real
    expect_ok
    PATH="/usr/local/cuda/bin:$PATH" timeout 600 "$CMAKE" --build "$T/build" > "$T/log" 2>&1 || fail "the build failed"
}
case_makefiles_cuda_shell_chars_in_name() {
    [ -x /usr/local/cuda/bin/nvcc ] || skip "no nvcc"
    GENERATOR="Unix Makefiles" configure 300 DUALGPU_PLATFORM=cuda PATH="/usr/local/cuda/bin:$PATH" \
        -- -DCASE=odd_name "-DODD_NAME=k #1 \$HOME & x.cu" -DDUALGPU_ARCHITECTURES=80-real
    expect_refused "which a shell would interpret .* rename the file to letters, digits"
}
case_rocm_genex_in_add_library() {
    configure 300 DUALGPU_PLATFORM=rocm DUALGPU_ARCHITECTURES=gfx90a -- -DCASE=genex_in_add
    # DualGPU cannot mark a source it cannot see: refused with the fix, never compiled as C++
    expect_refused "generator expression"
}
case_rocm_sources_property() {
    configure 300 DUALGPU_PLATFORM=rocm DUALGPU_ARCHITECTURES=gfx90a -- -DCASE=sources_property
    expect_ok
    timeout 600 "$CMAKE" --build "$T/build" > "$T/log" 2>&1 || fail "kernel.cu added through SOURCES did not build as HIP"
    # the object exists and its compile line targets the GPU (HIP), not the host compiler alone
    find "$T/build" -name 'kernel.cu.o' | grep -q . || fail "kernel.cu was not compiled"
    grep -q -- "--offload-arch=gfx90a" "$T/build/build.ninja" || fail "kernel.cu was not compiled as HIP"
}
