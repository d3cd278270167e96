# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# c10tidy_fixed_example(<name> <tidy> <out-dir-var>): examples/<name>.cpp
# after `<tidy> -fix` with every c10 check, written at build time into the
# directory returned in <out-dir-var> (once per build tree), so that the fixed program is always what the tool makes of
# the current source, never a copy kept by hand. --config ignores the
# repository's .clang-tidy, which the build tree sits under.
function(c10tidy_fixed_example name tidy out_dir_var)
  set(dir ${CMAKE_BINARY_DIR}/fixed-examples/${name})
  set(out ${dir}/${name}.cpp)
  set(${out_dir_var} ${dir} PARENT_SCOPE)
  if(TARGET ${name}_fixed_source)
    return()
  endif()
  set(tidy_target "")
  if(TARGET c10-tidy)
    set(tidy_target c10-tidy)
  endif()
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/examples/${name}.cpp ${out}
    COMMAND ${tidy} "--config={Checks: '-*,c10-*'}" -fix --quiet ${out} --
            -std=c++17 -Wno-deprecated-declarations
    DEPENDS ${PROJECT_SOURCE_DIR}/examples/${name}.cpp ${tidy_target}
    COMMENT "c10-tidy -fix examples/${name}.cpp" VERBATIM)
  add_custom_target(${name}_fixed_source DEPENDS ${out})
endfunction()
