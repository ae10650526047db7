#[=======================================================================[.rst:
dualgpu/35-will-it-run
----------------------

Does a list of code objects (torch's ``torch.cuda.get_arch_list()``, or what ``roc-obj-ls`` /
``cuobjdump`` find in a built library) hold code for a GPU? Pure functions over the architecture
table of dualgpu/00-data; ``dualgpu doctor`` prints their answers.

Input variables
^^^^^^^^^^^^^^^

``DUALGPU_PROBE_TIMEOUT``
  Seconds each code-object lister (``roc-obj-ls``, ``cuobjdump``) may run, as every probe
  (dualgpu/10-util).

Commands
^^^^^^^^

.. command:: dualgpu_gpu_verdict

  .. versionadded:: 0.2

  ::

    dualgpu_gpu_verdict(<out-prefix> <vendor> <gpu-arch> <code-list>)

  ``<vendor>`` ``amd`` or ``nvidia``; ``<gpu-arch>`` ``gfx1103`` or a capability ``89``; ``<code-list>``
  entries like ``gfx1100``, ``gfx11-generic:xnack-``, ``sm_90``, ``sm_90a``, ``compute_90``. Sets
  ``<out-prefix>_VERDICT`` (``native``, ``generic``, ``ptx`` or ``none``) and ``<out-prefix>_VIA``
  (the entry that runs there). Example: ``amd gfx1103 "gfx1100;gfx11-generic"`` -> ``generic``
  via ``gfx11-generic``; ``nvidia 89 "sm_80;compute_80"`` -> ``native`` via ``sm_80``.

.. command:: dualgpu_verdict_text

  ::

    dualgpu_verdict_text(<out> <vendor> <gpu-arch> <verdict> <via> <what>)

  One sentence for a verdict, with the fix when there is no code; ``<what>`` names the code's owner
  (``torch 2.5.1`` or ``libfoo.so``).

.. command:: dualgpu_code_objects_of_library

  .. versionadded:: 0.2

  ::

    dualgpu_code_objects_of_library(<out-list> <out-note> <file>)

  Lists the GPU code in a built library: ``roc-obj-ls`` (AMD) or ``cuobjdump --list-elf`` and
  ``--list-ptx`` (NVIDIA), each bounded by ``DUALGPU_PROBE_TIMEOUT``.

.. command:: dualgpu_code_objects_from_tool_output

  ::

    dualgpu_code_objects_from_tool_output(<out-list> <tool> <text>)

  The code objects in ``roc-obj-ls`` (``<tool>``) or ``cuobjdump`` output: ``gfx90a``, ``sm_90``,
  ``compute_90``.

.. command:: dualgpu_coverage_report

  ::

    dualgpu_coverage_report(<out-json> <out-text> <library> <library-code>)

  The doctor's will-it-run per GPU of ``DualGPU_GPUS``: a JSON array of
  ``{"torch": ..., "library": ...}`` verdicts (against ``DualGPU_TORCH_ARCH_LIST`` and
  ``<library-code>``) and the same as text lines.

#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/10-util.cmake")

function(dualgpu_gpu_verdict prefix vendor arch code)
  set(verdict none)
  set(via "")
  if(vendor STREQUAL "amd")
    dualgpu_amd_target_info(info "${arch}")
    foreach(c IN LISTS code)
      string(REGEX REPLACE ":.*$" "" base "${c}")
      if(base STREQUAL arch)
        set(verdict native)
        set(via "${c}")
        break()
      elseif(info_GENERIC AND base STREQUAL info_GENERIC)
        set(verdict generic)
        set(via "${c}")
      endif()
    endforeach()
  else()
    # SASS sm_XY runs on X.Y and later minors of the same major ('a' only on X.Y itself, 'f' on
    # the family's later minors); PTX compute_XY is compiled by the driver for anything >= X.Y.
    math(EXPR dev_major "${arch} / 10")
    set(best -1)  # the newest SASS that runs here is the one the driver loads
    foreach(c IN LISTS code)
      if(NOT c MATCHES "^(sm|compute)_([0-9]+)([af]?)$")
        continue()
      endif()
      set(kind "${CMAKE_MATCH_1}")
      set(cc "${CMAKE_MATCH_2}")
      set(sfx "${CMAKE_MATCH_3}")
      math(EXPR major "${cc} / 10")
      if(kind STREQUAL "sm")
        if(((sfx STREQUAL "a" AND cc EQUAL arch) OR (NOT sfx STREQUAL "a" AND major EQUAL dev_major AND NOT cc GREATER arch))
           AND cc GREATER best)
          set(verdict native)
          set(via "${c}")
          set(best ${cc})
        endif()
      elseif(NOT verdict STREQUAL "native" AND ((sfx STREQUAL "" AND NOT cc GREATER arch) OR cc EQUAL arch))
        set(verdict ptx)
        set(via "${c}")
      endif()
    endforeach()
  endif()
  set(${prefix}_VERDICT "${verdict}" PARENT_SCOPE)
  set(${prefix}_VIA "${via}" PARENT_SCOPE)
endfunction()

# dualgpu_verdict_text(<out> <vendor> <gpu-arch> <verdict> <via> <what>): one sentence with the fix.
# <what> names the code's owner: "torch 2.5.1" or "libfoo.so".
function(dualgpu_verdict_text out vendor arch verdict via what)
  if(verdict STREQUAL "native")
    set(t "runs natively (${what} has ${via})")
  elseif(verdict STREQUAL "generic")
    set(t "runs through the generic target ${via} (${what} has no ${arch} code object; ${arch} is covered by ${via})")
  elseif(verdict STREQUAL "ptx")
    set(t "runs through PTX JIT of ${via}: the driver compiles it at the first launch (slow start, needs a driver at least as new as the CUDA that built it); add sm_${arch} for SASS")
  elseif(vendor STREQUAL "amd")
    dualgpu_amd_target_info(info "${arch}")
    set(alt "")
    if(info_GENERIC)
      set(alt " or ${info_GENERIC}")
    endif()
    if(what MATCHES "^torch")
      set(fix "install a torch wheel whose PYTORCH_ROCM_ARCH has ${arch}${alt} (docs/rocm.md lists them), or build torch with PYTORCH_ROCM_ARCH=${arch}")
      foreach(w IN LISTS _DUALGPU_TORCH_ROCM_WHEELS)
        if(w MATCHES "^${arch}\\|([^|]+)\\|(.+)$")
          set(fix "install a torch wheel for ROCm ${CMAKE_MATCH_1} or newer (from PyTorch's ${CMAKE_MATCH_2} wheel index, or a later rocmX.Y one: their PYTORCH_ROCM_ARCH has ${arch}), or build torch with PYTORCH_ROCM_ARCH=${arch}")
        endif()
      endforeach()
    else()
      set(fix "rebuild with ${arch}${alt} in DUALGPU_ARCHITECTURES")
    endif()
    set(t "no code: ${what} has no code object for ${arch} - ${fix}. HSA_OVERRIDE_GFX_VERSION is not a fix: it makes ROCm load code built for another chip, whose instructions and registers differ, which gives wrong results, hangs or page faults")
  else()
    math(EXPR major "${arch} / 10")
    math(EXPR minor "${arch} % 10")
    if(what MATCHES "^torch")
      set(fix "install a torch wheel built for sm_${arch} (a newer CUDA index), or build torch with TORCH_CUDA_ARCH_LIST=${major}.${minor}")
    else()
      set(fix "rebuild with ${major}.${minor} in DUALGPU_ARCHITECTURES (or a lower ${major}.x, or PTX of an older one)")
    endif()
    set(t "no code: ${what} has neither SASS nor PTX that runs on sm_${arch} - ${fix}")
  endif()
  set(${out} "${t}" PARENT_SCOPE)
endfunction()

# roc-obj-ls prints "<n>  hipv4-amdgcn-amd-amdhsa--gfx90a  file://..."; cuobjdump prints
# "ELF file    1: x.sm_90.cubin" and "PTX file    1: x.sm_90.ptx" (PTX is named by its compute_ version).
function(dualgpu_code_objects_from_tool_output out tool text)
  set(result "")
  if(tool STREQUAL "roc-obj-ls")
    string(REGEX MATCHALL "amdgcn-amd-amdhsa--gfx[0-9a-z-]+(:[a-z]+[+-])*" hits "${text}")
    foreach(h IN LISTS hits)
      string(REPLACE "amdgcn-amd-amdhsa--" "" h "${h}")
      list(APPEND result "${h}")
    endforeach()
  else()
    string(REGEX MATCHALL "(ELF|PTX) file +[0-9]+: [^\n]*\\.sm_[0-9]+[af]?\\.(cubin|ptx)" hits "${text}")
    foreach(h IN LISTS hits)
      string(REGEX MATCH "sm_([0-9]+[af]?)\\.(cubin|ptx)$" _ "${h}")
      if(CMAKE_MATCH_2 STREQUAL "ptx")
        list(APPEND result "compute_${CMAKE_MATCH_1}")
      else()
        list(APPEND result "sm_${CMAKE_MATCH_1}")
      endif()
    endforeach()
  endif()
  list(REMOVE_DUPLICATES result)
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

function(dualgpu_code_objects_of_library out out_note file)
  set(${out} "" PARENT_SCOPE)
  set(${out_note} "" PARENT_SCOPE)
  if(NOT EXISTS "${file}" OR IS_DIRECTORY "${file}")
    set(${out_note} "--library ${file}: no such file" PARENT_SCOPE)
    return()
  endif()
  set(notes "")
  foreach(tool roc-obj-ls cuobjdump)
    find_program(exe ${tool} HINTS /usr/local/cuda/bin NO_CACHE)
    if(NOT exe)
      list(APPEND notes "${tool} not found")
      continue()
    endif()
    set(text "")
    if(tool STREQUAL "roc-obj-ls")
      _dualgpu_probe(text rc "${exe}" "${file}")
    else()
      foreach(flag --list-elf --list-ptx)
        _dualgpu_probe(part rc "${exe}" ${flag} "${file}")
        string(APPEND text "${part}\n")
      endforeach()
    endif()
    unset(exe)
    # Bounded like every probe: a lister that hangs or prints without end is named, not believed.
    if(rc STREQUAL "timeout")
      list(APPEND notes "${tool}: no answer within ${DUALGPU_PROBE_TIMEOUT} s (DUALGPU_PROBE_TIMEOUT)")
      continue()
    elseif(rc STREQUAL "too much output")
      list(APPEND notes "${tool}: printed more than ${_DUALGPU_PROBE_OUTPUT_LIMIT} bytes - ignored")
      continue()
    endif()
    dualgpu_code_objects_from_tool_output(found ${tool} "${text}")
    if(found)
      set(${out} "${found}" PARENT_SCOPE)
      return()
    endif()
    list(APPEND notes "${tool} found no GPU code")
  endforeach()
  list(JOIN notes ", " notes)
  set(${out_note} "--library ${file}: ${notes}" PARENT_SCOPE)
endfunction()

# Used by the doctor: per GPU a JSON object {"torch": {...}|null, "library": {...}|null} and text lines.
# Reads DualGPU_GPUS, DualGPU_TORCH_*, and the library's code list <library-code> named <library>.
function(dualgpu_coverage_report out_json out_text library library_code)
  set(json "[]")
  set(text "")
  set(i 0)
  foreach(g IN LISTS DualGPU_GPUS)
    string(REPLACE "|" ";" f "${g}")
    list(GET f 0 vendor)
    list(GET f 2 arch)
    set(entry "{\"torch\": null, \"library\": null}")
    set(line "")
    foreach(source torch library)
      if(source STREQUAL "torch")
        if(NOT DualGPU_TORCH_FOUND)
          continue()
        endif()
        set(code "${DualGPU_TORCH_ARCH_LIST}")
        set(what "torch ${DualGPU_TORCH_VERSION}")
      else()
        if(NOT library)
          continue()
        endif()
        set(code "${library_code}")
        get_filename_component(what "${library}" NAME)
      endif()
      dualgpu_gpu_verdict(v "${vendor}" "${arch}" "${code}")
      dualgpu_verdict_text(t "${vendor}" "${arch}" "${v_VERDICT}" "${v_VIA}" "${what}")
      _dualgpu_json_string(quoted "${t}")
      string(JSON entry SET "${entry}" ${source}
        "{\"verdict\": \"${v_VERDICT}\", \"via\": \"${v_VIA}\", \"explanation\": ${quoted}}")
      string(APPEND line "\n    ${source}: ${t}")
    endforeach()
    string(JSON json SET "${json}" ${i} "${entry}")
    if(line)
      if(vendor STREQUAL "nvidia")
        set(arch "sm_${arch}")
      endif()
      string(APPEND text "  will it run    gpu ${i} (${arch}):${line}\n")
    endif()
    math(EXPR i "${i} + 1")
  endforeach()
  set(${out_json} "${json}" PARENT_SCOPE)
  set(${out_text} "${text}" PARENT_SCOPE)
endfunction()
