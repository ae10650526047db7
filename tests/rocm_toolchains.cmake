# The AMD toolchains every HIP test runs with, so each HIP test is written once:
#   rocm5.2  the host's ROCm (Debian 12: HIP 5.2, clang 15), run directly
#   rocm6.4  the Debian sid root of ci/rocm-root.sh (HIP 6.4, hipcc 7, clang 21), run inside it
# (the tags come from the HIP version each one reports, so a newer root gets a new tag by itself).
#
#   dualgpu_rocm_toolchains(<out-list>)       the tags of the toolchains present here, plus the tags of
#                                             the ones missing (registered as skipped by their users)
#   dualgpu_rocm_toolchain(<tag> <prefix>)    sets, for one tag:
#     <prefix>_FOUND    TRUE when it can compile here
#     <prefix>_RUN      the command prefix that runs a command with it (empty for the host's; for the root
#                       `ci/rocm-root.sh exec --bind <build tree> --`), to put before every COMMAND
#     <prefix>_CMAKE, <prefix>_CTEST, <prefix>_PYTHON   the cmake, ctest and python3 to run there
#     <prefix>_ARCHS    the targets its tests build: old and new, wave64 and wave32, and on 6.4 a generic one
#     <prefix>_EXPECT   the code objects those targets give, sorted as check_code_objects.cmake prints them
#     <prefix>_LABEL    the CTest label (the tag itself: `ctest -L rocm6.4` runs one toolchain)
#   dualgpu_test_skipped(<name> <why>)        registers <name> as a test that exits 77 (shown as skipped)
include_guard(GLOBAL)
set(_dualgpu_test_repo "${CMAKE_CURRENT_LIST_DIR}/..")
get_filename_component(_dualgpu_test_repo "${_dualgpu_test_repo}" ABSOLUTE)

function(dualgpu_test_skipped name why)
  add_test(NAME ${name} COMMAND sh -c "echo \"$1\"; exit 77" skip "${why}")
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77)
endfunction()

# The root's HIP version, read from its header (no command runs inside it at configure).
set(DUALGPU_TEST_ROCM_ROOT "" CACHE PATH "root filesystem of a second ROCm (ci/rocm-root.sh path); empty: ask it")
if(NOT DUALGPU_TEST_ROCM_ROOT)
  execute_process(COMMAND "${_dualgpu_test_repo}/ci/rocm-root.sh" path TIMEOUT 10
                  OUTPUT_VARIABLE _root OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _rc)
  if(_rc EQUAL 0 AND IS_DIRECTORY "${_root}")
    set(DUALGPU_TEST_ROCM_ROOT "${_root}" CACHE PATH "root filesystem of a second ROCm (ci/rocm-root.sh path)" FORCE)
  endif()
endif()

function(_dualgpu_hip_version_of_tree out root)
  set(${out} "" PARENT_SCOPE)
  set(header "${root}/usr/include/hip/hip_version.h")
  if(EXISTS "${header}")
    file(STRINGS "${header}" defs REGEX "#define HIP_VERSION_(MAJOR|MINOR) ")
    if(defs MATCHES "HIP_VERSION_MAJOR ([0-9]+)" )
      set(major "${CMAKE_MATCH_1}")
      if(defs MATCHES "HIP_VERSION_MINOR ([0-9]+)")
        set(${out} "${major}.${CMAKE_MATCH_1}" PARENT_SCOPE)
      endif()
    endif()
  endif()
endfunction()

function(dualgpu_rocm_toolchains out)
  set(tags "")
  if(DualGPU_HIP_VERSION MATCHES "^([0-9]+\\.[0-9]+)")
    list(APPEND tags "rocm${CMAKE_MATCH_1}")
  else()
    list(APPEND tags rocm5.2)  # the host's on the CI machine: shown as skipped where it is missing
  endif()
  set(root_tag rocm6.4)
  if(DUALGPU_TEST_ROCM_ROOT)
    _dualgpu_hip_version_of_tree(v "${DUALGPU_TEST_ROCM_ROOT}")
    if(v)
      set(root_tag "rocm${v}")
    endif()
  endif()
  list(APPEND tags ${root_tag})
  set(_DUALGPU_TEST_ROOT_TAG "${root_tag}" CACHE INTERNAL "")
  set(${out} "${tags}" PARENT_SCOPE)
endfunction()

function(dualgpu_rocm_toolchain tag prefix)
  if(tag STREQUAL "${_DUALGPU_TEST_ROOT_TAG}")
    set(found FALSE)
    if(DUALGPU_TEST_ROCM_ROOT AND EXISTS "${DUALGPU_TEST_ROCM_ROOT}/usr/bin/hipcc")
      set(found TRUE)
    endif()
    set(run "${_dualgpu_test_repo}/ci/rocm-root.sh" exec --bind "${CMAKE_BINARY_DIR}" --)
    set(cmake /usr/bin/cmake)
    set(ctest /usr/bin/ctest)
    set(python /usr/bin/python3)
    # Old and new CDNA (wave64), RDNA3 and RDNA4 (wave32), and a generic target (code object v6).
    set(archs gfx942 gfx1100 gfx1201 gfx11-generic)
  else()
    set(found FALSE)
    if(DualGPU_HIP_CLANG)
      set(found TRUE)
    endif()
    set(run "")
    set(cmake "${CMAKE_COMMAND}")
    set(ctest "${CMAKE_CTEST_COMMAND}")
    set(python "${Python3_EXECUTABLE}")
    set(archs gfx90a gfx940 gfx1030)  # what ROCm 5.2 builds: CDNA2/3 (wave64) and RDNA2 (wave32)
  endif()
  set(expect ${archs})
  list(SORT expect)
  set(${prefix}_FOUND ${found} PARENT_SCOPE)
  set(${prefix}_RUN "${run}" PARENT_SCOPE)
  set(${prefix}_CMAKE "${cmake}" PARENT_SCOPE)
  set(${prefix}_CTEST "${ctest}" PARENT_SCOPE)
  set(${prefix}_PYTHON "${python}" PARENT_SCOPE)
  set(${prefix}_ARCHS "${archs}" PARENT_SCOPE)
  set(${prefix}_EXPECT "${expect}" PARENT_SCOPE)
  set(${prefix}_LABEL "${tag}" PARENT_SCOPE)
endfunction()
