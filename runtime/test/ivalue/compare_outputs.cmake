# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs the differential program's two builds and fails if their outputs differ
# once addresses (0x...) are masked. Run by ctest:
#   cmake -DLIBTORCH_PROGRAM=... -DRUNTIME_PROGRAM=... -DOUTPUT_DIR=... -P
foreach(var LIBTORCH_PROGRAM RUNTIME_PROGRAM OUTPUT_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compare_outputs: ${var} is not set")
  endif()
endforeach()

foreach(side LIBTORCH RUNTIME)
  execute_process(COMMAND ${${side}_PROGRAM}
    OUTPUT_VARIABLE out_${side} ERROR_VARIABLE err_${side} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${${side}_PROGRAM} failed (${status}):\n${err_${side}}")
  endif()
  string(REGEX REPLACE "0x[0-9a-fA-F]+" "0xADDRESS" out_${side} "${out_${side}}")
  string(TOLOWER ${side} name)
  file(WRITE ${OUTPUT_DIR}/ivalue_differential.${name}.txt "${out_${side}}")
endforeach()

if(NOT out_LIBTORCH STREQUAL out_RUNTIME)
  execute_process(COMMAND diff -u
    ${OUTPUT_DIR}/ivalue_differential.libtorch.txt ${OUTPUT_DIR}/ivalue_differential.runtime.txt
    OUTPUT_VARIABLE difference)
  string(SUBSTRING "${difference}" 0 6000 difference)
  message(FATAL_ERROR "libtorch and the runtime disagree:\n${difference}")
endif()
string(LENGTH "${out_RUNTIME}" length)
message(STATUS "identical outputs (${length} bytes)")
