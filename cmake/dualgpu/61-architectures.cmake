#[=======================================================================[.rst:
dualgpu/61-architectures
------------------------

What a target's architecture list means for its compiles: the device compiler's parallel jobs and
fat-binary compression for the list, and sources built for only the part of the list they support
(Hopper's ``wgmma`` needs ``sm_90a``, a kernel tuned for CDNA only ``gfx90a gfx942``), as vLLM's
``cuda_archs_loose_intersection`` and kernel-builder do.

Search behaviour
^^^^^^^^^^^^^^^^

One GPU source built for several architectures compiles them one after another unless the device
compiler is told otherwise; a build with fewer sources than cores then leaves cores idle.
:command:`dualgpu_target_parallel_architectures` reads the target's ``CUDA_ARCHITECTURES`` /
``HIP_ARCHITECTURES``, the machine's logical cores, nvcc's version
(``CMAKE_CUDA_COMPILER_VERSION``) and, on HIP, which of ``--offload-jobs=``, ``-parallel-jobs=``
and ``--offload-compress`` the found clang lists in ``--help-hidden`` (asked once, bounded by
``DUALGPU_PROBE_TIMEOUT``, kept in the cache), and adds for the target's GPU sources:

* nvcc 11.2+: ``--threads=<n>`` when a source compiles for two or more architectures
  (``80-real`` and ``90-virtual`` count one each, a plain ``90`` two);
* clang: ``--offload-jobs=<n>`` (LLVM 20+) or ``-parallel-jobs=<n>`` (ROCm's LLVM) where the
  found clang has one of them, at compile and at an RDC device link;
* clang: ``--offload-compress`` where it exists (LLVM 18+, ROCm 6.1+), at compile and at an RDC
  device link: the fat binary holds each target's code object compressed.

Input variables
^^^^^^^^^^^^^^^

``DUALGPU_ARCHITECTURE_JOBS``
  How many of one source's architectures compile at once (CMake variable, else environment).
  ``AUTO`` (default): one per architecture, at most the machine's logical cores, so a lone source
  uses the machine and a full build (already one compile per core) is not oversubscribed by more
  than the list's length; ``OFF`` or ``1``: one after another (the compilers' default); a number:
  that many.
``DUALGPU_OFFLOAD_COMPRESS``
  ``AUTO`` (default): compress where the HIP compiler can; ``OFF``: never; ``ON``: compress, and fail
  at configure when the compiler cannot (CMake variable, else environment).
``DUALGPU_PROBE_TIMEOUT``
  Bounds the ``--help-hidden`` run (dualgpu/10-util).
``DualGPU_PLATFORM``, ``DualGPU_GPU_LANGUAGE``
  The decision of ``find_package(DualGPU)``: the commands act on cuda and rocm only.

Commands
^^^^^^^^

.. command:: dualgpu_target_parallel_architectures

  .. versionadded:: 0.2

  ::

    dualgpu_target_parallel_architectures(<target>)

  Adds the flags above for the target's current architecture list (nothing on cpu, or when the
  target has no list). :command:`dualgpu_target_gpu_sources` calls it.

.. command:: dualgpu_target_source_architectures

  .. versionadded:: 0.2

  ::

    dualgpu_target_source_architectures(<target> <source>... ARCHITECTURES <arch>... [DEFINE <macro>])

  Call after :command:`dualgpu_add_library` (or the other ``dualgpu_add_*`` commands, or
  :command:`dualgpu_target_gpu_sources`). ``ARCHITECTURES`` lists what the sources support, in any
  spelling :command:`dualgpu_parse_architectures` reads; it is intersected with the target's list
  (:command:`dualgpu_intersect_architectures`; a keyword list such as ``native`` or ``all`` takes the
  sources' own list). The sources move to an object library ``<target>-archs-<list>`` built for the
  intersection, with the target's include folders, compile definitions, options and link libraries
  (read when the build is generated), whose objects the target then takes; a CMake target carries
  one architecture list, so sources with another list need their own. They are compiled as whole
  programs even on an ``RDC`` target (a device link covers one list): they may not call
  ``__device__`` functions defined in other sources.

  When the intersection is empty the sources are left out of the build, with a status line.
  ``DEFINE <macro>`` tells host code which happened: the target gets ``<macro>=1`` when the sources
  are built and ``<macro>=0`` when they are left out. On the cpu platform, where no GPU source is
  built, it is ``0``.

.. command:: dualgpu_intersect_architectures

  .. versionadded:: 0.2

  ::

    dualgpu_intersect_architectures(<out> <platform> <supported> <build>)

  For each architecture of ``<build>`` (DualGPU's parsed form: ``90a-real``, ``90-virtual``,
  ``gfx90a``), the best one of ``<supported>`` that runs there; ``<out>`` lists those, in the
  build's order, once each.

  * cuda, real code (``NN-real``): the highest supported architecture of the same major version
    and no higher minor (``sm_80`` code runs on ``sm_86``). An arch-specific ``NNa`` only for
    exactly ``NN``, and preferred there to plain ``NN``: the source says it wants it.
  * cuda, family code (``NNf``): for real code and PTX of the same major version from ``NN`` on,
    preferred to plain ``NN``.
  * cuda, PTX (``NN-virtual``): the highest supported architecture up to ``NN`` of any major
    version (PTX compiles forward); ``NNa`` only when the build asks for ``NNa-virtual``.
  * rocm: the same processor (``gfx90a:xnack-`` in the build matches ``gfx90a``); a generic
    target (``gfx11-generic``) only by its own name.

  Example: build ``80-real;86-real;90-real;90-virtual``, supported ``8.0;9.0a``
  (parsed ``80-real;90a-real``)::

    80-real    <- 80    same GPU
    86-real    <- 80    sm_80 code runs on sm_86
    90-real    <- 90a   the source's arch-specific choice for sm_90
    90-virtual <- 80    compute_90a PTX would not run beyond sm_90
    result: 80-real;90a-real;80-virtual

  Example: build ``80-real;86-real``, supported ``9.0a`` -> empty: the source is left out.

#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/10-util.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/25-spellings.cmake")

# _dualgpu_device_compiles(<out> <architectures>): how many device compilations one source makes.
# Example: 80-real;90-real;90-virtual -> 3 ; 90 -> 2 (code and PTX) ; gfx90a;gfx942 -> 2 ;
# all -> 1000 (CMake's keywords name many).
function(_dualgpu_device_compiles out archs)
  set(count 0)
  foreach(arch IN LISTS archs)
    if(arch MATCHES "^(all|all-major|native)$")
      math(EXPR count "${count} + 1000")
    elseif(arch MATCHES "^[0-9]+[af]?$")
      math(EXPR count "${count} + 2")
    else()
      math(EXPR count "${count} + 1")
    endif()
  endforeach()
  set(${out} ${count} PARENT_SCOPE)
endfunction()

# _dualgpu_parallel_flags(<out> LANGUAGE <CUDA|HIP> ARCHITECTURES <arch>... JOBS <AUTO|OFF|n>
#   CORES <n> COMPRESS <AUTO|ON|OFF> [NVCC_VERSION <v>] [CLANG_HELP <text>]): the device compiler's
# flags for that list, from what the compiler is known to accept. Pure, so unit tests can drive it.
# Example: LANGUAGE CUDA ARCHITECTURES 80-real 90-real JOBS AUTO CORES 16 NVCC_VERSION 13.0 -> --threads=2
# Example: LANGUAGE HIP ARCHITECTURES gfx90a gfx942 gfx1100 JOBS AUTO CORES 2 COMPRESS AUTO
#          CLANG_HELP "--offload-compress ... --offload-jobs=<value>" -> --offload-jobs=2;--offload-compress
function(_dualgpu_parallel_flags out)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "LANGUAGE;JOBS;CORES;COMPRESS;NVCC_VERSION;CLANG_HELP" "ARCHITECTURES")
  set(flags "")
  _dualgpu_device_compiles(compiles "${ARG_ARCHITECTURES}")
  set(jobs 1)
  # An empty JOBS is AUTO: before CMake 3.31 (CMP0174) cmake_parse_arguments leaves ARG_JOBS undefined for
  # an empty value, and if(ARG_JOBS STREQUAL "") would then compare the name itself.
  if(NOT DEFINED ARG_JOBS OR "${ARG_JOBS}" STREQUAL "" OR "${ARG_JOBS}" STREQUAL "AUTO")
    set(jobs ${compiles})
    if(ARG_CORES GREATER 0 AND jobs GREATER ARG_CORES)
      set(jobs ${ARG_CORES})
    endif()
  elseif(ARG_JOBS MATCHES "^[0-9]+$")
    set(jobs ${ARG_JOBS})
  elseif(ARG_JOBS)
    message(FATAL_ERROR "DUALGPU_ARCHITECTURE_JOBS='${ARG_JOBS}': give AUTO, OFF or a number of jobs")
  endif()
  if(compiles LESS 2)
    set(jobs 1)
  endif()
  if(ARG_LANGUAGE STREQUAL "CUDA")
    if(jobs GREATER 1 AND ARG_NVCC_VERSION VERSION_GREATER_EQUAL 11.2)
      list(APPEND flags "--threads=${jobs}")
    endif()
  elseif(ARG_LANGUAGE STREQUAL "HIP")
    if(jobs GREATER 1)
      if(ARG_CLANG_HELP MATCHES "--offload-jobs=")
        list(APPEND flags "--offload-jobs=${jobs}")
      elseif(ARG_CLANG_HELP MATCHES "-parallel-jobs=")
        list(APPEND flags "-parallel-jobs=${jobs}")
      endif()
    endif()
    set(compress "${ARG_COMPRESS}")
    if(compress STREQUAL "")
      set(compress AUTO)
    endif()
    if(compress STREQUAL "AUTO" OR compress)
      if(ARG_CLANG_HELP MATCHES "--offload-compress")
        list(APPEND flags "--offload-compress")
      elseif(NOT compress STREQUAL "AUTO")
        message(FATAL_ERROR "DUALGPU_OFFLOAD_COMPRESS=${compress} but this HIP compiler has no "
          "--offload-compress (it needs LLVM 18 / ROCm 6.1 or newer): use a newer ROCm, or set "
          "DUALGPU_OFFLOAD_COMPRESS=AUTO")
      endif()
    endif()
  endif()
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()

function(dualgpu_target_parallel_architectures target)
  set(lang "${DualGPU_GPU_LANGUAGE}")
  if(NOT lang MATCHES "^(CUDA|HIP)$")
    return()
  endif()
  get_target_property(archs ${target} ${lang}_ARCHITECTURES)
  if(NOT archs)
    return()
  endif()
  _dualgpu_setting(jobs jobs_origin DUALGPU_ARCHITECTURE_JOBS)
  _dualgpu_setting(compress compress_origin DUALGPU_OFFLOAD_COMPRESS)
  cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)
  set(help "")
  if(lang STREQUAL "HIP")
    _dualgpu_tool_answer(help "(--offload-jobs=|-parallel-jobs=|--offload-compress)" "${CMAKE_HIP_COMPILER}" --help-hidden)
  endif()
  _dualgpu_parallel_flags(flags LANGUAGE ${lang} ARCHITECTURES ${archs} JOBS "${jobs}" CORES ${cores}
    COMPRESS "${compress}" NVCC_VERSION "${CMAKE_CUDA_COMPILER_VERSION}" CLANG_HELP "${help}")
  if(flags)
    target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:${lang}>:${flags}>")
    if(lang STREQUAL "HIP")
      # With -fgpu-rdc the code objects are made, and bundled, at the device link.
      target_link_options(${target} PRIVATE "$<$<LINK_LANGUAGE:HIP>:${flags}>")
    endif()
  endif()
endfunction()

# _dualgpu_split_cuda_arch(<prefix> <entry>): <prefix>_NUMBER (90), _MAJOR (9), _SUFFIX (a, f or "")
# and _KINDS (real;virtual for a plain 90) of one CMake-style CUDA entry.
macro(_dualgpu_split_cuda_arch prefix entry)
  string(REGEX MATCH "^([0-9]+)([af]?)(-(real|virtual))?$" _dualgpu_m "${entry}")
  set(${prefix}_NUMBER "${CMAKE_MATCH_1}")
  set(${prefix}_SUFFIX "${CMAKE_MATCH_2}")
  set(${prefix}_KINDS "${CMAKE_MATCH_4}")
  if(${prefix}_KINDS STREQUAL "")
    set(${prefix}_KINDS real virtual)
  endif()
  math(EXPR ${prefix}_MAJOR "${${prefix}_NUMBER} / 10")
endmacro()

# _dualgpu_cuda_candidate_rank(<out> <supported> <build-entry> <build-kind>): how well one supported
# architecture serves one build architecture: -1 when it does not run there, else a rank (higher is
# better: the number, then a > f > plain).
function(_dualgpu_cuda_candidate_rank out supported build kind)
  _dualgpu_split_cuda_arch(s "${supported}")
  _dualgpu_split_cuda_arch(b "${build}")
  set(rank -1)
  if(s_SUFFIX STREQUAL "a")
    if(s_NUMBER EQUAL b_NUMBER AND (kind STREQUAL "real" OR b_SUFFIX STREQUAL "a"))
      math(EXPR rank "${s_NUMBER} * 10 + 2")
    endif()
  elseif(s_NUMBER LESS_EQUAL b_NUMBER AND (kind STREQUAL "virtual" OR s_MAJOR EQUAL b_MAJOR))
    if(s_SUFFIX STREQUAL "f" AND NOT s_MAJOR EQUAL b_MAJOR)
      set(rank -1)  # family code runs within its major version only
    elseif(s_SUFFIX STREQUAL "f")
      math(EXPR rank "${s_NUMBER} * 10 + 1")
    else()
      math(EXPR rank "${s_NUMBER} * 10")
    endif()
  endif()
  set(${out} ${rank} PARENT_SCOPE)
endfunction()

function(dualgpu_intersect_architectures out platform supported build)
  set(result "")
  if(platform STREQUAL "rocm")
    foreach(b IN LISTS build)
      string(REGEX REPLACE ":.*$" "" b_processor "${b}")
      foreach(s IN LISTS supported)
        string(REGEX REPLACE ":.*$" "" s_processor "${s}")
        if(s_processor STREQUAL b_processor)
          list(APPEND result "${b}")
          break()
        endif()
      endforeach()
    endforeach()
  elseif(platform STREQUAL "cuda")
    foreach(b IN LISTS build)
      _dualgpu_split_cuda_arch(b "${b}")
      foreach(kind IN LISTS b_KINDS)
        set(best "")
        set(best_rank -1)
        foreach(s IN LISTS supported)
          _dualgpu_cuda_candidate_rank(rank "${s}" "${b}" ${kind})
          if(rank GREATER best_rank)
            set(best_rank ${rank})
            _dualgpu_split_cuda_arch(best "${s}")
            set(best "${best_NUMBER}${best_SUFFIX}-${kind}")
          endif()
        endforeach()
        if(best)
          list(APPEND result "${best}")
        endif()
      endforeach()
    endforeach()
  endif()
  list(REMOVE_DUPLICATES result)
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

function(dualgpu_target_source_architectures target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "DEFINE" "ARCHITECTURES")
  set(sources ${ARG_UNPARSED_ARGUMENTS})
  if(NOT sources OR NOT ARG_ARCHITECTURES)
    message(FATAL_ERROR "dualgpu_target_source_architectures(${target}): give the sources and "
      "ARCHITECTURES <arch>... (what they support)")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "dualgpu_target_source_architectures(${target}): no such target; call it after dualgpu_add_library()")
  endif()
  set(built 0)
  if(DualGPU_PLATFORM MATCHES "^(cuda|rocm)$")
    dualgpu_parse_architectures(supported err "${DualGPU_PLATFORM}" "${ARG_ARCHITECTURES}")
    if(err)
      message(FATAL_ERROR "dualgpu_target_source_architectures(${target}): ARCHITECTURES ${err}")
    endif()
    get_target_property(build ${target} ${DualGPU_GPU_LANGUAGE}_ARCHITECTURES)
    dualgpu_architecture_keyword(build_is_keyword "${build}")
    if(build_is_keyword)
      set(archs "${supported}")  # all, native: CMake picks; the source's own list is the narrower
    else()
      dualgpu_intersect_architectures(archs "${DualGPU_PLATFORM}" "${supported}" "${build}")
    endif()
  endif()

  # The sources leave the target, whatever happens to them next.
  get_target_property(source_dir ${target} SOURCE_DIR)
  set(absolute "")
  foreach(s IN LISTS sources)
    get_filename_component(path "${s}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND absolute "${path}")
  endforeach()
  get_target_property(target_sources ${target} SOURCES)
  set(kept "")
  foreach(s IN LISTS target_sources)
    get_filename_component(path "${s}" ABSOLUTE BASE_DIR "${source_dir}")
    if(NOT path IN_LIST absolute)
      list(APPEND kept "${s}")
    endif()
  endforeach()
  set_property(TARGET ${target} PROPERTY SOURCES "${kept}")

  list(JOIN sources " " names)
  if(NOT DualGPU_PLATFORM MATCHES "^(cuda|rocm)$")
    # Nothing GPU is built on cpu; the sources stay visible in IDEs through the target's others.
  elseif(NOT archs)
    list(JOIN supported " " s)
    list(JOIN build " " b)
    message(STATUS "DualGPU: ${target}: ${names} left out: they support ${s}, the build is for ${b}")
  else()
    set(built 1)
    list(JOIN archs "_" slug)
    string(REGEX REPLACE "[^A-Za-z0-9_.+-]" "_" slug "${slug}")
    set(objects "${target}-archs-${slug}")
    if(NOT TARGET ${objects})
      add_library(${objects} OBJECT)
      set_source_files_properties(${absolute} PROPERTIES LANGUAGE ${DualGPU_GPU_LANGUAGE})
      get_target_property(type ${target} TYPE)
      get_target_property(pic ${target} POSITION_INDEPENDENT_CODE)
      if(type MATCHES "SHARED_LIBRARY|MODULE_LIBRARY")
        set(pic ON)
      endif()
      set_target_properties(${objects} PROPERTIES ${DualGPU_GPU_LANGUAGE}_ARCHITECTURES "${archs}"
        POSITION_INDEPENDENT_CODE "${pic}")
      # Whole-program device code even on an RDC target: its device link is for the target's list,
      # and would leave these sources' architectures out.
      foreach(property IN ITEMS CXX_STANDARD CUDA_STANDARD HIP_STANDARD
          CXX_VISIBILITY_PRESET CUDA_VISIBILITY_PRESET HIP_VISIBILITY_PRESET ${DualGPU_GPU_LANGUAGE}_COMPILER_LAUNCHER)
        get_target_property(value ${target} ${property})
        if(value)
          set_property(TARGET ${objects} PROPERTY ${property} "${value}")
        endif()
      endforeach()
      # Late-bound: what the target gets after this call reaches these sources too.
      target_include_directories(${objects} PRIVATE "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
      target_compile_definitions(${objects} PRIVATE "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
      target_compile_options(${objects} PRIVATE "$<FILTER:$<TARGET_PROPERTY:${target},COMPILE_OPTIONS>,EXCLUDE,^-fgpu-rdc$>")
      target_link_libraries(${objects} PRIVATE "$<TARGET_PROPERTY:${target},LINK_LIBRARIES>")
      target_sources(${target} PRIVATE "$<TARGET_OBJECTS:${objects}>")
    endif()
    target_sources(${objects} PRIVATE ${absolute})
  endif()
  if(ARG_DEFINE)
    target_compile_definitions(${target} PRIVATE "${ARG_DEFINE}=${built}")
  endif()
endfunction()
