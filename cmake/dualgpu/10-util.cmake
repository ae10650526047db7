#[=======================================================================[.rst:
dualgpu/10-util
---------------

The helpers every later file uses: the one place that starts external tools (time and output
bounded, children killed), message lists, settings (a CMake variable, else the environment), and
JSON. Internal to the package: the commands' arguments may change between releases.

Result variables
^^^^^^^^^^^^^^^^

``_DUALGPU_MODULE_DIR``
  The folder of these files: the working directory of every tool started, so an interpreter
  started there imports nothing from the user's current folder.
``_DUALGPU_PROBE_OUTPUT_LIMIT``
  How many bytes of a tool's output are read at most.

Input variables
^^^^^^^^^^^^^^^

``DUALGPU_PROBE_TIMEOUT``
  Seconds each tool may run (CMake variable, else environment; default 10). Checked when this file
  is included: a value that is not a positive number stops the configure (or the doctor) with the
  fix, before any tool runs.
The settings of ``_DUALGPU_SETTINGS`` (dualgpu/00-data)
  Read by ``_dualgpu_check_settings``, each as a CMake variable, else from the environment.

Commands
^^^^^^^^

.. command:: _dualgpu_probe_timeout

  ::

    _dualgpu_probe_timeout(<out> [<factor>])

  ``DUALGPU_PROBE_TIMEOUT`` checked, times ``<factor>`` (rounded up to whole seconds).

.. command:: _dualgpu_run_bounded

  ::

    _dualgpu_run_bounded(<out-text> <out-rc> <timeout> <command>...)

  Runs ``<command>`` with its stderr merged into its stdout, reading at most
  ``_DUALGPU_PROBE_OUTPUT_LIMIT`` bytes and killing it, its children too, after ``<timeout>``
  seconds. ``<out-rc>`` is the exit code, ``timeout`` or ``too much output``. ``sh`` and ``head``
  are found in ``/bin`` and ``/usr/bin``, so a probe runs whatever ``PATH`` holds.

.. command:: _dualgpu_probe

  ::

    _dualgpu_probe(<out-text> <out-rc> <command>...)

  ``_dualgpu_run_bounded`` with the probe bound, ``DUALGPU_PROBE_TIMEOUT``, read here: callers pass
  no timeout along.

.. command:: _dualgpu_tool_answer

  ::

    _dualgpu_tool_answer(<out> <regex> <program> <arg>...)

  The parts of the program's output that match ``<regex>``, asked once per program, arguments and
  regex and kept in the cache (tool versions and options).

.. command:: _dualgpu_setting

  ::

    _dualgpu_setting(<out-value> <out-source> <name>)

  A non-empty CMake variable ``<name>``, else a non-empty environment variable, else empty;
  ``<out-source>`` says which (``<name> (CMake variable)`` or ``<name> (environment)``).

.. command:: _dualgpu_setting_on

  ::

    _dualgpu_setting_on(<out> <name> <default>)

  A switch setting read as ``_dualgpu_setting`` does (``<default>`` when unset), as ``TRUE`` or
  ``FALSE``: every ``:bool`` setting of ``_DUALGPU_SETTINGS`` is read through it.

.. command:: _dualgpu_check_settings

  ::

    _dualgpu_check_settings(<out-errors>)

  Every setting of ``_DUALGPU_SETTINGS`` that is set, checked against what its kind accepts (a CMake
  false constant always passes); one message per bad value, naming the variable, where it was set
  and the values accepted. ``find_package(DualGPU)`` and the doctor call it before anything runs.

.. command:: _dualgpu_add_message

  ::

    _dualgpu_add_message(<list-var> <text>)

  Appends one message, a ``;`` in it kept inside the entry.

.. command:: _dualgpu_append_messages

  ::

    _dualgpu_append_messages(<list-var> <other-list-var>)

  Appends one message list to another, escapes kept.

.. command:: _dualgpu_lines

  ::

    _dualgpu_lines(<out> <text>)

  A tool's output as a list of lines (``;``, ``[`` and ``]`` made harmless).

.. command:: _dualgpu_json_fields

  ::

    _dualgpu_json_fields(<prefix> <json> <field>...)

  ``<prefix>_<field>`` for each top-level field of a JSON object, in one call: its value, an array
  as a CMake list, empty where the field is missing or the text is no JSON.

.. command:: _dualgpu_json_string

  ::

    _dualgpu_json_string(<out> <text>)

  ``<text>`` as a JSON string literal: the one place in the package that escapes.

#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/00-data.cmake")

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

# Checked once on load too: a bad value stops here, before any tool runs.
_dualgpu_probe_timeout(_dualgpu_checked_timeout)

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

# _dualgpu_probe(<out-text> <out-rc> <command>...): _dualgpu_run_bounded with the probe bound
# (DUALGPU_PROBE_TIMEOUT, read here, so no caller passes it along).
function(_dualgpu_probe out_text out_rc)
  _dualgpu_probe_timeout(timeout)
  _dualgpu_run_bounded(text rc "${timeout}" ${ARGN})
  set(${out_text} "${text}" PARENT_SCOPE)
  set(${out_rc} "${rc}" PARENT_SCOPE)
endfunction()

# _dualgpu_tool_answer(<out> <regex> <program> <arg>...): the parts of the program's output that match
# <regex>, asked once per program and arguments and kept in the cache (tool versions and options).
function(_dualgpu_tool_answer out regex program)
  string(MD5 key "${program};${ARGN};${regex}")
  if(NOT DEFINED _DUALGPU_TOOL_ANSWER_${key})
    _dualgpu_probe(text rc "${program}" ${ARGN})
    string(REGEX MATCHALL "${regex}" found "${text}")
    list(REMOVE_DUPLICATES found)
    set(_DUALGPU_TOOL_ANSWER_${key} "${found}" CACHE INTERNAL "${program} ${ARGN}: what matches ${regex}")
  endif()
  set(${out} "${_DUALGPU_TOOL_ANSWER_${key}}" PARENT_SCOPE)
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

# _dualgpu_setting(<out-value> <out-source> <name>): a CMake variable wins over the environment.
function(_dualgpu_setting out_value out_source name)
  if(DEFINED ${name} AND NOT "${${name}}" STREQUAL "")
    set(${out_value} "${${name}}" PARENT_SCOPE)
    set(${out_source} "${name} (CMake variable)" PARENT_SCOPE)
  elseif(DEFINED ENV{${name}} AND NOT "$ENV{${name}}" STREQUAL "")
    set(${out_value} "$ENV{${name}}" PARENT_SCOPE)
    set(${out_source} "${name} (environment)" PARENT_SCOPE)
  else()
    set(${out_value} "" PARENT_SCOPE)
    set(${out_source} "" PARENT_SCOPE)
  endif()
endfunction()

# _dualgpu_setting_on(<out> <name> <default>): a switch setting (a CMake variable, else the environment,
# else <default>) as TRUE or FALSE, by CMake's truth rules (_dualgpu_check_settings checked the value).
function(_dualgpu_setting_on out name default)
  _dualgpu_setting(value source ${name})
  if(value STREQUAL "")
    set(value ${default})
  endif()
  if(value)
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

# _dualgpu_json_fields(<prefix> <json> <field>...): <prefix>_<field> for each top-level field of a JSON
# object: its value, an array as a CMake list, "" where the field is missing or the text is no JSON.
function(_dualgpu_json_fields prefix json)
  foreach(field IN LISTS ARGN)
    string(JSON value ERROR_VARIABLE err GET "${json}" "${field}")
    string(JSON type ERROR_VARIABLE type_err TYPE "${json}" "${field}")
    if(err)
      set(value "")
    elseif(type STREQUAL "ARRAY")
      string(JSON n LENGTH "${json}" "${field}")
      set(value "")
      if(n GREATER 0)
        math(EXPR last "${n} - 1")
        foreach(i RANGE ${last})
          string(JSON item GET "${json}" "${field}" ${i})
          list(APPEND value "${item}")
        endforeach()
      endif()
    endif()
    set(${prefix}_${field} "${value}" PARENT_SCOPE)
  endforeach()
endfunction()

# _dualgpu_check_settings(<out-errors>): every setting of _DUALGPU_SETTINGS (00-data.cmake) that is
# set, checked against what its kind accepts; one message per bad value, naming the variable, where
# it was set and the values accepted. The one place these values are validated: find_package and
# the doctor call it before anything is probed or built.
# Example: DUALGPU_RDC=perhaps in the environment ->
#   "DUALGPU_RDC='perhaps': give ON or OFF (from the environment)"
function(_dualgpu_check_settings out)
  set(errors "")
  foreach(entry IN LISTS _DUALGPU_SETTINGS)
    string(REPLACE ":" ";" entry "${entry}")
    list(GET entry 0 name)
    list(GET entry 1 kind)
    _dualgpu_setting(value origin ${name})
    if(value STREQUAL "")
      continue()
    endif()
    string(TOUPPER "${value}" upper)
    set(ok FALSE)
    if(upper MATCHES "^(OFF|FALSE|NO|N|0|IGNORE|NOTFOUND)$" OR value MATCHES "${_DUALGPU_SETTING_REGEX_${kind}}"
       OR upper MATCHES "${_DUALGPU_SETTING_REGEX_${kind}}")
      set(ok TRUE)
    elseif(kind MATCHES "^(program|interpreter)$")
      list(GET value 0 program)  # a launcher may be a list: the program, then its arguments
      if(IS_ABSOLUTE "${program}")
        if(EXISTS "${program}" AND NOT IS_DIRECTORY "${program}")
          set(ok TRUE)
        endif()
      elseif(NOT program MATCHES "/")
        find_program(found NAMES "${program}" NO_CACHE)
        if(found)
          set(ok TRUE)
        endif()
      endif()
    endif()
    if(NOT ok)
      string(REGEX REPLACE "^.*\\((.*)\\)$" "\\1" where "${origin}")
      list(APPEND errors "${name}='${value}'${_DUALGPU_SETTING_TEXT_${kind}} (from the ${where})")
    endif()
  endforeach()
  set(${out} "${errors}" PARENT_SCOPE)
endfunction()

# _dualgpu_json_string(<out> <text>): <text> as a JSON string literal. string(JSON) checks every value
# it is given but cannot quote one, so this is the one place in the package that escapes: '\\', '"' and control
# characters (a path or version may hold any of them).
function(_dualgpu_json_string out text)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  string(REPLACE "\n" "\\n" text "${text}")
  string(REPLACE "\t" "\\t" text "${text}")
  string(REPLACE "\r" "\\r" text "${text}")
  foreach(code RANGE 1 31)
    string(ASCII ${code} c)
    string(REPLACE "${c}" "" text "${text}")
  endforeach()
  set(${out} "\"${text}\"" PARENT_SCOPE)
endfunction()
