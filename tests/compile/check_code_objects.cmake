# cmake -DPLATFORM=cuda|rocm -DFILE=<binary>[ <binary>...] -DEXPECT=<arch>[ <arch>...] -P check_code_objects.cmake
# Each binary holds device code for exactly the expected architectures (sm_NN / gfxNNN), read
# with roc-obj-ls or cuobjdump. Lists may be separated by spaces or semicolons. TOOL=roc-obj-ls
# or TOOL=cuobjdump is accepted in place of PLATFORM.
if(NOT PLATFORM)
  if(TOOL STREQUAL "roc-obj-ls")
    set(PLATFORM rocm)
  elseif(TOOL STREQUAL "cuobjdump")
    set(PLATFORM cuda)
  endif()
endif()
if(NOT PLATFORM MATCHES "^(cuda|rocm)$" OR NOT FILE OR NOT DEFINED EXPECT)
  message(FATAL_ERROR "check_code_objects: usage: cmake -DPLATFORM=cuda|rocm -DFILE=<binary>... -DEXPECT=<arch>... -P check_code_objects.cmake")
endif()
string(REPLACE ";" " " EXPECT "${EXPECT}")
separate_arguments(EXPECT)
list(SORT EXPECT)
string(REPLACE ";" " " FILE "${FILE}")
separate_arguments(files NATIVE_COMMAND "${FILE}")

if(PLATFORM STREQUAL "rocm")
  # roc-obj-ls where ROCm ships it; without it (Debian sid's ROCm 6.4) the offload bundles' entry ids
  # ("hipv4-amdgcn-amd-amdhsa--gfx942"), which clang writes as plain text into .hip_fatbin, are read
  # from the binary itself.
  find_program(lister roc-obj-ls)
else()
  # Toolkits without cuobjdump (the CI machine's): each embedded device ELF carries the options it
  # was built with ("-arch sm_90 -m 64"); bare sm_NN strings also occur in host code (nv/target).
  find_program(lister cuobjdump HINTS /usr/local/cuda/bin ENV CUDA_PATH PATH_SUFFIXES bin)
endif()

foreach(file IN LISTS files)
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "check_code_objects: ${file} does not exist (was it built?)")
  endif()
  if(PLATFORM STREQUAL "rocm")
    if(lister)
      execute_process(COMMAND "${lister}" "${file}" OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 120)
    else()
      file(STRINGS "${file}" out REGEX "hipv4-amdgcn-amd-amdhsa--")
      set(rc 0)
    endif()
    # gfx90a, gfx1201, and generic targets: gfx11-generic, gfx9-4-generic
    string(REGEX MATCHALL "amdgcn-amd-amdhsa--gfx[0-9a-f]+(-[0-9]+)?(-generic)?" found "${out}")
    list(TRANSFORM found REPLACE "amdgcn-amd-amdhsa--" "")
  elseif(lister)
    execute_process(COMMAND "${lister}" --list-elf "${file}" OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 120)
    string(REGEX MATCHALL "sm_[0-9]+a?" found "${out}")
  else()
    file(STRINGS "${file}" out REGEX "-arch sm_[0-9]+a?")
    string(REGEX MATCHALL "-arch sm_[0-9]+a?" found "${out}")
    list(TRANSFORM found REPLACE "-arch " "")
    set(rc 0)
  endif()
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "check_code_objects: listing ${file} failed (${rc}): ${err}")
  endif()
  list(REMOVE_DUPLICATES found)
  list(SORT found)
  if(NOT found STREQUAL EXPECT)
    message(FATAL_ERROR "check_code_objects: ${file} holds code for [${found}], expected exactly [${EXPECT}]\n${out}")
  endif()
  message(STATUS "${file}: ${found}")
endforeach()
