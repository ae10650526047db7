#[=======================================================================[.rst:
DualGPUProbes
-------------

Runs the tools that can see GPUs and reads what they print. Each probe is
bounded by ``DUALGPU_PROBE_TIMEOUT`` seconds (default 10), so a hanging
``rocminfo`` or ``nvidia-smi`` costs at most that and is reported; a tool that
crashes or prints garbage yields no GPU and a note, never an error.

Parsers take text, so tests feed them outputs recorded on real machines.

GPU records are strings ``<vendor>|<name>|<arch>|<kind>`` (vendor ``amd`` or
``nvidia``; arch ``gfx90a`` or a CUDA compute capability ``90``; kind ``dgpu``
or ``igpu``).

.. command:: dualgpu_gpus_from_rocminfo
.. command:: dualgpu_gpus_from_amdgpu_arch
.. command:: dualgpu_gpus_from_rocm_agent_enumerator
.. command:: dualgpu_gpus_from_nvidia_smi

  ::

    dualgpu_gpus_from_<tool>(<out-list> <text>)

.. command:: dualgpu_probe_gpus

  ::

    dualgpu_probe_gpus(<out-gpus> <out-notes>)

  Runs the tools found on ``PATH`` (AMD first: ``rocminfo``, then ``amdgpu-arch``,
  then ``rocm_agent_enumerator``; then ``nvidia-smi``) and returns every GPU seen.
#]=======================================================================]
include_guard(GLOBAL)
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/DualGPUArchitectures.cmake")

if(NOT DEFINED DUALGPU_PROBE_TIMEOUT)
  if(DEFINED ENV{DUALGPU_PROBE_TIMEOUT})
    set(DUALGPU_PROBE_TIMEOUT "$ENV{DUALGPU_PROBE_TIMEOUT}")
  else()
    set(DUALGPU_PROBE_TIMEOUT 10)
  endif()
endif()

# Text -> list of lines, with the characters that CMake lists cannot hold made harmless.
function(_dualgpu_lines out text)
  string(REPLACE ";" "," text "${text}")
  string(REPLACE "[" "(" text "${text}")
  string(REPLACE "]" ")" text "${text}")
  string(REPLACE "\r" "" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(${out} "${lines}" PARENT_SCOPE)
endfunction()

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

# _dualgpu_run(<out-text> <out-note> <tool> <args>...): runs a tool found on PATH with a timeout.
# <out-note> is empty on success, else one line saying what went wrong.
function(_dualgpu_run out_text out_note tool)
  set(${out_text} "" PARENT_SCOPE)
  find_program(exe NAMES "${tool}" NO_CACHE)
  if(NOT exe)
    set(${out_note} "${tool}: not found" PARENT_SCOPE)
    return()
  endif()
  execute_process(COMMAND "${exe}" ${ARGN}
    TIMEOUT ${DUALGPU_PROBE_TIMEOUT}
    RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  if(NOT rc STREQUAL "0")
    # A Python traceback (rocm_agent_enumerator) says what went wrong on its last line.
    string(STRIP "${stderr}${stdout}" all)
    if(all MATCHES "^Traceback" AND all MATCHES "\n([^\n]+)$")
      set(first "${CMAKE_MATCH_1}")
    else()
      string(REGEX REPLACE "\n.*" "" first "${all}")
    endif()
    if(rc MATCHES "timeout|Process terminated due to timeout")
      set(${out_note} "${tool}: no answer within ${DUALGPU_PROBE_TIMEOUT} s (DUALGPU_PROBE_TIMEOUT)" PARENT_SCOPE)
    else()
      set(${out_note} "${tool}: failed (${rc}): ${first}" PARENT_SCOPE)
    endif()
    set(${out_text} "${stdout}" PARENT_SCOPE)
    return()
  endif()
  set(${out_note} "" PARENT_SCOPE)
  set(${out_text} "${stdout}" PARENT_SCOPE)
endfunction()

function(dualgpu_probe_gpus out_gpus out_notes)
  set(notes "")
  set(amd "")
  # AMD: the first tool that answers wins; the others only fill in when it fails.
  foreach(tool IN ITEMS rocminfo amdgpu-arch rocm_agent_enumerator)
    _dualgpu_run(text note "${tool}")
    if(note)
      list(APPEND notes "${note}")
      continue()
    endif()
    string(REPLACE "-" "_" parser "${tool}")
    cmake_language(CALL "dualgpu_gpus_from_${parser}" amd "${text}")
    if(amd)
      break()
    endif()
    list(APPEND notes "${tool}: ran but listed no GPU")
  endforeach()
  _dualgpu_run(text note nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader)
  set(nvidia "")
  if(note)
    if(note MATCHES "not a valid field")
      set(note "nvidia-smi: this driver is older than 510 and cannot report compute capability - set DUALGPU_ARCHITECTURES")
    endif()
    list(APPEND notes "${note}")
  else()
    dualgpu_gpus_from_nvidia_smi(nvidia "${text}")
    if(NOT nvidia)
      list(APPEND notes "nvidia-smi: ran but listed no GPU")
    endif()
  endif()
  set(${out_gpus} ${amd} ${nvidia} PARENT_SCOPE)
  set(${out_notes} "${notes}" PARENT_SCOPE)
endfunction()
