# cmake -DLOG=<build-output.txt> -DMAX_WARNINGS=<n> -P count_warnings.cmake
# Reads what configuring and building the porting programs printed (build_logged.cmake): the
# number of compiler `warning:` lines must not exceed MAX_WARNINGS (nvcc's count for the same
# programs plus the documented allowance, docs/porting.md "Warnings"), CMake must print no warning
# at configure (ROCm's hip-config.cmake goes through DualGPU), and no diagnostic may point into
# DualGPU's headers (a mapping macro dragging "expanded from macro" notes into user diagnostics).
foreach(var LOG MAX_WARNINGS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "count_warnings: -D${var}=... is required (see the usage line at the top of this file)")
  endif()
endforeach()
if(NOT EXISTS "${LOG}")
  message(FATAL_ERROR "count_warnings: ${LOG} is missing: run the porting.build test first")
endif()
file(READ "${LOG}" out)
string(REPLACE ";" "," out "${out}")  # a semicolon in a message would split it in CMake lists
string(REGEX MATCHALL "CMake (Deprecation )?Warning[^\n]*" configure_warnings "${out}")
list(LENGTH configure_warnings n_configure)
string(REGEX MATCHALL "[^\n]*warning:[^\n]*" warnings "${out}")
list(LENGTH warnings n_warnings)
string(REGEX MATCHALL "[^\n]*include/dualgpu/[^\n]*(warning|note):[^\n]*" dualgpu_diagnostics "${out}")
list(LENGTH dualgpu_diagnostics n_dualgpu)
message(STATUS "${n_warnings} compiler warnings (at most ${MAX_WARNINGS}), ${n_dualgpu} diagnostics in DualGPU's headers, "
               "${n_configure} CMake warnings")
foreach(w IN LISTS warnings)
  message(STATUS "  ${w}")
endforeach()
if(n_dualgpu GREATER 0)
  list(GET dualgpu_diagnostics 0 first)
  message(FATAL_ERROR "count_warnings: ${n_dualgpu} diagnostics point into DualGPU's headers, first: ${first}")
endif()
if(n_configure GREATER 0)
  list(GET configure_warnings 0 first)
  message(FATAL_ERROR "count_warnings: CMake warned at configure: ${first}")
endif()
if(n_warnings GREATER MAX_WARNINGS)
  message(FATAL_ERROR "count_warnings: ${n_warnings} compiler warnings, more than the ${MAX_WARNINGS} allowed")
endif()
