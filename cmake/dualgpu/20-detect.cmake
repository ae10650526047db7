#[=======================================================================[.rst:
dualgpu/20-detect
-----------------

What this machine has: the GPUs its tools see, and the CUDA and ROCm toolchains installed and what
they can build. Plain functions that touch no target, so the same answer comes in a configure and
in ``cmake -P`` (``dualgpu doctor``). Parsers take text, so tests feed them outputs recorded on real
machines.

Search behaviour
^^^^^^^^^^^^^^^^

1. GPUs: ``rocminfo``, then ``amdgpu-arch``, then ``rocm_agent_enumerator`` (the first that lists a
   GPU wins), then ``nvidia-smi --query-gpu=name,compute_cap``, each found on ``PATH``. Each run is
   bounded by ``DUALGPU_PROBE_TIMEOUT`` seconds and 1 MiB of output, so a hanging or endlessly
   printing tool costs at most that and is noted; a tool that crashes or prints garbage yields no
   GPU and a note, never an error.
2. nvcc: ``CMAKE_CUDA_COMPILER``, ``CUDACXX``, ``nvcc`` on ``PATH``, ``$CUDA_PATH/bin``,
   ``$CUDA_HOME/bin``, ``/usr/local/cuda/bin``; the first that exists and is an nvcc. One whose
   ``--version`` names no release is ignored, with a note.
3. ROCm: the roots are tried in this order; the first that holds a HIP compiler wins (a
   ``CMAKE_HIP_COMPILER`` / ``HIPCXX`` of the form ``<root>/llvm/bin/...`` brings its own root
   first), and a root that a variable or tool names but that holds none is noted:

   1. ``ROCM_PATH`` (CMake variable, then environment)
   2. ``HIP_PATH`` (or its parent when it ends in ``/hip``)
   3. a pip-installed ROCm (TheRock's ``rocm-sdk path --root``, when ``rocm-sdk`` is on ``PATH``)
   4. ``hipconfig --rocmpath``
   5. the root of ``amdclang++``, then ``hipcc``, found on ``PATH``
   6. ``/opt/rocm``
   7. ``/opt/rocm-X.Y[.Z]``, newest first
   8. ``/usr`` (Debian's and Ubuntu's packages)

   The HIP compiler is ``CMAKE_HIP_COMPILER`` or ``HIPCXX`` when set, else the root's
   ``amdclang++``, else its LLVM ``clang++``, else the clang its ``hipcc`` drives. The release comes
   from ``.info/version``, ``include/hip/hip_version.h`` or ``hipconfig --version``; the device
   bitcode folder is the first known layout holding ``ockl.bc``. A clang with neither a HIP release
   nor device bitcode is no ROCm toolchain.
4. What a compiler can build (:command:`dualgpu_check_compiler_accepts`): ``nvcc --list-gpu-arch``;
   for HIP a preprocessor run of the clang with ``--offload-arch=<arch>``, and the device library
   ``oclc_isa_version_<n>.bc`` of that target.

Result variables
^^^^^^^^^^^^^^^^

Set by :command:`dualgpu_find_toolchains` in the caller's scope:

``DualGPU_NVCC``, ``DualGPU_CUDA_VERSION``
  nvcc and its release.
``DualGPU_HIP_CLANG``, ``DualGPU_HIP_VERSION``
  The clang that compiles HIP, and the HIP release.
``DualGPU_ROCM_ROOT``, ``DualGPU_ROCM_ROOT_SOURCE``, ``DualGPU_ROCM_VERSION``
  The ROCm root, which step of the order found it, and the ROCm release.
``DualGPU_ROCM_DEVICE_LIB_DIR``
  The device bitcode folder.
``DualGPU_TOOLCHAINS``
  Records ``<platform>|<compiler>|<version>`` of what was found.
``DualGPU_NOTES``
  Appended to: what was ignored, and why.

Input variables
^^^^^^^^^^^^^^^

``DUALGPU_PROBE_TIMEOUT``
  Seconds each tool may run (dualgpu/10-util).
``CMAKE_CUDA_COMPILER``, ``CUDACXX`` (environment), ``CUDA_PATH``, ``CUDA_HOME`` (environment)
  Where nvcc is.
``CMAKE_HIP_COMPILER``, ``HIPCXX`` (environment)
  The HIP compiler, and through its path its ROCm root.
``ROCM_PATH`` (CMake variable, else environment), ``HIP_PATH`` (environment)
  Where ROCm is.
``PATH``
  The GPU tools, ``nvcc``, ``rocm-sdk``, ``hipconfig``, ``amdclang++``, ``hipcc``.
``DualGPU_NVCC``, ``DualGPU_CUDA_VERSION``, ``DualGPU_HIP_CLANG``, ``DualGPU_HIP_VERSION``, ``DualGPU_ROCM_DEVICE_LIB_DIR``
  Read by :command:`dualgpu_check_compiler_accepts` from the caller's scope.

Commands
^^^^^^^^

GPUs seen
"""""""""

GPU records are strings ``<vendor>|<name>|<arch>|<kind>`` (vendor ``amd`` or ``nvidia``; arch
``gfx90a`` or a CUDA compute capability ``90``; kind ``dgpu`` or ``igpu``).

.. command:: dualgpu_gpus_from_rocminfo

  .. versionadded:: 0.1
.. command:: dualgpu_gpus_from_amdgpu_arch

  .. versionadded:: 0.1
.. command:: dualgpu_gpus_from_rocm_agent_enumerator

  .. versionadded:: 0.1
.. command:: dualgpu_gpus_from_nvidia_smi

  .. versionadded:: 0.1

  ::

    dualgpu_gpus_from_<tool>(<out-list> <text>)

  The GPUs in one tool's output.

.. command:: dualgpu_probe_gpus

  .. versionadded:: 0.1

  ::

    dualgpu_probe_gpus(<out-gpus> <out-notes>)

  Runs the tools (step 1 above) and returns every GPU seen, and a note for each tool that was
  missing, failed or listed none.

Toolchains
""""""""""

.. command:: dualgpu_find_toolchains

  .. versionadded:: 0.1

  ::

    dualgpu_find_toolchains()

  Finds nvcc and ROCm (steps 2 and 3 above) without enabling a language, and sets the result
  variables.

.. command:: dualgpu_cuda_version_from_nvcc

  ::

    dualgpu_cuda_version_from_nvcc(<out> <text>)

  The release in ``nvcc --version`` output (``release 12.2, V12.2.91`` -> ``12.2``); empty when none.

.. command:: dualgpu_hip_version_from_hipcc

  ::

    dualgpu_hip_version_from_hipcc(<out> <text>)

  The release in ``hipcc --version`` output (``HIP version: 6.2.41134-65d174c3e`` ->
  ``6.2.41134``); empty when none.

.. command:: dualgpu_rocm_version

  ::

    dualgpu_rocm_version(<out-rocm> <out-hip> <root>)

  The ROCm release (``X.Y[.Z]``) and HIP's own (``X.Y.Z``) of a root, from its files where they say
  it, else from its ``hipconfig --version``.

.. command:: dualgpu_check_compiler_accepts

  ::

    dualgpu_check_compiler_accepts(<out-error> <platform> <architectures>)

  Asks the found compiler whether it can build each architecture (step 4 above), so an unsupported
  one fails at configure with the release it needs, not halfway through the build. ``<out-error>``
  is empty when all can be built, for CMake's keywords (``native``, ``all``, ...), and when
  :command:`dualgpu_decide` was given ``NO_COMPILER_CHECK``.

#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/10-util.cmake")

function(_dualgpu_amd_record out name target)
  dualgpu_amd_target_info(info "${target}")
  set(kind dgpu)
  if(info_FOUND)
    set(kind "${info_KIND}")
  endif()
  string(REPLACE "|" "/" name "${name}")
  set(${out} "amd|${name}|${target}|${kind}" PARENT_SCOPE)
endfunction()

# rocminfo prints one block per agent ("Agent N"); the CPU agents are blocks too, and every
# GPU agent also lists ISA names (generic ones like gfx12-generic) indented deeper.
function(dualgpu_gpus_from_rocminfo out text)
  _dualgpu_lines(lines "${text}")
  set(gpus "")
  set(in_agent FALSE)
  macro(_dualgpu_flush_agent)
    if(in_agent AND type STREQUAL "GPU" AND agent_name MATCHES "^gfx[0-9a-f]+$" AND NOT agent_name STREQUAL "gfx000")
      if(marketing STREQUAL "")
        set(marketing "${agent_name}")
      endif()
      _dualgpu_amd_record(rec "${marketing}" "${agent_name}")
      if(apu)
        string(REGEX REPLACE "\\|dgpu$" "|igpu" rec "${rec}")
      endif()
      list(APPEND gpus "${rec}")
    endif()
  endmacro()
  foreach(line IN LISTS lines)
    if(line MATCHES "^Agent [0-9]+")
      _dualgpu_flush_agent()
      set(in_agent TRUE)
      set(agent_name "")
      set(marketing "")
      set(type "")
      set(apu FALSE)
    elseif(in_agent AND line MATCHES "^  Name:[ \t]*([^ \t]*)")
      set(agent_name "${CMAKE_MATCH_1}")
    elseif(in_agent AND line MATCHES "^  Marketing Name:[ \t]*(.*[^ \t])?[ \t]*$")
      set(marketing "${CMAKE_MATCH_1}")
    elseif(in_agent AND line MATCHES "^  Device Type:[ \t]*([A-Z]+)")
      set(type "${CMAKE_MATCH_1}")
    elseif(in_agent AND line MATCHES "^  Memory Properties:[ \t]*APU")
      set(apu TRUE)
    endif()
  endforeach()
  _dualgpu_flush_agent()
  set(${out} "${gpus}" PARENT_SCOPE)
endfunction()

# amdgpu-arch prints one target per GPU; rocm_agent_enumerator adds gfx000 for the CPU.
function(dualgpu_gpus_from_amdgpu_arch out text)
  _dualgpu_lines(lines "${text}")
  set(gpus "")
  foreach(line IN LISTS lines)
    string(STRIP "${line}" line)
    if(line MATCHES "^(gfx[0-9a-f]+)(:[a-z]+[+-])*$" AND NOT CMAKE_MATCH_1 STREQUAL "gfx000")
      _dualgpu_amd_record(rec "${CMAKE_MATCH_1}" "${CMAKE_MATCH_1}")
      list(APPEND gpus "${rec}")
    endif()
  endforeach()
  set(${out} "${gpus}" PARENT_SCOPE)
endfunction()

function(dualgpu_gpus_from_rocm_agent_enumerator out text)
  dualgpu_gpus_from_amdgpu_arch(gpus "${text}")
  set(${out} "${gpus}" PARENT_SCOPE)
endfunction()

# nvidia-smi --query-gpu=name,compute_cap --format=csv[,noheader]: "NVIDIA H100 80GB HBM3, 9.0".
function(dualgpu_gpus_from_nvidia_smi out text)
  _dualgpu_lines(lines "${text}")
  set(gpus "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^(.+),[ \t]*([0-9]+)\\.([0-9]+)[ \t]*$")
      string(STRIP "${CMAKE_MATCH_1}" name)
      string(REPLACE "|" "/" name "${name}")
      list(APPEND gpus "nvidia|${name}|${CMAKE_MATCH_2}${CMAKE_MATCH_3}|dgpu")
    endif()
  endforeach()
  set(${out} "${gpus}" PARENT_SCOPE)
endfunction()

# _dualgpu_run(<out-text> <out-note> <tool> <args>...): runs a tool found on PATH, bounded in time
# and output. <out-note> is empty on success, else one line saying what went wrong.
function(_dualgpu_run out_text out_note tool)
  set(${out_text} "" PARENT_SCOPE)
  find_program(exe NAMES "${tool}" NO_CACHE)
  if(NOT exe)
    set(${out_note} "${tool}: not found" PARENT_SCOPE)
    return()
  endif()
  _dualgpu_probe_timeout(timeout)
  _dualgpu_run_bounded(all rc "${timeout}" "${exe}" ${ARGN})
  set(${out_note} "" PARENT_SCOPE)
  if(rc STREQUAL "timeout")
    set(${out_note} "${tool}: no answer within ${timeout} s (DUALGPU_PROBE_TIMEOUT)" PARENT_SCOPE)
    return()
  elseif(rc STREQUAL "too much output")
    set(${out_note} "${tool}: printed more than ${_DUALGPU_PROBE_OUTPUT_LIMIT} bytes - ignored" PARENT_SCOPE)
    return()
  elseif(NOT rc STREQUAL "0")
    # A Python traceback (rocm_agent_enumerator) says what went wrong on its last line.
    string(STRIP "${all}" all)
    if(all MATCHES "^Traceback" AND all MATCHES "\n([^\n]+)$")
      set(first "${CMAKE_MATCH_1}")
    else()
      string(REGEX REPLACE "\n.*" "" first "${all}")
    endif()
    set(${out_note} "${tool}: failed (${rc}): ${first}" PARENT_SCOPE)
  endif()
  set(${out_text} "${all}" PARENT_SCOPE)
endfunction()

function(dualgpu_probe_gpus out_gpus out_notes)
  set(notes "")
  set(amd "")
  # AMD: the first tool that answers wins; the others only fill in when it fails.
  foreach(tool IN ITEMS rocminfo amdgpu-arch rocm_agent_enumerator)
    _dualgpu_run(text note "${tool}")
    if(note)
      _dualgpu_add_message(notes "${note}")
      continue()
    endif()
    string(REPLACE "-" "_" parser "${tool}")
    cmake_language(CALL "dualgpu_gpus_from_${parser}" amd "${text}")
    if(amd)
      break()
    endif()
    _dualgpu_add_message(notes "${tool}: ran but listed no GPU")
  endforeach()
  _dualgpu_run(text note nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader)
  set(nvidia "")
  if(note)
    if(note MATCHES "not a valid field")
      set(note "nvidia-smi: this driver is older than 510 and cannot report compute capability - set DUALGPU_ARCHITECTURES")
    endif()
    _dualgpu_add_message(notes "${note}")
  else()
    dualgpu_gpus_from_nvidia_smi(nvidia "${text}")
    if(NOT nvidia)
      _dualgpu_add_message(notes "nvidia-smi: ran but listed no GPU")
    endif()
  endif()
  set(${out_gpus} ${amd} ${nvidia} PARENT_SCOPE)
  set(${out_notes} "${notes}" PARENT_SCOPE)
endfunction()

# The empty input and discarded output of compiler checks.
if(CMAKE_HOST_WIN32)
  set(_DUALGPU_NULL NUL)
else()
  set(_DUALGPU_NULL /dev/null)
endif()

function(_dualgpu_first_line out text)
  string(REGEX REPLACE "\n.*" "" text "${text}")
  string(STRIP "${text}" text)
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# "Cuda compilation tools, release 12.2, V12.2.91" -> 12.2
function(dualgpu_cuda_version_from_nvcc out text)
  set(${out} "" PARENT_SCOPE)
  if(text MATCHES "release ([0-9]+\\.[0-9]+), V([0-9.]+)")
    set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  endif()
endfunction()

# "HIP version: 6.2.41134-65d174c3e" -> 6.2.41134
function(dualgpu_hip_version_from_hipcc out text)
  set(${out} "" PARENT_SCOPE)
  if(text MATCHES "HIP version: ([0-9]+\\.[0-9]+(\\.[0-9]+)?)")
    set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  endif()
endfunction()

function(_dualgpu_find_nvcc out)
  set(candidates "")
  if(CMAKE_CUDA_COMPILER)
    list(APPEND candidates "${CMAKE_CUDA_COMPILER}")
  endif()
  if(DEFINED ENV{CUDACXX})
    list(APPEND candidates "$ENV{CUDACXX}")
  endif()
  find_program(on_path nvcc NO_CACHE)
  if(on_path)
    list(APPEND candidates "${on_path}")
  endif()
  foreach(root IN ITEMS "$ENV{CUDA_PATH}" "$ENV{CUDA_HOME}" /usr/local/cuda)
    if(root AND EXISTS "${root}/bin/nvcc")
      list(APPEND candidates "${root}/bin/nvcc")
    endif()
  endforeach()
  foreach(c IN LISTS candidates)
    if(EXISTS "${c}" AND c MATCHES "nvcc[^/]*$")
      set(${out} "${c}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

function(_dualgpu_clang_major out clang)
  set(${out} "" PARENT_SCOPE)
  if(EXISTS "${clang}")
    _dualgpu_probe(text rc "${clang}" --version)
    if(rc STREQUAL "0" AND text MATCHES "clang version ([0-9]+)")
      set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
    endif()
  endif()
endfunction()

# Where ROCm is, in the documented order (docs/rocm.md); the first root that holds a HIP compiler
# wins. Each candidate is "<path>|<how it was found>".
#   0. the tree of CMAKE_HIP_COMPILER / HIPCXX when it is <root>/llvm/bin/...
#   1. ROCM_PATH (CMake variable, then environment)     2. HIP_PATH (or its parent when it ends in /hip)
#   3. a pip-installed ROCm: `rocm-sdk path --root`      4. `hipconfig --rocmpath` of the hipconfig on PATH
#   5. the root of amdclang++, then hipcc, on PATH        6. /opt/rocm
#   7. /opt/rocm-X.Y[.Z], newest first                    8. /usr (Debian's and Ubuntu's packages)
set(_DUALGPU_ROCM_OPT_DIR /opt)       # tests point these at fixture trees

set(_DUALGPU_ROCM_SYSTEM_ROOT /usr)

# _dualgpu_rocm_root_candidates(<out> <user-compiler> <stage>): the candidates of one stage of the
# order, so that a later stage's tools (rocm-sdk starts Python) run only when the earlier ones found nothing.
set(_DUALGPU_ROCM_SEARCH_STAGES named pip hipconfig path standard)

function(_dualgpu_rocm_root_candidates out user_compiler stage)
  set(result "")
  if(stage STREQUAL "named")
    # A compiler the user named inside a ROCm tree (<root>/llvm/bin/clang++) brings its own root.
    if(user_compiler MATCHES "^(.+)/(lib/)?llvm/bin/[^/]+$")
      list(APPEND result "${CMAKE_MATCH_1}|the ROCm of CMAKE_HIP_COMPILER/HIPCXX")
    endif()
    if(DEFINED ROCM_PATH AND NOT "${ROCM_PATH}" STREQUAL "")
      list(APPEND result "${ROCM_PATH}|ROCM_PATH (CMake variable)")
    endif()
    if(DEFINED ENV{ROCM_PATH} AND NOT "$ENV{ROCM_PATH}" STREQUAL "")
      list(APPEND result "$ENV{ROCM_PATH}|ROCM_PATH (environment)")
    endif()
    if(DEFINED ENV{HIP_PATH} AND NOT "$ENV{HIP_PATH}" STREQUAL "")
      set(hip_path "$ENV{HIP_PATH}")
      list(APPEND result "${hip_path}|HIP_PATH")
      get_filename_component(name "${hip_path}" NAME)
      if(name STREQUAL "hip")  # ROCm before 6.0 set HIP_PATH to <rocm>/hip
        get_filename_component(parent "${hip_path}" DIRECTORY)
        list(APPEND result "${parent}|HIP_PATH (its parent)")
      endif()
    endif()
  elseif(stage STREQUAL "pip")
    # TheRock's pip packages (pip install rocm[devel]) put a rocm-sdk command on PATH.
    find_program(rocm_sdk rocm-sdk NO_CACHE)
    if(rocm_sdk)
      _dualgpu_probe(root rc "${rocm_sdk}" path --root)
      _dualgpu_first_line(root "${root}")
      if(rc STREQUAL "0" AND root)
        list(APPEND result "${root}|rocm-sdk path --root (pip-installed ROCm)")
      endif()
    endif()
  elseif(stage STREQUAL "hipconfig")
    find_program(hipconfig hipconfig NO_CACHE)
    if(hipconfig)
      _dualgpu_probe(root rc "${hipconfig}" --rocmpath)
      _dualgpu_first_line(root "${root}")
      if(rc STREQUAL "0" AND root)
        list(APPEND result "${root}|hipconfig --rocmpath (${hipconfig})")
      endif()
    endif()
  elseif(stage STREQUAL "path")
    foreach(tool amdclang++ hipcc)  # a root whose bin/ is on PATH, without hipconfig (spack, a tarball)
      find_program(on_path ${tool} NO_CACHE)
      if(on_path)
        get_filename_component(real "${on_path}" REALPATH)
        get_filename_component(bindir "${real}" DIRECTORY)
        get_filename_component(root "${bindir}" DIRECTORY)
        if(bindir MATCHES "/lib/llvm/bin$|/llvm/bin$")
          string(REGEX REPLACE "/(lib/)?llvm/bin$" "" root "${bindir}")
        endif()
        list(APPEND result "${root}|${tool} on PATH (${on_path})")
      endif()
      unset(on_path)
    endforeach()
  else()
    list(APPEND result "${_DUALGPU_ROCM_OPT_DIR}/rocm|${_DUALGPU_ROCM_OPT_DIR}/rocm")
    file(GLOB versioned LIST_DIRECTORIES true "${_DUALGPU_ROCM_OPT_DIR}/rocm-[0-9]*")
    list(SORT versioned COMPARE NATURAL ORDER DESCENDING)
    foreach(dir IN LISTS versioned)
      list(APPEND result "${dir}|${_DUALGPU_ROCM_OPT_DIR}/rocm-X.Y (newest first)")
    endforeach()
    list(APPEND result "${_DUALGPU_ROCM_SYSTEM_ROOT}|${_DUALGPU_ROCM_SYSTEM_ROOT} (distribution packages)")
  endif()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# _dualgpu_hip_compilers_in_root(<out> <root>): HIP compilers a ROCm root holds, preferred first.
# amdclang++ (what AMD recommends now that hipcc is deprecated) before hipcc; hipcc is asked for
# the clang it drives (Debian's runs clang++-15 while /usr/bin/clang++ is clang 14).
function(_dualgpu_hip_compilers_in_root out root)
  set(result "")
  foreach(c "${root}/lib/llvm/bin/amdclang++" "${root}/llvm/bin/amdclang++" "${root}/bin/amdclang++"
            "${root}/lib/llvm/bin/clang++" "${root}/llvm/bin/clang++")
    if(EXISTS "${c}" AND NOT IS_DIRECTORY "${c}")
      list(APPEND result "${c}")
    endif()
  endforeach()
  if(EXISTS "${root}/bin/hipcc")
    _dualgpu_probe(text rc "${root}/bin/hipcc" --version)
    if(rc STREQUAL "0" AND text MATCHES "clang version ([0-9]+)" )
      set(major "${CMAKE_MATCH_1}")
      if(text MATCHES "InstalledDir: ([^\n]+)")
        string(STRIP "${CMAKE_MATCH_1}" bindir)
        if(EXISTS "${bindir}/clang++-${major}")
          list(APPEND result "${bindir}/clang++-${major}")
        endif()
        _dualgpu_clang_major(m "${bindir}/clang++")
        if(m STREQUAL major)
          list(APPEND result "${bindir}/clang++")
        endif()
      endif()
    endif()
  endif()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# The ROCm release of a root, without running anything where a file says it:
# <root>/.info/version ("6.2.4-120"), then include/hip/hip_version.h, then hipconfig --version.
# Sets <out-rocm> (X.Y[.Z]) and <out-hip> (HIP's own version, X.Y.Z).
function(dualgpu_rocm_version out_rocm out_hip root)
  set(rocm "")
  set(hip "")
  if(EXISTS "${root}/.info/version")
    file(STRINGS "${root}/.info/version" lines LIMIT_COUNT 1 REGEX "^[0-9]")
    if(lines MATCHES "^([0-9]+\\.[0-9]+(\\.[0-9]+)?)")
      set(rocm "${CMAKE_MATCH_1}")
    endif()
  endif()
  if(EXISTS "${root}/include/hip/hip_version.h")
    file(STRINGS "${root}/include/hip/hip_version.h" defs REGEX "#define HIP_VERSION_(MAJOR|MINOR|PATCH) ")
    foreach(part MAJOR MINOR PATCH)
      set(${part} "")
      if(defs MATCHES "HIP_VERSION_${part} ([0-9]+)")
        set(${part} "${CMAKE_MATCH_1}")
      endif()
    endforeach()
    if(NOT MAJOR STREQUAL "" AND NOT MINOR STREQUAL "")
      set(hip "${MAJOR}.${MINOR}")
      if(NOT PATCH STREQUAL "")
        string(APPEND hip ".${PATCH}")
      endif()
    endif()
  endif()
  if(NOT hip)
    find_program(hipconfig hipconfig HINTS "${root}/bin" NO_DEFAULT_PATH NO_CACHE)
    if(hipconfig)
      _dualgpu_probe(text rc "${hipconfig}" --version)
      if(rc STREQUAL "0" AND text MATCHES "^([0-9]+\\.[0-9]+(\\.[0-9]+)?)")
        set(hip "${CMAKE_MATCH_1}")
      endif()
    endif()
  endif()
  if(NOT rocm AND hip MATCHES "^([0-9]+\\.[0-9]+)")
    set(rocm "${CMAKE_MATCH_1}")
  endif()
  set(${out_rocm} "${rocm}" PARENT_SCOPE)
  set(${out_hip} "${hip}" PARENT_SCOPE)
endfunction()

# Sets <out-clang>, <out-root> and <out-how> (which step of the order found the root).
function(_dualgpu_find_hip_clang out_clang out_root out_how)
  set(${out_clang} "" PARENT_SCOPE)
  set(${out_root} "" PARENT_SCOPE)
  set(${out_how} "" PARENT_SCOPE)
  set(user "")
  if(CMAKE_HIP_COMPILER)
    set(user "${CMAKE_HIP_COMPILER}")
  elseif(DEFINED ENV{HIPCXX} AND NOT "$ENV{HIPCXX}" STREQUAL "")
    set(user "$ENV{HIPCXX}")
  endif()
  set(notes "")
  foreach(stage IN LISTS _DUALGPU_ROCM_SEARCH_STAGES)
    _dualgpu_rocm_root_candidates(candidates "${user}" ${stage})
    foreach(entry IN LISTS candidates)
      string(FIND "${entry}" "|" bar REVERSE)
      string(SUBSTRING "${entry}" 0 ${bar} root)
      math(EXPR bar "${bar} + 1")
      string(SUBSTRING "${entry}" ${bar} -1 how)
      if(NOT IS_DIRECTORY "${root}")
        if(NOT how MATCHES "^/")  # a variable or a tool named it: worth a note
          list(APPEND notes "${how} names ${root}, which is not a folder - ignored")
        endif()
        continue()
      endif()
      get_filename_component(root "${root}" ABSOLUTE)
      _dualgpu_hip_compilers_in_root(compilers "${root}")
      if(NOT compilers)
        if(NOT how MATCHES "^/")
          list(APPEND notes "${how} names ${root}, which holds no HIP compiler (amdclang++, hipcc) - ignored")
        endif()
        continue()
      endif()
      list(GET compilers 0 clang)
      if(user)
        set(clang "${user}")
      endif()
      set(${out_clang} "${clang}" PARENT_SCOPE)
      set(${out_root} "${root}" PARENT_SCOPE)
      set(${out_how} "${how}" PARENT_SCOPE)
      set(DualGPU_NOTES ${DualGPU_NOTES} ${notes} PARENT_SCOPE)
      return()
    endforeach()
  endforeach()
  if(user)
    set(${out_clang} "${user}" PARENT_SCOPE)
    set(${out_how} "no ROCm root found; compiler from CMAKE_HIP_COMPILER/HIPCXX" PARENT_SCOPE)
  endif()
  set(DualGPU_NOTES ${DualGPU_NOTES} ${notes} PARENT_SCOPE)
endfunction()

# Where the device bitcode (oclc_isa_version_*.bc) lives differs between ROCm releases
# and distributions (Debian: <root>/lib/<multiarch>/amdgcn/bitcode).
function(_dualgpu_find_device_lib_dir out root clang)
  set(${out} "" PARENT_SCOPE)
  set(patterns
    "${root}/amdgcn/bitcode" "${root}/lib/llvm/amdgcn/bitcode"
    "${root}/lib/*/amdgcn/bitcode" "${root}/lib/llvm/lib/clang/*/lib/amdgcn/bitcode"
    "${root}/lib/llvm/lib/clang/*/amdgcn/bitcode")
  if(clang)
    get_filename_component(real "${clang}" REALPATH)
    get_filename_component(bindir "${real}" DIRECTORY)
    # clang's resource folder: lib/clang/<v>/lib/amdgcn (LLVM <= 19), lib/clang/<v>/amdgcn (LLVM 20+,
    # where Debian's rocm-device-libs-21 puts them)
    list(APPEND patterns "${bindir}/../amdgcn/bitcode" "${bindir}/../lib/clang/*/lib/amdgcn/bitcode"
                         "${bindir}/../lib/clang/*/amdgcn/bitcode")
  endif()
  foreach(p IN LISTS patterns)
    file(GLOB hits LIST_DIRECTORIES true "${p}")
    foreach(h IN LISTS hits)
      if(EXISTS "${h}/ockl.bc")
        get_filename_component(h "${h}" ABSOLUTE)
        set(${out} "${h}" PARENT_SCOPE)
        return()
      endif()
    endforeach()
  endforeach()
endfunction()

function(dualgpu_find_toolchains)
  set(toolchains "")
  _dualgpu_find_nvcc(nvcc)
  set(cuda_version "")
  if(nvcc)
    _dualgpu_probe(text rc "${nvcc}" --version)
    dualgpu_cuda_version_from_nvcc(cuda_version "${text}")
    if(NOT rc STREQUAL "0")
      set(cuda_version "")  # timed out, printed without end, or failed: not a toolchain to build with
    endif()
    if(NOT cuda_version)
      list(APPEND DualGPU_NOTES "nvcc at ${nvcc} did not report a release (${rc}) - ignoring it")
      set(nvcc "")
    else()
      list(APPEND toolchains "cuda|${nvcc}|${cuda_version}")
    endif()
  endif()

  _dualgpu_find_hip_clang(clang root root_how)
  set(hip_version "")
  set(rocm_version "")
  set(device_libs "")
  if(clang)
    if(root)
      dualgpu_rocm_version(rocm_version hip_version "${root}")
    endif()
    _dualgpu_find_device_lib_dir(device_libs "${root}" "${clang}")
    if(NOT hip_version AND NOT device_libs)
      # A plain clang without HIP runtime or device libraries is not a ROCm toolchain.
      set(clang "")
    else()
      list(APPEND toolchains "rocm|${clang}|${hip_version}")
    endif()
  endif()

  set(DualGPU_NVCC "${nvcc}" PARENT_SCOPE)
  set(DualGPU_CUDA_VERSION "${cuda_version}" PARENT_SCOPE)
  set(DualGPU_HIP_CLANG "${clang}" PARENT_SCOPE)
  set(DualGPU_HIP_VERSION "${hip_version}" PARENT_SCOPE)
  set(DualGPU_ROCM_ROOT "${root}" PARENT_SCOPE)
  set(DualGPU_ROCM_ROOT_SOURCE "${root_how}" PARENT_SCOPE)
  set(DualGPU_ROCM_VERSION "${rocm_version}" PARENT_SCOPE)
  set(DualGPU_ROCM_DEVICE_LIB_DIR "${device_libs}" PARENT_SCOPE)
  set(DualGPU_TOOLCHAINS "${toolchains}" PARENT_SCOPE)
  set(DualGPU_NOTES "${DualGPU_NOTES}" PARENT_SCOPE)
endfunction()

# dualgpu_check_compiler_accepts(<out-error> <platform> <architectures>)
# Asks the found compiler whether it can build each architecture, so an unsupported one
# fails at configure with the release it needs, not halfway through the build.
function(dualgpu_check_compiler_accepts out platform archs)
  set(${out} "" PARENT_SCOPE)
  dualgpu_architecture_keyword(keyword "${archs}")
  if(keyword)
    return()  # native, all, all-major, OFF: CMake resolves them against the compiler itself
  endif()
  if(platform STREQUAL "cuda" AND DualGPU_NVCC)
    _dualgpu_probe(text rc "${DualGPU_NVCC}" --list-gpu-arch)
    if(NOT rc STREQUAL "0")
      return()  # nvcc older than 11.5 has no --list-gpu-arch: nothing to check against
    endif()
    string(REGEX MATCHALL "compute_[0-9]+" known "${text}")
    string(REPLACE "compute_" "" known "${known}")
    foreach(a IN LISTS archs)
      dualgpu_cuda_arch_base(base "${a}")
      if(NOT base IN_LIST known)
        list(JOIN known ", " known_text)
        set(${out} "nvcc ${DualGPU_CUDA_VERSION} cannot build '${a}' (it builds ${known_text}): drop it from the list or use a CUDA toolkit that supports it" PARENT_SCOPE)
        return()
      endif()
    endforeach()
  elseif(platform STREQUAL "rocm" AND DualGPU_HIP_CLANG)
    foreach(a IN LISTS archs)
      string(REGEX REPLACE ":.*$" "" base "${a}")
      dualgpu_amd_target_info(info "${base}")
      set(need "")
      if(info_FOUND AND DualGPU_HIP_VERSION AND DualGPU_HIP_VERSION VERSION_GREATER_EQUAL info_MIN_ROCM)
        # Newer than the release that added it: this LLVM dropped the target (gfx940 and gfx941,
        # early MI300 parts, left LLVM 20; the chips run gfx942 code).
        set(need " (${base} was removed from this LLVM after ROCm ${info_MIN_ROCM} added it: build for its successor, e.g. gfx942 for gfx940/gfx941, or use an older ROCm)")
      elseif(info_FOUND)
        set(need " (${base} needs ROCm ${info_MIN_ROCM} or newer, or upstream LLVM ${info_MIN_LLVM})")
      else()
        set(need " (${base} is not in DualGPU's table: check the spelling, or use a ROCm that knows it)")
      endif()
      set(have "this toolchain")
      if(DualGPU_HIP_VERSION)
        set(have "HIP ${DualGPU_HIP_VERSION}")
      endif()
      _dualgpu_probe(err rc "${DualGPU_HIP_CLANG}" -x hip "--offload-arch=${a}"
        -nogpulib -nogpuinc --cuda-device-only -E -o "${_DUALGPU_NULL}" "${_DUALGPU_NULL}")
      if(NOT rc STREQUAL "0")
        _dualgpu_first_line(err "${err}")
        if(err MATCHES "invalid target ID")
          set(err "its clang does not know this target")
        endif()
        set(${out} "${have} (${DualGPU_HIP_CLANG}) cannot build '${a}'${need}: ${err}" PARENT_SCOPE)
        return()
      endif()
      string(REGEX REPLACE "^gfx" "" num "${base}")
      if(DualGPU_ROCM_DEVICE_LIB_DIR AND NOT EXISTS "${DualGPU_ROCM_DEVICE_LIB_DIR}/oclc_isa_version_${num}.bc")
        set(${out} "${have} has no device library for '${a}' in ${DualGPU_ROCM_DEVICE_LIB_DIR}${need}: install a newer ROCm or drop it from the list" PARENT_SCOPE)
        return()
      endif()
    endforeach()
  endif()
endfunction()
