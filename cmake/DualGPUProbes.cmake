#[=======================================================================[.rst:
DualGPUProbes
-------------

Runs the tools that can see GPUs and reads what they print. Each probe is
bounded by ``DUALGPU_PROBE_TIMEOUT`` seconds (default 10; CMake variable, else
environment), so a hanging ``rocminfo`` or ``nvidia-smi`` costs at most that and
is reported - also one that ignores SIGTERM or leaves a child holding its
output. A value that is not a positive number stops the configure (or the
doctor) with the fix before anything runs. At most 1 MiB of a tool's output is
read; a tool that prints without end is cut off and noted. A tool that crashes
or prints garbage yields no GPU and a note, never an error.

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
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/DualGPUArchitectures.cmake")

set(_DUALGPU_MODULE_DIR "${CMAKE_CURRENT_LIST_DIR}")
# The most a probe's output may hold: far more than any recorded tool output in tests/fixtures.
set(_DUALGPU_PROBE_OUTPUT_LIMIT 1048576)

# _dualgpu_probe_timeout(<out> [<factor>]): DUALGPU_PROBE_TIMEOUT (CMake variable, else environment,
# else 10) checked to be a positive number of seconds, times <factor>. Every probe reads its bound
# here, so a value like '5;COMMAND;touch;FILE' stops the configure before anything runs.
function(_dualgpu_probe_timeout out)
  set(value 10)
  set(origin "")
  if(DEFINED DUALGPU_PROBE_TIMEOUT)
    set(value "${DUALGPU_PROBE_TIMEOUT}")
    set(origin "CMake variable")
  elseif(DEFINED ENV{DUALGPU_PROBE_TIMEOUT})
    set(value "$ENV{DUALGPU_PROBE_TIMEOUT}")
    set(origin "environment")
  endif()
  if(NOT value MATCHES "^[0-9]*\\.?[0-9]+$" OR value MATCHES "^[0.]+$")
    message(FATAL_ERROR "DUALGPU_PROBE_TIMEOUT='${value}' (${origin}) is not a number of seconds: "
      "set it to a positive number such as 10, or unset it for the default (10)")
  endif()
  if(ARGC GREATER 1)
    # math() knows integers only: scale milliseconds, round up to whole seconds.
    string(REGEX MATCH "^([0-9]*)\\.?([0-9]*)$" _ "${value}")
    string(SUBSTRING "${CMAKE_MATCH_2}000" 0 3 milli)
    math(EXPR value "((0${CMAKE_MATCH_1} * 1000 + 1${milli} - 1000) * ${ARGV1} + 999) / 1000")
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()
# Checked once on load too, and kept as a plain variable for code that reads DUALGPU_PROBE_TIMEOUT.
_dualgpu_probe_timeout(_dualgpu_checked_timeout)
if(NOT DEFINED DUALGPU_PROBE_TIMEOUT)
  set(DUALGPU_PROBE_TIMEOUT "${_dualgpu_checked_timeout}")
endif()

# _dualgpu_run_bounded(<out-text> <out-rc> <timeout> <command>...): runs <command> with its stderr
# merged into its stdout, reading at most _DUALGPU_PROBE_OUTPUT_LIMIT bytes (a tool that prints
# without end is cut off by head and ends on SIGPIPE) and killing it after <timeout> seconds, its
# children too (nothing is left holding a pipe CMake waits on). The working directory is DualGPU's
# module folder, which holds no Python: an interpreter started here imports nothing from the
# user's current folder (its '' entry, an empty PYTHONPATH entry) - see dualgpu_run_python.
# <out-rc> is the command's own exit code, "timeout", or "too much output".
# sh and head by absolute path, found once: a probe must still run when PATH holds only a tool's folder.
find_program(_DUALGPU_SH NAMES sh PATHS /bin /usr/bin NO_CACHE REQUIRED)
find_program(_DUALGPU_HEAD NAMES head PATHS /usr/bin /bin NO_CACHE REQUIRED)
function(_dualgpu_run_bounded out_text out_rc timeout)
  execute_process(COMMAND "${_DUALGPU_SH}" -c "exec \"$0\" \"$@\" 2>&1" ${ARGN}
    COMMAND "${_DUALGPU_HEAD}" -c ${_DUALGPU_PROBE_OUTPUT_LIMIT}
    WORKING_DIRECTORY "${_DUALGPU_MODULE_DIR}"
    TIMEOUT "${timeout}"
    RESULTS_VARIABLE rcs OUTPUT_VARIABLE text ERROR_QUIET)
  list(GET rcs 0 rc)
  string(LENGTH "${text}" length)
  if(rcs MATCHES "timeout")
    set(rc timeout)
  elseif(length GREATER_EQUAL _DUALGPU_PROBE_OUTPUT_LIMIT)
    set(rc "too much output")
  endif()
  set(${out_text} "${text}" PARENT_SCOPE)
  set(${out_rc} "${rc}" PARENT_SCOPE)
endfunction()

# _dualgpu_add_message(<list-var> <text>): appends one message, its ';' kept inside the entry
# (an error quoting 'gfx90a;sm_90' stays one error in doctor --json and in the summary).
# Functions, not macros: a macro would read a '\' in a path as an escape.
function(_dualgpu_add_message list text)
  string(REPLACE ";" "\\;" text "${text}")
  if("${${list}}" STREQUAL "")
    set(${list} "${text}" PARENT_SCOPE)
  else()
    set(${list} "${${list}};${text}" PARENT_SCOPE)
  endif()
endfunction()

# _dualgpu_append_messages(<list-var> <other-list-var>): <list-var> += <other-list-var>, escapes kept.
function(_dualgpu_append_messages list other)
  if("${${list}}" STREQUAL "")
    set(${list} "${${other}}" PARENT_SCOPE)
  elseif(NOT "${${other}}" STREQUAL "")
    set(${list} "${${list}};${${other}}" PARENT_SCOPE)
  endif()
endfunction()

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
