# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# c10tidy_enable(<target> [CHECKS <glob>...] [WARNINGS_AS_ERRORS])
#
# Lints <target>'s C++ sources as they compile: sets the target's CXX_CLANG_TIDY
# to the clang-tidy found by find_package(C10Tidy), with the c10-tidy plugin
# loaded. CHECKS (default c10-*) becomes --checks, which clang-tidy appends to
# the checks the project's .clang-tidy enables: the project's own checks keep
# running. Without a .clang-tidy (in the target's source directory or above)
# the CHECKS run alone, not clang-tidy's default clang-analyzer-* too. WARNINGS_AS_ERRORS passes the same globs to --warnings-as-errors, so
# a finding of those checks fails the build. Any CXX_CLANG_TIDY the target had
# (e.g. from CMAKE_CXX_CLANG_TIDY) is replaced; put other options in .clang-tidy.
function(c10tidy_enable target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "WARNINGS_AS_ERRORS" "" "CHECKS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "c10tidy_enable(${target}): unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "c10tidy_enable: no target named '${target}'")
  endif()
  if(NOT arg_CHECKS)
    set(arg_CHECKS "c10-*")
  endif()
  list(JOIN arg_CHECKS "," globs)
  get_property(command GLOBAL PROPERTY C10Tidy_CLANG_TIDY_COMMAND)
  # Without a .clang-tidy above the target's sources, clang-tidy's default adds
  # every clang-analyzer-* check (more than twice the time): then the CHECKS
  # run alone. A .clang-tidy decides what else runs.
  get_target_property(source_dir ${target} SOURCE_DIR)
  set(dir "${source_dir}")
  set(config "")
  while(NOT config)
    if(EXISTS "${dir}/.clang-tidy")
      set(config "${dir}/.clang-tidy")
    endif()
    get_filename_component(parent "${dir}" DIRECTORY)
    if(parent STREQUAL dir)
      break()
    endif()
    set(dir "${parent}")
  endwhile()
  if(config)
    list(APPEND command "--checks=${globs}")
  else()
    list(APPEND command "--checks=-clang-analyzer-*,${globs}")
  endif()
  if(arg_WARNINGS_AS_ERRORS)
    list(APPEND command "--warnings-as-errors=${globs}")
  endif()
  set_property(TARGET ${target} PROPERTY CXX_CLANG_TIDY "${command}")
endfunction()
