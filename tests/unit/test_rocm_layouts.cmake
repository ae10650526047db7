# ROCm found wherever it is installed: fixture trees of each layout (version files, bin/, lib/cmake/hip)
# made here, searched in the documented order, and the real Debian layout of this machine.
include("${CMAKE_CURRENT_LIST_DIR}/expect.cmake")

string(RANDOM LENGTH 8 _tag)
set(T "${CMAKE_CURRENT_BINARY_DIR}/rocm-layouts-${_tag}")
set(_real_path "$ENV{PATH}")

# A fake program: a shell script printing <text> with the shell's own printf (PATH holds no cat).
function(fake_program path text)
  get_filename_component(dir "${path}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}")
  file(WRITE "${path}" "#!/bin/sh\nprintf '%s\\n' '${text}'\n")
  file(CHMOD "${path}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE)
endfunction()

# rocm_tree(<root> <rocm-version> <hip-major> <hip-minor> <hip-patch> <clang-dir>): the files a ROCm
# release installs that DualGPU reads. <clang-dir> is llvm/bin (classic) or lib/llvm/bin (TheRock).
function(rocm_tree root rocm major minor patch clang_dir)
  file(MAKE_DIRECTORY "${root}/.info" "${root}/lib/cmake/hip" "${root}/amdgcn/bitcode")
  file(WRITE "${root}/.info/version" "${rocm}-120\n")
  file(WRITE "${root}/include/hip/hip_version.h"
    "#define HIP_VERSION_MAJOR ${major}\n#define HIP_VERSION_MINOR ${minor}\n#define HIP_VERSION_PATCH ${patch}\n")
  file(WRITE "${root}/lib/cmake/hip/hip-config.cmake" "# fixture\n")
  file(WRITE "${root}/amdgcn/bitcode/ockl.bc" "")
  fake_program("${root}/${clang_dir}/amdclang++" "AMD clang version 18.0.0git\nInstalledDir: ${root}/${clang_dir}")
  fake_program("${root}/bin/hipcc"
    "HIP version: ${major}.${minor}.${patch}-0\nAMD clang version 18.0.0git\nInstalledDir: ${root}/${clang_dir}")
endfunction()

# find(<case>): runs the search with only <T>/<case>/path on PATH, /opt and /usr replaced by fixtures.
macro(find_in case)
  set(ENV{PATH} "${T}/${case}/path")
  file(MAKE_DIRECTORY "${T}/${case}/path" "${T}/${case}/opt")
  set(_DUALGPU_ROCM_OPT_DIR "${T}/${case}/opt")
  set(_DUALGPU_ROCM_SYSTEM_ROOT "${T}/${case}/usr")
  set(DualGPU_NOTES "")
  dualgpu_find_toolchains()
endmacro()

# 1. Classic /opt/rocm: amdclang++ preferred over hipcc; versions read from the files, nothing run.
rocm_tree("${T}/classic/opt/rocm" 6.2.4 6 2 41134 llvm/bin)
find_in(classic)
expect_eq("classic root" "${DualGPU_ROCM_ROOT}" "${T}/classic/opt/rocm")
expect_eq("classic found by" "${DualGPU_ROCM_ROOT_SOURCE}" "${T}/classic/opt/rocm")
expect_eq("amdclang++ before hipcc" "${DualGPU_HIP_CLANG}" "${T}/classic/opt/rocm/llvm/bin/amdclang++")
expect_eq("ROCm version from .info/version" "${DualGPU_ROCM_VERSION}" "6.2.4")
expect_eq("HIP version from hip_version.h" "${DualGPU_HIP_VERSION}" "6.2.41134")

# 2. Only versioned folders: the newest wins (6.10 is newer than 6.2: not a string order).
rocm_tree("${T}/versioned/opt/rocm-5.7.1" 5.7.1 5 7 31921 llvm/bin)
rocm_tree("${T}/versioned/opt/rocm-6.2.4" 6.2.4 6 2 41134 llvm/bin)
rocm_tree("${T}/versioned/opt/rocm-6.10.0" 6.10.0 6 10 1 llvm/bin)
find_in(versioned)
expect_eq("newest versioned" "${DualGPU_ROCM_ROOT}" "${T}/versioned/opt/rocm-6.10.0")
expect_match("how" "${DualGPU_ROCM_ROOT_SOURCE}" "rocm-X.Y .newest first.")
expect_eq("its version" "${DualGPU_ROCM_VERSION}" "6.10.0")
# ... and /opt/rocm, when present, comes before them.
rocm_tree("${T}/versioned/opt/rocm" 6.3.0 6 3 42131 llvm/bin)
find_in(versioned)
expect_eq("/opt/rocm first" "${DualGPU_ROCM_ROOT}" "${T}/versioned/opt/rocm")

# 3. A pip-installed ROCm (TheRock): rocm-sdk on PATH names the root; compiler under lib/llvm/bin.
set(sdk "${T}/pip/venv/lib/python3.12/site-packages/_rocm_sdk_devel")
rocm_tree("${sdk}" 7.10.0 7 10 25430 lib/llvm/bin)
file(REMOVE "${sdk}/.info/version")  # the wheel has no .info: hip_version.h says the release
fake_program("${T}/pip/path/rocm-sdk" "${sdk}")
rocm_tree("${T}/pip/opt/rocm" 6.2.4 6 2 41134 llvm/bin)  # a system ROCm too: the venv's comes first
find_in(pip)
expect_eq("pip root" "${DualGPU_ROCM_ROOT}" "${sdk}")
expect_eq("pip found by" "${DualGPU_ROCM_ROOT_SOURCE}" "rocm-sdk path --root (pip-installed ROCm)")
expect_eq("pip compiler" "${DualGPU_HIP_CLANG}" "${sdk}/lib/llvm/bin/amdclang++")
expect_eq("pip ROCm version from HIP's" "${DualGPU_ROCM_VERSION}" "7.10")

# 4. ROCM_PATH wins over everything; one that holds no compiler is a note and the search goes on.
rocm_tree("${T}/env/custom" 6.4.1 6 4 43483 llvm/bin)
rocm_tree("${T}/env/opt/rocm" 6.2.4 6 2 41134 llvm/bin)
set(ENV{ROCM_PATH} "${T}/env/custom")
# A later stage's tool is not even started when an earlier stage found ROCm.
file(MAKE_DIRECTORY "${T}/env/path")
file(WRITE "${T}/env/path/rocm-sdk" "#!/bin/sh\n: > '${T}/env/rocm-sdk-ran'\n")
file(CHMOD "${T}/env/path/rocm-sdk" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
find_in(env)
expect_eq("ROCM_PATH wins" "${DualGPU_ROCM_ROOT}" "${T}/env/custom")
if(EXISTS "${T}/env/rocm-sdk-ran")
  message(FATAL_ERROR "rocm-sdk ran although ROCM_PATH had already found ROCm")
endif()
expect_eq("ROCM_PATH how" "${DualGPU_ROCM_ROOT_SOURCE}" "ROCM_PATH (environment)")
file(MAKE_DIRECTORY "${T}/env/empty")
set(ENV{ROCM_PATH} "${T}/env/empty")
find_in(env)
expect_eq("empty ROCM_PATH skipped" "${DualGPU_ROCM_ROOT}" "${T}/env/opt/rocm")
expect_match("and said so" "${DualGPU_NOTES}" "ROCM_PATH .environment. names .*/env/empty, which holds no HIP compiler")
unset(ENV{ROCM_PATH})

# ... unless the compiler the user named lives in another ROCm tree: its root comes first.
set(CMAKE_HIP_COMPILER "${T}/env/opt/rocm/llvm/bin/amdclang++")
set(ENV{ROCM_PATH} "${T}/env/custom")
find_in(env)
expect_eq("CMAKE_HIP_COMPILER's root" "${DualGPU_ROCM_ROOT}" "${T}/env/opt/rocm")
expect_eq("CMAKE_HIP_COMPILER kept" "${DualGPU_HIP_CLANG}" "${T}/env/opt/rocm/llvm/bin/amdclang++")
unset(CMAKE_HIP_COMPILER)
unset(ENV{ROCM_PATH})

# 5. HIP_PATH of ROCm 5.x (<rocm>/hip): its parent is the root.
rocm_tree("${T}/hippath/rocm-5.4" 5.4.3 5 4 22804 llvm/bin)
file(MAKE_DIRECTORY "${T}/hippath/rocm-5.4/hip")
set(ENV{HIP_PATH} "${T}/hippath/rocm-5.4/hip")
find_in(hippath)
expect_eq("HIP_PATH parent" "${DualGPU_ROCM_ROOT}" "${T}/hippath/rocm-5.4")
expect_eq("HIP_PATH how" "${DualGPU_ROCM_ROOT_SOURCE}" "HIP_PATH (its parent)")
unset(ENV{HIP_PATH})

# 6. A root whose path holds regex characters (c++ toolchains, "rocm++") is a path, not a pattern.
rocm_tree("${T}/plus/my c++ (rocm)++" 6.2.4 6 2 41134 llvm/bin)
set(ENV{ROCM_PATH} "${T}/plus/my c++ (rocm)++")
find_in(plus)
expect_eq("++ root" "${DualGPU_ROCM_ROOT}" "${T}/plus/my c++ (rocm)++")
expect_eq("++ compiler" "${DualGPU_HIP_CLANG}" "${T}/plus/my c++ (rocm)++/llvm/bin/amdclang++")
# ... also where the configure puts it on CMAKE_PREFIX_PATH for CMake's HIP language (Debian's layout).
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/dualgpu/50-setup.cmake")
file(MAKE_DIRECTORY "${T}/plus/my c++ (rocm)++/lib/x86_64-linux-gnu/cmake/hip-lang")
set(CMAKE_BINARY_DIR "${T}/plus/build")
set(ENV{CMAKE_PREFIX_PATH} "")
_dualgpu_prepare_hip_environment()
expect_eq("++ root on the prefix path" "$ENV{CMAKE_PREFIX_PATH}" ":${T}/plus/my c++ (rocm)++/lib/x86_64-linux-gnu/cmake")
_dualgpu_prepare_hip_environment()
expect_eq("added once" "$ENV{CMAKE_PREFIX_PATH}" ":${T}/plus/my c++ (rocm)++/lib/x86_64-linux-gnu/cmake")
unset(ENV{ROCM_PATH})
unset(ENV{HIP_DEVICE_LIB_PATH})

# 7. Nothing anywhere: no ROCm, no error.
find_in(none)
expect_eq("no root" "${DualGPU_ROCM_ROOT}" "")
expect_eq("no compiler" "${DualGPU_HIP_CLANG}" "")

# 8. The real Debian layout of this machine (hipcc, hipconfig and clang-15 under /usr).
set(ENV{PATH} "${_real_path}")
set(_DUALGPU_ROCM_OPT_DIR /opt)
set(_DUALGPU_ROCM_SYSTEM_ROOT /usr)
if(EXISTS /usr/include/hip/hip_version.h AND EXISTS /usr/bin/hipcc AND NOT EXISTS /opt/rocm AND NOT DEFINED ENV{ROCM_PATH})
  dualgpu_find_toolchains()
  expect_eq("Debian root" "${DualGPU_ROCM_ROOT}" "/usr")
  expect_match("Debian compiler: the clang hipcc drives" "${DualGPU_HIP_CLANG}" "^/usr/(lib/llvm-[0-9]+/)?bin/clang\\+\\+(-[0-9]+)?$")
  file(STRINGS /usr/include/hip/hip_version.h _major REGEX "define HIP_VERSION_MAJOR")
  string(REGEX MATCH "[0-9]+$" _major "${_major}")
  expect_match("Debian HIP version" "${DualGPU_HIP_VERSION}" "^${_major}\\.[0-9]+\\.[0-9]+$")
  expect_match("Debian device libraries" "${DualGPU_ROCM_DEVICE_LIB_DIR}" "^/usr/lib/.*/amdgcn/bitcode$")
else()
  message(STATUS "Debian's ROCm packages are not installed here (or another ROCm is): case 8 not run")
endif()

file(REMOVE_RECURSE "${T}")
