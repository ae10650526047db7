#[=======================================================================[.rst:
dualgpu/60-commands
-------------------

Every command that acts on targets.

Commands: targets
^^^^^^^^^^^^^^^^^

Commands that build one source tree for the platform :command:`dualgpu_decide`
chose. Everything is set on targets; no global flags are touched.

.. command:: dualgpu_add_library

  .. versionadded:: 0.1

  ::

    dualgpu_add_library(<name> [STATIC|SHARED|MODULE|OBJECT] <sources>...
                        [RDC] [ARCHITECTURES <arch>...])

  Like ``add_library``. ``.cu`` and ``.hip`` sources compile as CUDA on the cuda
  platform and as HIP on rocm (without renaming or copying); on cpu they are left
  out of the build. Links ``DualGPU::runtime``. ``RDC`` turns on relocatable device
  code (``DUALGPU_RDC`` sets the default). ``ARCHITECTURES`` overrides
  ``DualGPU_ARCHITECTURES`` for this target (any spelling
  :command:`dualgpu_parse_architectures` reads).

.. command:: dualgpu_add_executable

  .. versionadded:: 0.1

  ::

    dualgpu_add_executable(<name> <sources>... [RDC] [ARCHITECTURES <arch>...])

.. command:: dualgpu_target_gpu_sources

  .. versionadded:: 0.1

  ::

    dualgpu_target_gpu_sources(<target> [RDC] [ARCHITECTURES <arch>...])

  The step the commands above are made of, for targets you create yourself:
  sets the language of the target's GPU sources, its architectures, RDC, the
  compiler launcher, and the device compiler's parallel jobs and compression
  (:command:`dualgpu_target_parallel_architectures`).

.. command:: dualgpu_target_rdc

  .. versionadded:: 0.1

  ::

    dualgpu_target_rdc(<target>)

  Relocatable device code: ``CUDA_SEPARABLE_COMPILATION`` with device-symbol
  resolution on CUDA; ``-fgpu-rdc`` at compile and ``-fgpu-rdc --hip-link`` at link
  on HIP (propagated to consumers of static libraries).

.. command:: dualgpu_target_compiler_launcher

  .. versionadded:: 0.1

  ::

    dualgpu_target_compiler_launcher(<target>)

  Puts ccache or sccache (``DUALGPU_COMPILER_LAUNCHER``: ``AUTO`` default, ``OFF``,
  or a path) in front of the CXX, CUDA and HIP compilers, unless the user set
  ``CMAKE_<LANG>_COMPILER_LAUNCHER``; shared across folders and machines, and with
  ``DUALGPU_COMPILER_CACHE`` through a remote storage (dualgpu/60-commands).

Build type: when a single-config generator is given no ``CMAKE_BUILD_TYPE`` (neither on the
command line nor in the environment), DualGPU sets ``Release``: nvcc optimises device code by
default but HIP's clang compiles it at ``-O0``.

``DUALGPU_WARN_WAVE64`` (``OFF``): on rocm with a 64-wide-wave target (the table's wave column: gfx803, gfx90a, gfx940,
gfx942), warn at configure for each GPU source that reads ``warpSize`` or hard-codes a
warp of 32 (``& 31``, ``% 32``, ``/ 32``, ``[32]``), the patterns that are wrong there
(docs/porting.md#warpsize).

Commands: compiler cache
^^^^^^^^^^^^^^^^^^^^^^^^

The compiler cache in front of every C++, CUDA and HIP compile of a DualGPU target, set up so that
builds in different folders, clones, virtual environments and machines share results, locally or
through a remote storage shared by a CI fleet.

.. command:: dualgpu_target_compiler_launcher

  .. versionadded:: 0.1

  ::

    dualgpu_target_compiler_launcher(<target>)

  Puts ccache or sccache (``DUALGPU_COMPILER_LAUNCHER``) in front of the target's CXX, CUDA and HIP
  compilers, unless the user set ``CMAKE_<LANG>_COMPILER_LAUNCHER``. With ccache the launcher is
  ``cmake -E env <settings> ccache``, the settings being:

  1. ``CCACHE_BASEDIR``: the deepest folder holding the project's source and build trees, widened
     to DualGPU's include folder and torch (with ``COMPONENTS Torch``) when they share a folder
     other than ``/`` with them. ccache rewrites absolute paths below it into paths relative to the
     build folder, so two checkouts laid out alike hash alike wherever they are. A venv elsewhere
     (``/opt/venv`` beside ``/home/runner/work``) keeps its absolute paths: it hits when it is at
     the same path on each runner. Widening to ``/`` for it is avoided because system headers would
     then be named relative to the build folder, and builds at different depths would miss; it is
     ``/`` only when the source and build trees share nothing deeper.
  2. ``CCACHE_NOHASHDIR=1``: the build folder is no part of the hash (debug information then
     names the folder of the build that filled the cache).
  3. ``CCACHE_COMPILERCHECK=content``: a compiler is known by its file's content, not its path
     and time stamp, so the same nvcc or clang unpacked in two places hits.
  4. ``CCACHE_REMOTE_STORAGE`` from ``DUALGPU_COMPILER_CACHE``, with ``|read-only`` when
     ``DUALGPU_COMPILER_CACHE_READONLY`` is on.

  A setting already in the configure environment (``CCACHE_BASEDIR``, ``CCACHE_HASHDIR`` /
  ``CCACHE_NOHASHDIR``, ``CCACHE_COMPILERCHECK``, ``CCACHE_REMOTE_STORAGE``, ``CCACHE_REMOTE_ONLY``)
  is left to ccache, which reads it at build time. The URL is written into the build files: give a
  password through ccache's own ``CCACHE_REMOTE_STORAGE`` in the build's environment instead.

Variables (each also read from the environment):

``DUALGPU_COMPILER_LAUNCHER``
  ``AUTO`` (ccache, else sccache, when found; left out with a status line when its cache folder
  cannot be written), ``OFF``, or a program.
``DUALGPU_COMPILER_CACHE``
  A remote storage every compile reads and fills: ``redis://[[USER:]PASSWORD@]HOST[:PORT][/DB]``,
  ``redis+unix:SOCKET[?db=DB]``, ``http(s)://HOST[:PORT]/PATH`` (ccache's URL forms, needs ccache
  4.6 or newer), or ``OFF`` (no remote storage, even one set in ccache's own configuration).
``DUALGPU_COMPILER_CACHE_READONLY``
  ``ON`` reads the remote storage without writing to it: for builds of untrusted code such as
  pull requests from forks. Also applied to ccache's own ``CCACHE_REMOTE_STORAGE``.

Commands: parallel device compiles
^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

One GPU source built for several architectures compiles them one after another unless the device
compiler is told otherwise; a build with fewer sources than cores then leaves cores idle. This
module tells it, and compresses HIP fat binaries where the toolchain can.

.. command:: dualgpu_target_parallel_architectures

  .. versionadded:: 0.2

  ::

    dualgpu_target_parallel_architectures(<target>)

  Reads the target's ``CUDA_ARCHITECTURES`` / ``HIP_ARCHITECTURES`` and adds, for its GPU sources:

  * nvcc 11.2+: ``--threads=<n>`` when a source compiles for two or more architectures
    (``80-real`` and ``90-virtual`` count one each, a plain ``90`` two);
  * clang: ``--offload-jobs=<n>`` (LLVM 20+) or ``-parallel-jobs=<n>`` (ROCm's LLVM) where the
    found clang has one of them (clang 15 has neither), at compile and at an RDC device link;
  * clang: ``--offload-compress`` where it exists (LLVM 18+, ROCm 6.1+), at compile and at an RDC
    device link: the fat binary holds each target's code object compressed.

Variables (each also read from the environment):

``DUALGPU_ARCHITECTURE_JOBS``
  How many of one source's architectures compile at once. ``AUTO`` (default): one per
  architecture, at most the machine's logical cores, so a lone source uses the machine and a
  full build (already one compile per core) is not oversubscribed by more than the list's length;
  ``OFF`` or ``1``: one after another (the compilers' default); a number: that many.
``DUALGPU_OFFLOAD_COMPRESS``
  ``AUTO`` (default): compress where the HIP compiler can; ``OFF``: never; ``ON``: compress, and fail
  at configure when the compiler cannot.

Commands: per-source architectures
^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

Kernels that support only some architectures (Hopper's ``wgmma`` needs ``sm_90a``, a kernel tuned for
CDNA only ``gfx90a gfx942``) built for the part of the build's list they support, as vLLM's
``cuda_archs_loose_intersection`` and kernel-builder do.

.. command:: dualgpu_target_source_architectures

  .. versionadded:: 0.2

  ::

    dualgpu_target_source_architectures(<target> <source>... ARCHITECTURES <arch>... [DEFINE <macro>])

  Call after :command:`dualgpu_add_library` (or the other ``dualgpu_add_*`` commands, or
  :command:`dualgpu_target_gpu_sources`). ``ARCHITECTURES`` lists what the sources support, in any
  spelling :command:`dualgpu_parse_architectures` reads; it is intersected with the target's list
  (:command:`dualgpu_intersect_architectures`). The sources move to an object library
  ``<target>-archs-<list>`` built for the intersection, with the target's include folders, compile
  definitions, options and link libraries, whose objects the target then takes; a CMake target
  carries one architecture list, so sources with another list need their own. They are compiled as
  whole programs even on an ``RDC`` target (a device link covers one list): they may not call
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

Commands: torch extensions
^^^^^^^^^^^^^^^^^^^^^^^^^^

Builds a torch extension: the command, the linker it links with, and the check
that its C++ compiler can share torch's ``libstdc++``. Loaded by
``find_package(DualGPU COMPONENTS Torch)``, after ``dualgpu/40-torch`` found torch.

Search Behavior
^^^^^^^^^^^^^^^

1. The C++ compiler (and on cuda the CUDA host compiler), when GNU, is asked
   for its shared ``libstdc++`` (``-print-file-name=libstdc++.so``, bounded by
   ``DUALGPU_PROBE_TIMEOUT``). Without one the extension would carry its own
   copy of the C++ library next to the one torch loads, and crash at the first
   ``std::ostream`` use: configure stops and names a compiler on ``PATH`` or in
   ``/usr/bin`` that has one.
2. The linker (``DUALGPU_LINKER``): ``AUTO`` (default) takes ``ld.lld``, else
   ``ld.gold``, found on ``PATH`` (``DUALGPU_LLD_PROGRAM`` /
   ``DUALGPU_GOLD_PROGRAM``); ``OFF`` keeps the toolchain's; any other value is
   a CMake linker type (``LLD``, ``GOLD``, ``MOLD``). Needs CMake 3.29
   (``LINKER_TYPE``); a project's ``CMAKE_LINKER_TYPE`` wins; not on rocm,
   where clang's own lld performs the ``-fgpu-rdc`` device link.

Imported Targets
^^^^^^^^^^^^^^^^

None: the extension links ``DualGPU::torch`` (``dualgpu/40-torch``) and
``DualGPU::runtime``.

Result Variables
^^^^^^^^^^^^^^^^

None. Cache: ``DUALGPU_LLD_PROGRAM``, ``DUALGPU_GOLD_PROGRAM``.

Commands
^^^^^^^^

.. command:: dualgpu_add_torch_extension

  .. versionadded:: 0.1

  ::

    dualgpu_add_torch_extension(<name> <sources>... [RDC] [ARCHITECTURES <arch>...]
                                [PYTHON_MODULE] [STABLE_ABI <major.minor>])

  A ``SHARED`` library for ``torch.ops.load_library``: GPU sources for the
  platform (:command:`dualgpu_target_gpu_sources`), linked to ``DualGPU::torch``,
  ``TORCH_EXTENSION_NAME=<name>`` as ``torch.utils.cpp_extension`` defines it,
  Python's headers when found (``torch/extension.h`` includes ``Python.h``),
  the C++ standard torch's headers need for every language, the shared CUDA
  runtime torch uses, and the linker chosen above.

  ``PYTHON_MODULE`` makes it an importable Python module
  (:command:`dualgpu_target_python_module`): ``import <name>`` loads it.

  ``STABLE_ABI <major.minor>`` builds against torch's stable ABI
  of that release (:command:`dualgpu_target_torch_stable_abi`) as a
  limited-API (abi3) Python module: one build for that torch and every later
  one, for Python 3.9 and later. Configure fails when the version is misspelt,
  older than 2.10, or newer than the torch found.

.. command:: dualgpu_add_abi_test

  .. versionadded:: 0.2

  ::

    dualgpu_add_abi_test(<target>)

  A CTest test ``<target>.check_abi`` that runs ``dualgpu check-abi`` on the
  built library with ``DUALGPU_PYTHON`` (``--stable-abi`` from ``STABLE_ABI``):
  it fails on a libtorch C++ symbol or a shim newer than the declared release.

.. command:: dualgpu_target_torch_stable_abi

  .. versionadded:: 0.2

  ::

    dualgpu_target_torch_stable_abi(<target> <major.minor>)

  ``TORCH_TARGET_VERSION`` and ``TORCH_STABLE_ONLY`` on ``<target>``, which
  links ``DualGPU::torch_stable`` (headers) and no libtorch library.

.. command:: dualgpu_target_python_module

  .. versionadded:: 0.2

  ::

    dualgpu_target_python_module(<target> [LIMITED_API])

  ``Python::Module``, no ``lib`` prefix, the interpreter's suffix
  (``.abi3.so`` and ``Py_LIMITED_API`` for 3.9 with ``LIMITED_API``), and a
  weak ``PyInit_<file base name>`` returning an empty module.

#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/30-decide.cmake")

if(NOT CMAKE_SCRIPT_MODE_FILE AND NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type (DualGPU's default when none is given: Release)" FORCE)
endif()

# (Patterns and settings live inside the functions or come as arguments: the deferred source check
# runs in the top-level folder, where this file's folder-scope variables may not exist.)
function(_dualgpu_gpu_sources out target)
  get_target_property(sources ${target} SOURCES)
  set(result "")
  foreach(s IN LISTS sources)
    if(s MATCHES "\\.(cu|hip)$" AND NOT s MATCHES "^\\$<")
      list(APPEND result "${s}")
    endif()
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# _dualgpu_apply_source_languages(<target>): the target's .cu files compile in the GPU language (HIP
# on rocm, where CMake would not), or not at all on cpu. Idempotent: run again for later sources.
function(_dualgpu_apply_source_languages target platform language)
  _dualgpu_gpu_sources(gpu_sources ${target})
  if(NOT gpu_sources)
    return()
  endif()
  if(platform STREQUAL "cpu")
    # Kept in the target (IDEs still show them) but not compiled.
    set_source_files_properties(${gpu_sources} TARGET_DIRECTORY ${target} PROPERTIES HEADER_FILE_ONLY ON)
    # A library of GPU sources alone is empty here; CMake still needs a linker language.
    set_property(TARGET ${target} PROPERTY LINKER_LANGUAGE CXX)
  else()
    set_source_files_properties(${gpu_sources} TARGET_DIRECTORY ${target} PROPERTIES LANGUAGE ${language})
  endif()
endfunction()

# _dualgpu_check_target_sources(<target>): deferred to the end of the configure. Later-added .cu files
# get their language; a .cu hidden in a generator expression (which DualGPU cannot see, so could not
# compile as HIP) and a source name a shell would interpret stop the configure, naming the file.
function(_dualgpu_check_target_sources target platform language)
  # Characters that a shell reads in a file name: nvcc's command line and Makefile recipes go through
  # /bin/sh, so a source named k$(touch X).cu would run the command inside its name.
  set(shell_characters "[$`\"'\\;&|<>()*?!#~{}\n]|\\[|\\]")
  get_target_property(sources ${target} SOURCES)
  foreach(s IN LISTS sources)
    if(s MATCHES "^\\$<" AND s MATCHES "\\.(cu|hip)[>,:]" AND NOT platform STREQUAL "cuda")
      message(FATAL_ERROR "${target}: the GPU source '${s}' is given as a generator expression, which "
        "DualGPU cannot see at configure time (on ${platform} it marks each .cu file itself, or it would be "
        "left out): list the .cu file plainly, and choose it with if() around dualgpu_add_*() or target_sources()")
    endif()
    get_filename_component(name "${s}" NAME)
    if(NOT s MATCHES "^\\$<" AND name MATCHES "${shell_characters}")
      message(FATAL_ERROR "${target}: the source file name '${name}' holds '${CMAKE_MATCH_0}', which a shell "
        "would interpret (compiler command lines go through one): rename the file to letters, digits, '.', '_', '-' and spaces")
    endif()
  endforeach()
  _dualgpu_apply_source_languages(${target} ${platform} "${language}")
endfunction()

function(dualgpu_target_rdc target)
  get_target_property(type ${target} TYPE)
  if(DualGPU_PLATFORM STREQUAL "cuda")
    set_property(TARGET ${target} PROPERTY CUDA_SEPARABLE_COMPILATION ON)
    if(type MATCHES "SHARED_LIBRARY|MODULE_LIBRARY|EXECUTABLE")
      set_property(TARGET ${target} PROPERTY CUDA_RESOLVE_DEVICE_SYMBOLS ON)
    endif()
  elseif(DualGPU_PLATFORM STREQUAL "rocm")
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)
    # The device link happens where the final binary is linked: on this target, or on
    # whoever links this static archive.
    if(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "OBJECT_LIBRARY")
      set(scope INTERFACE)
    else()
      set(scope PRIVATE)
      set_property(TARGET ${target} PROPERTY LINKER_LANGUAGE HIP)
    endif()
    target_link_options(${target} ${scope} -fgpu-rdc --hip-link ${_DualGPU_HIP_TOOL_FLAGS})
    if(type STREQUAL "STATIC_LIBRARY")
      # clang 15's device link reads an archive's device code only when it comes as -L<dir> -l<name>;
      # the archive CMake passes by its full path is used for host code only. Later clang reads the
      # archive by its path too, and the same device code twice is a duplicate symbol (clang 21).
      set(old_clang "$<VERSION_LESS:$<HIP_COMPILER_VERSION>,16>")
      target_link_options(${target} INTERFACE
        "$<${old_clang}:-L$<TARGET_FILE_DIR:${target}>>" "$<${old_clang}:-l$<TARGET_FILE_BASE_NAME:${target}>>")
    endif()
  endif()
endfunction()

# DUALGPU_WARN_WAVE64: the warp-of-32 assumptions that are wrong on a 64-wide wave.
function(_dualgpu_warn_wave64 target sources archs)
  dualgpu_wave64_architectures(wave64 "${archs}")
  if(NOT DUALGPU_WARN_WAVE64 OR NOT DualGPU_PLATFORM STREQUAL "rocm" OR NOT wave64)
    return()
  endif()
  list(JOIN wave64 ", " wave64)
  foreach(source IN LISTS sources)
    get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${path}")
      continue()
    endif()
    file(STRINGS "${path}" hits REGEX "warpSize|& *31[^0-9]|% *32[^0-9]|/ *32[^0-9]|\\[32\\]")
    if(hits)
      list(LENGTH hits count)
      list(GET hits 0 first)
      string(STRIP "${first}" first)
      message(WARNING "dualgpu_target_gpu_sources(${target}): ${source} has ${count} line(s) that read warpSize "
        "or assume a warp of 32 (first: `${first}`). On ${wave64} a wave is 64 lanes: warpSize is 64 "
        "in device code while 32-bit-mask shuffles act on warps of 32, so code mixing the two is wrong. "
        "See docs/porting.md#warpsize "
        "(DUALGPU_WARN_WAVE64=OFF silences this).")
    endif()
  endforeach()
endfunction()

function(dualgpu_target_gpu_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "RDC" "" "ARCHITECTURES")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "dualgpu_target_gpu_sources(): unknown argument ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  _dualgpu_gpu_sources(gpu_sources ${target})
  _dualgpu_apply_source_languages(${target} ${DualGPU_PLATFORM} "${DualGPU_GPU_LANGUAGE}")
  # Sources added later (target_sources) get the same treatment, and every source name is checked,
  # once the whole project is read: a deferred call at the end of the top-level folder.
  get_property(deferred TARGET ${target} PROPERTY _DUALGPU_SOURCES_CHECK_DEFERRED)
  if(NOT deferred)
    set_property(TARGET ${target} PROPERTY _DUALGPU_SOURCES_CHECK_DEFERRED ON)
    # A deferred call reads its arguments when it runs: the target's name goes in as text now.
    cmake_language(EVAL CODE
      "cmake_language(DEFER DIRECTORY [==[${CMAKE_SOURCE_DIR}]==] CALL _dualgpu_check_target_sources [==[${target}]==] ${DualGPU_PLATFORM} [==[${DualGPU_GPU_LANGUAGE}]==])")
  endif()
  if(NOT DualGPU_PLATFORM STREQUAL "cpu")
    set(archs "${DualGPU_ARCHITECTURES}")
    if(ARG_ARCHITECTURES)
      dualgpu_parse_architectures(archs err "${DualGPU_PLATFORM}" "${ARG_ARCHITECTURES}")
      if(err)
        message(FATAL_ERROR "dualgpu_target_gpu_sources(${target}): ARCHITECTURES ${err}")
      endif()
    endif()
    set_property(TARGET ${target} PROPERTY ${DualGPU_GPU_LANGUAGE}_ARCHITECTURES "${archs}")
    dualgpu_target_parallel_architectures(${target})
    _dualgpu_warn_wave64(${target} "${gpu_sources}" "${archs}")
    # Generic targets (gfx11-generic) exist only in code object v6, which clang does not emit by default.
    dualgpu_hip_code_object_flags(cov_flags "${archs}")
    if(cov_flags AND DualGPU_GPU_LANGUAGE STREQUAL "HIP")
      target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:HIP>:${cov_flags}>")
      target_link_options(${target} PRIVATE "$<$<LINK_LANGUAGE:HIP>:${cov_flags}>")
    endif()
    if(ARG_RDC OR DUALGPU_RDC)
      dualgpu_target_rdc(${target})
    endif()
  endif()
  target_link_libraries(${target} PRIVATE DualGPU::runtime)
  dualgpu_target_compiler_launcher(${target})
endfunction()

# Shared by the add_* commands: split <type>, <sources>, RDC and ARCHITECTURES.
# _dualgpu_parse_add_arguments(<command> [<option>...]): the keywords every dualgpu_add_* takes, plus the
# command's own options; a command's own one-value keywords are in _dualgpu_own_values (set before).
macro(_dualgpu_parse_add_arguments command)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "RDC;STATIC;SHARED;MODULE;OBJECT;${ARGN}" "${_dualgpu_own_values}" "ARCHITECTURES")
  foreach(_k IN LISTS ARG_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "${command}(${name}): ${_k} needs a value")
  endforeach()
  set(_dualgpu_type "")
  foreach(_t STATIC SHARED MODULE OBJECT)
    if(ARG_${_t})
      list(APPEND _dualgpu_type ${_t})
    endif()
  endforeach()
  list(LENGTH _dualgpu_type _dualgpu_n)
  if(_dualgpu_n GREATER 1)
    message(FATAL_ERROR "${command}(${name}): give one of STATIC, SHARED, MODULE, OBJECT, not ${_dualgpu_type}")
  endif()
  set(_dualgpu_forward "")
  if(ARG_RDC)
    list(APPEND _dualgpu_forward RDC)
  endif()
  if(ARG_ARCHITECTURES)
    list(APPEND _dualgpu_forward ARCHITECTURES ${ARG_ARCHITECTURES})
  endif()
  set(_dualgpu_sources ${ARG_UNPARSED_ARGUMENTS})
  foreach(_s IN LISTS _dualgpu_sources)
    if(_s MATCHES "^[A-Z_]+$" AND NOT EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${_s}")
      string(REPLACE ";" " " _known "STATIC;SHARED;MODULE;OBJECT;RDC;ARCHITECTURES;${ARGN};${_dualgpu_own_values}")
      string(STRIP "${_known}" _known)
      message(FATAL_ERROR "${command}(${name}): unknown keyword ${_s} (known: ${_known})")
    endif()
  endforeach()
  if(NOT _dualgpu_sources)
    message(FATAL_ERROR "${command}(${name}): no sources given")
  endif()
endmacro()

function(dualgpu_add_library name)
  _dualgpu_parse_add_arguments(dualgpu_add_library)
  add_library(${name} ${_dualgpu_type} ${_dualgpu_sources})
  dualgpu_target_gpu_sources(${name} ${_dualgpu_forward})
endfunction()

function(dualgpu_add_executable name)
  _dualgpu_parse_add_arguments(dualgpu_add_executable)
  if(_dualgpu_type)
    message(FATAL_ERROR "dualgpu_add_executable(${name}): ${_dualgpu_type} is for libraries")
  endif()
  add_executable(${name} ${_dualgpu_sources})
  dualgpu_target_gpu_sources(${name} ${_dualgpu_forward})
endfunction()

# _dualgpu_compiler_cache_writable(<out> <launcher>): whether the cache folder the launcher will use
# can be written. A found ccache whose default folder cannot be made ($HOME not writable) fails
# every compile, so AUTO leaves it out and says why, once. The answer is cached per folder.
function(_dualgpu_compiler_cache_writable out launcher)
  set(inputs "${launcher}|$ENV{HOME}|$ENV{XDG_CACHE_HOME}|$ENV{CCACHE_DIR}|$ENV{CCACHE_CONFIGPATH}|$ENV{SCCACHE_DIR}")
  string(MD5 key "${inputs}")
  if(NOT DEFINED _DUALGPU_CACHE_UNWRITABLE_${key})
    _dualgpu_find_unwritable_cache_dir(dir "${launcher}")
    set(_DUALGPU_CACHE_UNWRITABLE_${key} "${dir}" CACHE INTERNAL "the cache folder ${launcher} cannot write, if any")
  endif()
  set(dir "${_DUALGPU_CACHE_UNWRITABLE_${key}}")
  get_property(said GLOBAL PROPERTY _DUALGPU_SAID_CACHE_UNWRITABLE)
  if(dir AND NOT said)
    set_property(GLOBAL PROPERTY _DUALGPU_SAID_CACHE_UNWRITABLE TRUE)
    message(STATUS "DualGPU: no compiler cache: ${launcher} cannot write its cache folder ${dir} "
      "(set CCACHE_DIR to a writable folder, or DUALGPU_COMPILER_LAUNCHER=OFF to silence this)")
  endif()
  if(dir)
    set(${out} FALSE PARENT_SCOPE)
  else()
    set(${out} TRUE PARENT_SCOPE)
  endif()
endfunction()

# _dualgpu_find_unwritable_cache_dir(<out> <launcher>): the launcher's cache folder when it cannot be
# made or written, else "".
function(_dualgpu_find_unwritable_cache_dir out launcher)
  get_filename_component(name "${launcher}" NAME)
  _dualgpu_probe_timeout(timeout)
  set(dir "")
  if(name MATCHES "^sccache")
    if(DEFINED ENV{SCCACHE_DIR})
      set(dir "$ENV{SCCACHE_DIR}")
    elseif(DEFINED ENV{XDG_CACHE_HOME})
      set(dir "$ENV{XDG_CACHE_HOME}/sccache")
    else()
      set(dir "$ENV{HOME}/.cache/sccache")
    endif()
  else()
    # ccache 4 says where its cache is (its own rules: CCACHE_DIR, config files, XDG, ~/.ccache).
    _dualgpu_run_bounded(dir rc "${timeout}" "${launcher}" -k cache_dir)
    string(STRIP "${dir}" dir)
    if(NOT rc STREQUAL "0" OR NOT IS_ABSOLUTE "${dir}")
      set(dir "$ENV{HOME}/.ccache")
      if(DEFINED ENV{CCACHE_DIR})
        set(dir "$ENV{CCACHE_DIR}")
      endif()
    endif()
  endif()
  _dualgpu_run_bounded(ignored rc "${timeout}" sh -c "mkdir -p \"$0\" && test -w \"$0\"" "${dir}")
  if(rc STREQUAL "0")
    set(dir "")
  endif()
  set(${out} "${dir}" PARENT_SCOPE)
endfunction()

# _dualgpu_common_folder(<out> <path>...): the deepest folder that holds every path.
# Example: /ci/a/src /ci/a/build /ci/dualgpu/include -> /ci ; /home/x /opt/venv -> /
function(_dualgpu_common_folder out)
  set(common "")
  foreach(path IN LISTS ARGN)
    cmake_path(NORMAL_PATH path)
    string(REGEX REPLACE "(.)/+$" "\\1" path "${path}")
    if(common STREQUAL "")
      set(common "${path}")
    endif()
    while(NOT common STREQUAL "/")
      string(LENGTH "${common}/" length)
      string(SUBSTRING "${path}/" 0 ${length} head)
      if(head STREQUAL "${common}/")
        break()
      endif()
      cmake_path(GET common PARENT_PATH common)
    endwhile()
  endforeach()
  set(${out} "${common}" PARENT_SCOPE)
endfunction()

# _dualgpu_compiler_cache_base_dir(<out>): what every hashed absolute path is made relative to.
# The source and build trees always; DualGPU's include folder and torch only when they share a
# folder other than / with them (a venv outside the checkout keeps its absolute path, which is the
# same on every runner set up by the same script, while / would make system headers relative too).
function(_dualgpu_compiler_cache_base_dir out)
  _dualgpu_common_folder(base "${CMAKE_SOURCE_DIR}" "${CMAKE_BINARY_DIR}")
  foreach(folder IN ITEMS "${_DualGPU_INCLUDE_DIR}" "${TORCH_INSTALL_PREFIX}")
    if(folder)
      _dualgpu_common_folder(wider "${base}" "${folder}")
      if(NOT wider STREQUAL "/")
        set(base "${wider}")
      endif()
    endif()
  endforeach()
  set(${out} "${base}" PARENT_SCOPE)
endfunction()

# _dualgpu_remote_storage(<out>): CCACHE_REMOTE_STORAGE for the launcher, "" to leave ccache's own.
function(_dualgpu_remote_storage out)
  _dualgpu_setting(url url_origin DUALGPU_COMPILER_CACHE)
  _dualgpu_setting(readonly readonly_origin DUALGPU_COMPILER_CACHE_READONLY)
  set(${out} "" PARENT_SCOPE)
  if(url STREQUAL "")
    # ccache's own remote storage, read at build time; written here only to make it read-only.
    if(readonly AND NOT "$ENV{CCACHE_REMOTE_STORAGE}" STREQUAL "")
      string(REGEX REPLACE "([^ ]+)" "\\1|read-only" storage "$ENV{CCACHE_REMOTE_STORAGE}")
      set(${out} "${storage}" PARENT_SCOPE)
    endif()
    return()
  endif()
  if(NOT url)  # OFF, FALSE, 0
    set(${out} "<none>" PARENT_SCOPE)
    return()
  endif()
  if(NOT url MATCHES "^(redis|https?)://[^ |]+$|^redis\\+unix:[^ |]+$")
    message(FATAL_ERROR "DUALGPU_COMPILER_CACHE='${url}' is no remote storage DualGPU knows: give "
      "redis://HOST:PORT[/DB], redis+unix:SOCKET, http(s)://HOST[:PORT]/PATH, or OFF")
  endif()
  if(readonly)
    string(APPEND url "|read-only")
  endif()
  set(${out} "${url}" PARENT_SCOPE)
endfunction()

# _dualgpu_ccache_launcher(<out> <ccache>): the launcher list: cmake -E env <settings> ccache.
function(_dualgpu_ccache_launcher out ccache)
  set(settings "")
  if(NOT DEFINED ENV{CCACHE_BASEDIR})
    _dualgpu_compiler_cache_base_dir(base_dir)
    list(APPEND settings "CCACHE_BASEDIR=${base_dir}")
  endif()
  if(NOT DEFINED ENV{CCACHE_HASHDIR} AND NOT DEFINED ENV{CCACHE_NOHASHDIR})
    list(APPEND settings "CCACHE_NOHASHDIR=1")
  endif()
  if(NOT DEFINED ENV{CCACHE_COMPILERCHECK})
    list(APPEND settings "CCACHE_COMPILERCHECK=content")
  endif()
  _dualgpu_remote_storage(storage)
  if(storage STREQUAL "<none>")
    list(APPEND settings "CCACHE_REMOTE_STORAGE=")
  elseif(storage)
    _dualgpu_tool_answer(version "ccache version [0-9.]+" "${ccache}" --version)
    string(REPLACE "ccache version " "" version "${version}")
    if(version VERSION_LESS 4.6)
      message(FATAL_ERROR "DUALGPU_COMPILER_CACHE needs ccache 4.6 or newer for its remote storage; "
        "${ccache} is '${version}': install a newer ccache, or set DUALGPU_COMPILER_CACHE=OFF")
    endif()
    list(APPEND settings "CCACHE_REMOTE_STORAGE=${storage}")
  endif()
  set(${out} "${CMAKE_COMMAND};-E;env;${settings};${ccache}" PARENT_SCOPE)
endfunction()

function(dualgpu_target_compiler_launcher target)
  _dualgpu_setting(choice choice_origin DUALGPU_COMPILER_LAUNCHER)
  if(choice STREQUAL "")
    set(choice AUTO)
  endif()
  if(NOT choice)
    return()
  endif()
  if(choice STREQUAL "AUTO")
    find_program(DUALGPU_CCACHE_PROGRAM NAMES ccache sccache DOC "compiler cache DualGPU puts in front of compilers")
    set(launcher "${DUALGPU_CCACHE_PROGRAM}")
    if(launcher)
      _dualgpu_compiler_cache_writable(writable "${launcher}")
      if(NOT writable)
        return()
      endif()
    endif()
  else()
    set(launcher "${choice}")
  endif()
  _dualgpu_remote_storage(storage)  # a bad URL fails here, whatever the launcher
  get_filename_component(name "${launcher}" NAME)
  if(storage AND NOT storage STREQUAL "<none>" AND NOT name MATCHES "^ccache")
    if(launcher)
      set(what "the compiler launcher is '${launcher}'")
    else()
      set(what "no ccache was found")
    endif()
    message(FATAL_ERROR "DUALGPU_COMPILER_CACHE is ccache's remote storage, but ${what}: install ccache "
      "4.6 or newer (or set DUALGPU_COMPILER_LAUNCHER to its path), or set DUALGPU_COMPILER_CACHE=OFF")
  endif()
  if(NOT launcher)
    return()
  endif()
  if(name MATCHES "^ccache")
    _dualgpu_ccache_launcher(launcher "${launcher}")
  endif()
  foreach(lang IN ITEMS CXX CUDA HIP)
    if(NOT CMAKE_${lang}_COMPILER_LAUNCHER)
      set_property(TARGET ${target} PROPERTY ${lang}_COMPILER_LAUNCHER "${launcher}")
    endif()
  endforeach()
endfunction()

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

set(_DUALGPU_TORCH_EXTENSION_MODULE_DIR "${CMAKE_CURRENT_LIST_DIR}")

# The linker DualGPU gives torch extensions when DUALGPU_LINKER is AUTO: LLD, else GOLD, when the
# program is on the search path; "" when neither is, or this CMake predates LINKER_TYPE (3.29).
# Script-mode safe: the doctor reports it too.
function(_dualgpu_fast_linker out)
  set(result "")
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.29)
    find_program(DUALGPU_LLD_PROGRAM NAMES ld.lld DOC "lld, the linker DualGPU prefers for torch extensions")
    find_program(DUALGPU_GOLD_PROGRAM NAMES ld.gold DOC "gold, DualGPU's second choice of linker")
    if(DUALGPU_LLD_PROGRAM)
      set(result LLD)
    elseif(DUALGPU_GOLD_PROGRAM)
      set(result GOLD)
    endif()
  endif()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# _dualgpu_has_shared_libstdcxx(<out> <compiler>): FALSE only when the compiler answers and names no
# absolute libstdc++.so; a compiler that fails to answer is left to CMake's own checks.
function(_dualgpu_has_shared_libstdcxx out compiler)
  _dualgpu_probe_timeout(timeout)
  _dualgpu_run_bounded(found rc "${timeout}" "${compiler}" -print-file-name=libstdc++.so)
  string(STRIP "${found}" found)
  set(${out} TRUE PARENT_SCOPE)
  if(rc STREQUAL "0" AND NOT IS_ABSOLUTE "${found}")
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

# _dualgpu_compiler_with_shared_libstdcxx(<out> <rejected>): the first g++ / c++ on PATH, then in
# /usr/bin, that links a shared libstdc++ - what to suggest instead of <rejected>.
function(_dualgpu_compiler_with_shared_libstdcxx out rejected)
  get_filename_component(rejected "${rejected}" REALPATH)
  foreach(where IN ITEMS PATH /usr/bin)
    foreach(name IN ITEMS g++ c++)
      if(where STREQUAL "PATH")
        find_program(candidate NAMES ${name} NO_CACHE)
      else()
        find_program(candidate NAMES ${name} PATHS ${where} NO_DEFAULT_PATH NO_CACHE)
      endif()
      if(NOT candidate)
        continue()
      endif()
      get_filename_component(real "${candidate}" REALPATH)
      if(NOT real STREQUAL rejected)
        _dualgpu_has_shared_libstdcxx(shared "${candidate}")
        if(shared)
          set(${out} "${candidate}" PARENT_SCOPE)
          return()
        endif()
      endif()
      unset(candidate)
    endforeach()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

# A GNU compiler without a shared libstdc++ beside it (seen: a GCC built into /opt/gcc, set as CXX and
# CUDAHOSTCXX on a GPU machine) links libstdc++.a into the extension. The process already has the
# libstdc++.so torch loads; the second copy's locale facet ids clash with it and the first
# std::ostream << integer (a TORCH_CHECK message) crashes. Refuse such a compiler up front.
function(_dualgpu_check_shared_libstdcxx)
  foreach(lang CXX CUDA_HOST)
    if(lang STREQUAL "CXX")
      set(compiler "${CMAKE_CXX_COMPILER}")
      set(id "${CMAKE_CXX_COMPILER_ID}")
      set(variable "CXX / CMAKE_CXX_COMPILER")
    else()
      if(NOT DualGPU_PLATFORM STREQUAL "cuda" OR NOT CMAKE_CUDA_HOST_COMPILER)
        continue()
      endif()
      set(compiler "${CMAKE_CUDA_HOST_COMPILER}")
      set(id GNU)
      set(variable "CUDAHOSTCXX / CMAKE_CUDA_HOST_COMPILER")
    endif()
    if(NOT id STREQUAL "GNU" OR DEFINED _DUALGPU_SHARED_LIBSTDCXX_${lang})
      continue()
    endif()
    _dualgpu_has_shared_libstdcxx(shared "${compiler}")
    if(NOT shared)
      _dualgpu_compiler_with_shared_libstdcxx(alternative "${compiler}")
      if(alternative)
        set(fix "Set ${variable} to ${alternative} (it has one)")
      else()
        set(fix "No compiler on PATH or in /usr/bin has one: install your system's g++ and set ${variable} to it")
      endif()
      message(FATAL_ERROR "DualGPU: ${compiler} has no shared libstdc++ (-print-file-name=libstdc++.so finds none), "
        "so a torch extension built with it carries its own copy of the C++ library, which clashes with the "
        "libstdc++ torch loads and crashes at the first std::ostream use. ${fix}, and configure a fresh build folder.")
    endif()
    set(_DUALGPU_SHARED_LIBSTDCXX_${lang} TRUE CACHE INTERNAL "${compiler} links a shared libstdc++")
  endforeach()
endfunction()

# Every rebuild of an extension relinks it against torch's libraries, which are large, and lld or
# gold relink faster than GNU ld (docs/benchmarks.md, "Linking torch extensions").
# DUALGPU_LINKER: AUTO (default) takes lld, else gold, when the compiler can reach one;
# OFF keeps the toolchain's; or a CMake linker type (LLD, GOLD, MOLD, ...). Needs CMake 3.29
# (LINKER_TYPE); a project's own CMAKE_LINKER_TYPE wins. Not on rocm: the HIP link carries its own
# -fgpu-rdc device link through clang's lld already.
function(_dualgpu_choose_linker target)
  if(DEFINED DUALGPU_LINKER)
    string(TOUPPER "${DUALGPU_LINKER}" choice)
  else()
    set(choice AUTO)
  endif()
  if(NOT choice MATCHES "^[A-Z_]+$")
    message(FATAL_ERROR "DUALGPU_LINKER='${DUALGPU_LINKER}': use AUTO, OFF or a CMake linker type (LLD, GOLD, MOLD)")
  endif()
  if(choice STREQUAL "OFF" OR DEFINED CMAKE_LINKER_TYPE OR CMAKE_VERSION VERSION_LESS 3.29
     OR DualGPU_PLATFORM STREQUAL "rocm" OR NOT CMAKE_CXX_COMPILER_ID MATCHES "^(GNU|Clang)$")
    return()
  endif()
  if(choice STREQUAL "AUTO")
    _dualgpu_fast_linker(choice)
    if(NOT choice)
      return()
    endif()
  endif()
  set_property(TARGET ${target} PROPERTY LINKER_TYPE ${choice})
  string(TOLOWER "${choice}" linker)
  message(STATUS "DualGPU: ${target} links with ${linker} (faster relinks against torch; DUALGPU_LINKER=OFF keeps the default)")
endfunction()

# _dualgpu_stable_abi_version(<out-hex> <version>): TORCH_TARGET_VERSION for "major.minor", as torch's
# torch/csrc/stable/version.h spells it (major << 56 | minor << 48). Example: 2.10 -> 0x020a000000000000.
function(_dualgpu_stable_abi_version out version)
  string(REGEX MATCH "^([0-9]+)\\.([0-9]+)$" ok "${version}")
  if(NOT ok OR CMAKE_MATCH_1 GREATER 255 OR CMAKE_MATCH_2 GREATER 255)
    set(${out} "" PARENT_SCOPE)
    return()
  endif()
  set(hex "0x")
  foreach(part "${CMAKE_MATCH_1}" "${CMAKE_MATCH_2}")
    math(EXPR digits "${part}" OUTPUT_FORMAT HEXADECIMAL)
    string(REGEX REPLACE "^0x" "" digits "${digits}")
    string(LENGTH "${digits}" n)
    if(n EQUAL 1)
      set(digits "0${digits}")
    endif()
    string(APPEND hex "${digits}")
  endforeach()
  set(${out} "${hex}000000000000" PARENT_SCOPE)
endfunction()

#[[ dualgpu_target_torch_stable_abi(<target> <major.minor>): <target> compiles against torch's stable
ABI of that release only: TORCH_TARGET_VERSION hides every newer shim and every header outside the
stable ABI (torch's headers #error), and nothing of libtorch is linked. ]]

function(dualgpu_target_torch_stable_abi target version)
  set(minimum 2.10)  # the first torch with TORCH_TARGET_VERSION and torch/csrc/stable/version.h
  _dualgpu_stable_abi_version(hex "${version}")
  if(NOT hex)
    message(FATAL_ERROR "STABLE_ABI '${version}' for ${target}: give a torch release as major.minor, e.g. STABLE_ABI ${minimum}")
  endif()
  if(version VERSION_LESS minimum)
    message(FATAL_ERROR "STABLE_ABI ${version} for ${target}: torch's stable ABI can be targeted from torch ${minimum} on: use STABLE_ABI ${minimum} or newer")
  endif()
  if(DualGPU_TORCH_VERSION AND DualGPU_TORCH_VERSION VERSION_LESS minimum)
    message(FATAL_ERROR "STABLE_ABI ${version} for ${target}: the torch found is ${DualGPU_TORCH_VERSION} (${DualGPU_PYTHON}), older than ${minimum}, "
      "the first with a stable ABI to target: build against torch ${version} or newer (pip install 'torch>=${version}', or set DUALGPU_PYTHON); what it builds loads into torch ${version} and later")
  endif()
  string(REGEX MATCH "^[0-9]+\\.[0-9]+" found_minor "${DualGPU_TORCH_VERSION}")
  if(found_minor AND version VERSION_GREATER found_minor)
    message(FATAL_ERROR "STABLE_ABI ${version} for ${target} is newer than the torch found, ${DualGPU_TORCH_VERSION} (${DualGPU_PYTHON}): "
      "lower STABLE_ABI to ${found_minor} or less, or build against torch ${version} or newer")
  endif()
  if(NOT TARGET DualGPU::torch_stable)
    message(FATAL_ERROR "STABLE_ABI ${version} for ${target}: no stable-ABI headers were found - ask for them with find_package(DualGPU REQUIRED COMPONENTS TorchStableABI)")
  endif()
  target_link_libraries(${target} PRIVATE DualGPU::torch_stable)
  # TORCH_STABLE_ONLY: torch's other switch that turns its non-stable headers into #errors.
  target_compile_definitions(${target} PRIVATE TORCH_TARGET_VERSION=${hex} TORCH_STABLE_ONLY)
  set_property(TARGET ${target} PROPERTY DUALGPU_STABLE_ABI "${version}")
  # The version, readable in the built library: `dualgpu check-abi` checks the shims against it.
  set(source "${CMAKE_CURRENT_BINARY_DIR}/_dualgpu/stable_abi_${target}.cpp")
  file(CONFIGURE OUTPUT "${source}" CONTENT [=[
// Written by DualGPU (dualgpu_target_torch_stable_abi): the stable ABI this library targets, for `dualgpu check-abi`.
extern "C" __attribute__((used, visibility("hidden"))) const char dualgpu_stable_abi[] = "dualgpu-stable-abi: @version@";
]=] @ONLY)
  target_sources(${target} PRIVATE "${source}")
endfunction()

#[[ dualgpu_target_python_module(<target> [LIMITED_API]): <target> becomes a Python extension module
named after its file, as torch.utils.cpp_extension builds one: Python's headers, no "lib" prefix, the
interpreter's suffix (".abi3.so" with LIMITED_API, which also defines Py_LIMITED_API for Python 3.9),
and a PyInit_<name> that returns an empty module, so "import <name>" loads the library and runs its
op registrations. A PyInit_<name> in the sources (PYBIND11_MODULE, extension-cpp's own) takes its
place: DualGPU's is a weak symbol. ]]

function(dualgpu_target_python_module target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "LIMITED_API" "" "")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "dualgpu_target_python_module(${target}): unknown argument ${ARG_UNPARSED_ARGUMENTS} (known: LIMITED_API)")
  endif()
  _dualgpu_find_python_module(python_target)
  if(NOT python_target)
    message(FATAL_ERROR "dualgpu_target_python_module(${target}): Python's headers were not found for ${Python_EXECUTABLE}: "
      "install them (Debian/Ubuntu: apt install python3-dev) or set Python_EXECUTABLE to an interpreter that has them")
  endif()
  target_link_libraries(${target} PRIVATE ${python_target})
  set(source "${CMAKE_CURRENT_BINARY_DIR}/_dualgpu/python_module_${target}.cpp")
  file(CONFIGURE OUTPUT "${source}" CONTENT [=[
// Written by DualGPU (dualgpu_target_python_module): the module "import" finds, so that loading it
// runs the library's op registrations. Weak: a PyInit_ of the sources' own wins at link time.
#include <Python.h>

#define DUALGPU_PYINIT_NAME_(name) PyInit_##name
#define DUALGPU_PYINIT_NAME(name) DUALGPU_PYINIT_NAME_(name)
#define DUALGPU_STRINGIFY_(name) #name
#define DUALGPU_STRINGIFY(name) DUALGPU_STRINGIFY_(name)

extern "C" __attribute__((weak, visibility("default"))) PyObject* DUALGPU_PYINIT_NAME(DUALGPU_PYTHON_MODULE)(void) {
  static PyModuleDef module = {PyModuleDef_HEAD_INIT, DUALGPU_STRINGIFY(DUALGPU_PYTHON_MODULE), nullptr, -1, nullptr,
                               nullptr, nullptr, nullptr, nullptr};
  return PyModule_Create(&module);
}
]=] @ONLY)
  target_sources(${target} PRIVATE "${source}")
  # The module's name is the file's, whatever OUTPUT_NAME is set to after this call.
  set_property(SOURCE "${source}" APPEND PROPERTY COMPILE_DEFINITIONS "DUALGPU_PYTHON_MODULE=$<TARGET_FILE_BASE_NAME:${target}>")
  set_target_properties(${target} PROPERTIES PREFIX "")
  if(ARG_LIMITED_API)
    # 3.9: the oldest Python torch 2.10 supports; scikit-build-core's wheel.py-api = "cp39" tags it so.
    target_compile_definitions(${target} PRIVATE Py_LIMITED_API=0x03090000)
    set_target_properties(${target} PROPERTIES SUFFIX ".abi3.so")
  else()
    set_target_properties(${target} PROPERTIES SUFFIX "${_DUALGPU_PYTHON_MODULE_SUFFIX}")
  endif()
endfunction()

function(dualgpu_add_abi_test target)
  # check_abi.py: beside cmake/ in a checkout or `cmake --install` copy, inside the package when pip-installed.
  set(script "")
  foreach(candidate "${_DUALGPU_TORCH_EXTENSION_MODULE_DIR}/../../python/dualgpu/check_abi.py"
                    "${_DUALGPU_TORCH_EXTENSION_MODULE_DIR}/../../check_abi.py")
    if(NOT script AND EXISTS "${candidate}")
      get_filename_component(script "${candidate}" ABSOLUTE)
    endif()
  endforeach()
  if(NOT script OR NOT DualGPU_PYTHON)
    message(WARNING "dualgpu_add_abi_test(${target}): no test added: no check_abi.py beside ${_DUALGPU_TORCH_EXTENSION_MODULE_DIR} "
      "or no Python (set DUALGPU_PYTHON; a DualGPU copy without python/ needs reinstalling: pip install dualgpu)")
    return()
  endif()
  set(stable "")
  get_target_property(version ${target} DUALGPU_STABLE_ABI)
  if(version)
    set(stable --stable-abi "${version}")
  endif()
  add_test(NAME ${target}.check_abi COMMAND "${DualGPU_PYTHON}" "${script}" "$<TARGET_FILE:${target}>" ${stable})
endfunction()

# _dualgpu_find_python_module(<out-target>): Python's Development.Module for the interpreter whose torch
# is used (as scikit-build-core sets Python_EXECUTABLE, else DualGPU's); "" when its headers are missing.
function(_dualgpu_find_python_module out)
  if(NOT TARGET Python::Module)
    if(NOT DEFINED Python_EXECUTABLE AND DualGPU_PYTHON)
      set(Python_EXECUTABLE "${DualGPU_PYTHON}")
    endif()
    find_package(Python QUIET COMPONENTS Interpreter Development.Module)
  endif()
  if(NOT TARGET Python::Module)
    set(${out} "" PARENT_SCOPE)
    return()
  endif()
  if(NOT DEFINED CACHE{_DUALGPU_PYTHON_MODULE_SUFFIX})
    set(suffix ".so")
    if(Python_SOABI)
      set(suffix ".${Python_SOABI}.so")
    endif()
    set(_DUALGPU_PYTHON_MODULE_SUFFIX "${suffix}" CACHE INTERNAL "file suffix of a Python extension module")
  endif()
  set(${out} Python::Module PARENT_SCOPE)
endfunction()

# A wheel whose version names a platform (0.1.0+cu130, from dualgpu.wheel_version under scikit-build-core)
# must hold a build for that platform: the name is decided before CMake runs, from the environment.
function(_dualgpu_check_wheel_platform name)
  if(NOT SKBUILD_PROJECT_VERSION_FULL MATCHES "\\+(cpu|cu[0-9]+|rocm[0-9.]+)$")
    return()
  endif()
  set(named rocm)
  if(CMAKE_MATCH_1 STREQUAL "cpu")
    set(named cpu)
  elseif(CMAKE_MATCH_1 MATCHES "^cu")
    set(named cuda)
  endif()
  if(NOT named STREQUAL DualGPU_PLATFORM)
    message(FATAL_ERROR "dualgpu_add_torch_extension(${name}): the wheel is named ${SKBUILD_PROJECT_VERSION_FULL}, "
      "a ${named} build, but DualGPU builds for ${DualGPU_PLATFORM} (${DualGPU_PLATFORM_SOURCE}): set DUALGPU_PLATFORM="
      "${DualGPU_PLATFORM} in the environment (the wheel's name reads it there, not from -Ccmake.define)")
  endif()
endfunction()

function(dualgpu_add_torch_extension name)
  _dualgpu_check_shared_libstdcxx()
  _dualgpu_check_wheel_platform(${name})
  set(_dualgpu_own_values STABLE_ABI)
  _dualgpu_parse_add_arguments(dualgpu_add_torch_extension PYTHON_MODULE)
  if(_dualgpu_type)
    message(FATAL_ERROR "dualgpu_add_torch_extension(${name}): the library type is fixed (SHARED) - remove ${_dualgpu_type}")
  endif()
  if(NOT TARGET DualGPU::torch AND NOT (DEFINED ARG_STABLE_ABI AND TARGET DualGPU::torch_stable))
    if(DEFINED ARG_STABLE_ABI)
      message(FATAL_ERROR "dualgpu_add_torch_extension(${name}): torch was not found - ask for it with find_package(DualGPU REQUIRED COMPONENTS TorchStableABI)")
    elseif(TARGET DualGPU::torch_stable)
      message(FATAL_ERROR "dualgpu_add_torch_extension(${name}): this project asked for torch's headers only (COMPONENTS TorchStableABI): "
        "give STABLE_ABI <major.minor>, or ask for COMPONENTS Torch to link libtorch")
    endif()
    message(FATAL_ERROR "dualgpu_add_torch_extension(${name}): torch was not found - ask for it with find_package(DualGPU REQUIRED COMPONENTS Torch)")
  endif()
  # SHARED so that torch.ops.load_library() and C++ tests can both load it.
  add_library(${name} SHARED ${_dualgpu_sources})
  dualgpu_target_gpu_sources(${name} ${_dualgpu_forward})
  # As torch.utils.cpp_extension does, so TORCH_LIBRARY(TORCH_EXTENSION_NAME, m) works.
  target_compile_definitions(${name} PRIVATE TORCH_EXTENSION_NAME=${name})
  set(standard 17)
  if(DEFINED ARG_STABLE_ABI)
    dualgpu_target_torch_stable_abi(${name} "${ARG_STABLE_ABI}")
    # The stable headers (torch/headeronly) compile as C++17 for every torch release.
    dualgpu_target_python_module(${name} LIMITED_API)
  else()
    target_link_libraries(${name} PRIVATE DualGPU::torch)
    # The C++ standard torch's headers need (17, or 20 from torch 2.10 on), for the device compilers
    # too: torch states it as cxx_std_NN, which reaches CXX sources only.
    get_target_property(features torch INTERFACE_COMPILE_FEATURES)
    if(features MATCHES "cxx_std_([0-9]+)")
      set(standard "${CMAKE_MATCH_1}")
    endif()
    if(ARG_PYTHON_MODULE)
      dualgpu_target_python_module(${name})
    else()
      # torch/extension.h includes Python.h, as torch.utils.cpp_extension provides it; without Python's
      # headers the library still builds for torch.ops.load_library().
      _dualgpu_find_python_module(python_target)
      if(python_target)
        target_link_libraries(${name} PRIVATE ${python_target})
      endif()
    endif()
  endif()
  target_compile_features(${name} PRIVATE cxx_std_${standard})
  if(DualGPU_GPU_LANGUAGE)
    set(lang ${DualGPU_GPU_LANGUAGE})
    set_target_properties(${name} PROPERTIES ${lang}_STANDARD ${standard})
  endif()
  if(DualGPU_PLATFORM STREQUAL "cuda")
    # One CUDA runtime in the process: the shared one torch also uses.
    set_target_properties(${name} PROPERTIES CUDA_RUNTIME_LIBRARY Shared)
  endif()
  _dualgpu_choose_linker(${name})
endfunction()
