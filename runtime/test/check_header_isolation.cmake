# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# -M, not -MM: -MM omits headers found in system directories, and
# /usr/include is one. Fails if any of SOURCES, preprocessed with INCLUDE_DIRS first on the search
# path, includes a header from libtorch's tree (/usr/include/{c10,ATen,torch,
# caffe2}). Run by ctest: cmake -DCOMPILER=... -DINCLUDE_DIRS=... -DSOURCES=... -P
foreach(var COMPILER INCLUDE_DIRS SOURCES)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_header_isolation: ${var} is not set")
  endif()
endforeach()

set(include_flags)
foreach(dir IN LISTS INCLUDE_DIRS)
  list(APPEND include_flags "-I${dir}")
endforeach()

set(failures 0)
foreach(source IN LISTS SOURCES)
  execute_process(
    COMMAND ${COMPILER} -std=c++17 ${include_flags} -M ${source}
    OUTPUT_VARIABLE deps
    ERROR_VARIABLE errors
    RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(SEND_ERROR "${source}: preprocessing failed:\n${errors}")
    math(EXPR failures "${failures} + 1")
    continue()
  endif()
  string(REGEX MATCHALL "/usr/include/(c10|ATen|torch|caffe2)/[^ \\\n]+" foreign "${deps}")
  if(foreign)
    list(REMOVE_DUPLICATES foreign)
    string(REPLACE ";" "\n  " foreign "${foreign}")
    message(SEND_ERROR "${source} includes libtorch headers that the runtime does not provide:\n  ${foreign}")
    math(EXPR failures "${failures} + 1")
  else()
    message(STATUS "${source}: no libtorch headers")
  endif()
endforeach()
if(failures GREATER 0)
  message(FATAL_ERROR "header isolation: ${failures} source(s) mix in libtorch headers")
endif()
