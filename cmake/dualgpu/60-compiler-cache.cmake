#[=======================================================================[.rst:
dualgpu/60-compiler-cache
-------------------------

The compiler cache in front of every C++, CUDA and HIP compile of a DualGPU target, set up so that
builds in different folders, clones, virtual environments and machines share results, locally or
through a remote storage shared by a CI fleet.

Search behaviour
^^^^^^^^^^^^^^^^

1. The launcher: ``DUALGPU_COMPILER_LAUNCHER`` when it names a program; with ``AUTO`` (or unset)
   ``ccache``, else ``sccache``, found on ``PATH`` (cached as ``DUALGPU_CCACHE_PROGRAM``).
2. With ``AUTO``, a found launcher whose cache folder cannot be made or written is left out, with one
   status line per configure. The folder is what ``ccache -k cache_dir`` answers (else
   ``CCACHE_DIR``, else ``~/.ccache``), or for sccache ``SCCACHE_DIR``, else
   ``$XDG_CACHE_HOME/sccache``, else ``~/.cache/sccache``; the answer is cached per launcher and
   environment. Both tool runs are bounded by ``DUALGPU_PROBE_TIMEOUT``.
3. With ccache the launcher is ``cmake -E env <settings> ccache``, the settings being:

   1. ``CCACHE_BASEDIR``: the deepest folder holding the project's source and build trees, widened
      to DualGPU's include folder and torch (``TORCH_INSTALL_PREFIX``, with ``COMPONENTS Torch``)
      when they share a folder other than ``/`` with them. ccache rewrites absolute paths below it
      into paths relative to the build folder, so two checkouts laid out alike hash alike wherever
      they are. A venv elsewhere (``/opt/venv`` beside ``/home/runner/work``) keeps its absolute
      paths: it hits when it is at the same path on each runner. It is ``/`` only when the source
      and build trees share nothing deeper (``/`` would name system headers relative to the build
      folder, and builds at different depths would miss).
   2. ``CCACHE_NOHASHDIR=1``: the build folder is no part of the hash (debug information then
      names the folder of the build that filled the cache).
   3. ``CCACHE_COMPILERCHECK=content``: a compiler is known by its file's content, not its path
      and time stamp, so the same nvcc or clang unpacked in two places hits.
   4. ``CCACHE_REMOTE_STORAGE`` from ``DUALGPU_COMPILER_CACHE`` (``|read-only`` appended with
      ``DUALGPU_COMPILER_CACHE_READONLY``), after ``ccache --version`` says 4.6 or newer; empty
      (no remote storage) when ``DUALGPU_COMPILER_CACHE`` is ``OFF``.

   A setting already in the configure environment (``CCACHE_BASEDIR``, ``CCACHE_HASHDIR`` /
   ``CCACHE_NOHASHDIR``, ``CCACHE_COMPILERCHECK``) is left out, for ccache to read at build time;
   so is ``CCACHE_REMOTE_STORAGE`` unless ``DUALGPU_COMPILER_CACHE_READONLY`` has to make it
   read-only. The URL is written into the build files: give a password through ccache's own
   ``CCACHE_REMOTE_STORAGE`` in the build's environment instead.

Input variables
^^^^^^^^^^^^^^^

Each ``DUALGPU_*`` one is read as a CMake variable, else from the environment.

``DUALGPU_COMPILER_LAUNCHER``
  ``AUTO`` (default), ``OFF``, or a program (a path or a name; a list is the program and its
  arguments).
``DUALGPU_COMPILER_CACHE``
  A remote storage every compile reads and fills: ``redis://[[USER:]PASSWORD@]HOST[:PORT][/DB]``,
  ``redis+unix:SOCKET[?db=DB]``, ``http(s)://HOST[:PORT]/PATH`` (ccache's URL forms, needs ccache
  4.6 or newer), or ``OFF`` (no remote storage, even one set in ccache's own configuration). Any
  other value stops the configure; so does a remote storage with a launcher that is not ccache.
``DUALGPU_COMPILER_CACHE_READONLY``
  ``ON`` reads the remote storage without writing to it: for builds of untrusted code such as
  pull requests from forks. Also applied to ccache's own ``CCACHE_REMOTE_STORAGE``.
``DUALGPU_PROBE_TIMEOUT``
  Bounds each run of the launcher (dualgpu/10-util).
``CMAKE_<LANG>_COMPILER_LAUNCHER``
  Set by the project: that language's launcher is left alone.
``CCACHE_*``, ``SCCACHE_DIR``, ``XDG_CACHE_HOME``, ``HOME`` (environment)
  Read as described above. A change of ``HOME``, ``XDG_CACHE_HOME``, ``CCACHE_DIR``,
  ``CCACHE_CONFIGPATH`` or ``SCCACHE_DIR`` asks again whether the cache folder can be written.

Commands
^^^^^^^^

.. command:: dualgpu_target_compiler_launcher

  .. versionadded:: 0.1

  ::

    dualgpu_target_compiler_launcher(<target>)

  Sets the target's ``CXX_COMPILER_LAUNCHER``, ``CUDA_COMPILER_LAUNCHER`` and
  ``HIP_COMPILER_LAUNCHER`` to the launcher above, except for a language whose
  ``CMAKE_<LANG>_COMPILER_LAUNCHER`` the project set. Nothing when the launcher is ``OFF`` or none is
  found. :command:`dualgpu_target_gpu_sources` calls it for every DualGPU target.

#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/10-util.cmake")

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
