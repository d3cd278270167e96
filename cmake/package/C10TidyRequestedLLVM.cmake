# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Which LLVM major the caller of find_package(C10Tidy) asked for:
#   COMPONENTS llvmN, else the variable C10TIDY_LLVM_VERSION, else none (the
#   config then loads the newest major installed next to it).
# Read by the version file, which turns down other majors so that find_package
# keeps searching, and by the config. Sets _C10Tidy_requested, and
# _C10Tidy_request_error for a request that no package can satisfy.
set(_C10Tidy_requested "")
set(_C10Tidy_request_error "")
foreach(_C10Tidy_component IN LISTS C10Tidy_FIND_COMPONENTS)
  if(NOT _C10Tidy_component MATCHES "^llvm([0-9]+)$")
    set(_C10Tidy_request_error
        "unknown component '${_C10Tidy_component}': the components are llvmN, one LLVM major")
  elseif(_C10Tidy_requested AND NOT _C10Tidy_requested STREQUAL CMAKE_MATCH_1)
    set(_C10Tidy_request_error "components name two LLVM majors (${C10Tidy_FIND_COMPONENTS}): "
                               "one project lints with one clang-tidy")
  else()
    set(_C10Tidy_requested ${CMAKE_MATCH_1})
  endif()
endforeach()
if(NOT _C10Tidy_requested AND C10TIDY_LLVM_VERSION)
  set(_C10Tidy_requested ${C10TIDY_LLVM_VERSION})
endif()
