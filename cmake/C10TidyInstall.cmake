# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Install layout. Every path carries the LLVM major N, so the builds (and the
# .debs) for two majors install side by side without sharing a single file:
#   bin/c10-tidy-N, bin/c10-clangd-N      the tools, module linked in
#   lib/c10-tidy/llvm-N/libC10Tidy.so     the plugin for clang-tidy-N -load
#   lib/cmake/C10Tidy-N/                  the CMake package: find_package(C10Tidy)
#   share/c10-tidy/llvm-N/                docs, sample .clang-tidy/.clangd, the CI lint script
# Destinations are relative to the prefix, so the same rules serve
# `cmake --install BUILD --prefix P` and the .deb (prefix /usr).
#
# Everything is in the "c10tidy" component, which the .deb packages. The
# unversioned names are in "unversioned" and exist only when asked for.

set(_n ${C10TIDY_LLVM_VERSION})
set(C10TIDY_INSTALL_PLUGIN_DIR lib/c10-tidy/llvm-${_n})
set(C10TIDY_INSTALL_CMAKE_DIR lib/cmake/C10Tidy-${_n})
set(C10TIDY_INSTALL_SHARE_DIR share/c10-tidy/llvm-${_n})

install(TARGETS C10Tidy LIBRARY DESTINATION ${C10TIDY_INSTALL_PLUGIN_DIR} COMPONENT c10tidy)
# install(TARGETS) cannot rename; the build tree keeps the plain names its tests use.
install(PROGRAMS $<TARGET_FILE:c10-tidy> DESTINATION bin RENAME c10-tidy-${_n} COMPONENT c10tidy)
install(PROGRAMS $<TARGET_FILE:c10-clangd> DESTINATION bin RENAME c10-clangd-${_n} COMPONENT c10tidy)
# install(PROGRAMS) ignores --strip and CPACK_STRIP_FILES; strip the copies the
# way Debian's dh_strip strips executables.
find_program(C10TIDY_STRIP NAMES strip)
install(CODE "
  if(CMAKE_INSTALL_DO_STRIP)
    foreach(_tool c10-tidy-${_n} c10-clangd-${_n})
      execute_process(COMMAND \"${C10TIDY_STRIP}\" --remove-section=.comment --remove-section=.note
                              \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/bin/\${_tool}\"
                      COMMAND_ERROR_IS_FATAL ANY)
    endforeach()
  endif()" COMPONENT c10tidy)

# Debian's documentation files: the machine-readable copyright, the changelog
# (gzip -9n, as dpkg expects) and a manual page per program, made by help2man
# from each program's --help and --version.
set(C10TIDY_INSTALL_DOC_DIR share/doc/c10-tidy-${_n})
install(FILES cmake/debian/copyright DESTINATION ${C10TIDY_INSTALL_DOC_DIR} COMPONENT c10tidy)
configure_file(cmake/debian/changelog.in ${CMAKE_BINARY_DIR}/debian/changelog @ONLY)
find_program(C10TIDY_GZIP NAMES gzip REQUIRED)
find_program(C10TIDY_HELP2MAN NAMES help2man)
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/debian/changelog.gz
  COMMAND ${C10TIDY_GZIP} -9nc ${CMAKE_BINARY_DIR}/debian/changelog > ${CMAKE_BINARY_DIR}/debian/changelog.gz
  DEPENDS ${CMAKE_BINARY_DIR}/debian/changelog VERBATIM)
set(_docs ${CMAKE_BINARY_DIR}/debian/changelog.gz)
if(C10TIDY_HELP2MAN)
  set(_program_c10-tidy $<TARGET_FILE:c10-tidy>)
  set(_what_c10-tidy "clang-tidy with the c10-* checks built in")
  set(_program_c10-clangd $<TARGET_FILE:c10-clangd>)
  set(_what_c10-clangd "clangd with the c10-* clang-tidy checks built in")
  set(_program_c10-tidy-report ${PROJECT_SOURCE_DIR}/scripts/c10-tidy-report)
  set(_what_c10-tidy-report "SARIF and cost summaries from clang-tidy --export-fixes YAML")
  foreach(_name c10-tidy c10-clangd c10-tidy-report)
    set(_program ${_program_${_name}})
    set(_what ${_what_${_name}})
    set(_man ${CMAKE_BINARY_DIR}/man/${_name}-${_n}.1)
    # Run through a link with the installed name, which the page's NAME gives.
    set(_link ${CMAKE_BINARY_DIR}/man/bin/${_name}-${_n})
    add_custom_command(OUTPUT ${_man}.gz
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man/bin
      COMMAND ${CMAKE_COMMAND} -E create_symlink ${_program} ${_link}
      COMMAND ${CMAKE_COMMAND} -E env C10TIDY_REPORT_LLVM_VERSION=${LLVM_PACKAGE_VERSION}
              ${C10TIDY_HELP2MAN} --no-info --no-discard-stderr --name=${_what}
              --version-string=${PROJECT_VERSION} --output=${_man} ${_link}
      COMMAND ${C10TIDY_GZIP} -9nf ${_man}
      DEPENDS ${_program} VERBATIM)
    list(APPEND _docs ${_man}.gz)
    install(FILES ${_man}.gz DESTINATION share/man/man1 COMPONENT c10tidy)
  endforeach()
else()
  message(STATUS "c10-tidy: help2man not found, the package will have no manual pages")
endif()
add_custom_target(c10tidy_package_docs ALL DEPENDS ${_docs})
install(FILES ${CMAKE_BINARY_DIR}/debian/changelog.gz DESTINATION ${C10TIDY_INSTALL_DOC_DIR}
        COMPONENT c10tidy)

install(FILES README.md DESTINATION ${C10TIDY_INSTALL_SHARE_DIR} COMPONENT c10tidy)
install(DIRECTORY docs/checks docs/integration DESTINATION ${C10TIDY_INSTALL_SHARE_DIR}/doc
        COMPONENT c10tidy)
# c10-clangd-N links c10-* diagnostics to these pages when no docs base is
# configured: it finds them relative to itself, so a moved prefix keeps them.
target_compile_definitions(c10-clangd PRIVATE
                           C10TIDY_INSTALLED_DOCS="../${C10TIDY_INSTALL_SHARE_DIR}/doc/checks")
install(FILES docs/integration/sample.clang-tidy docs/integration/sample.clangd
        DESTINATION ${C10TIDY_INSTALL_SHARE_DIR} COMPONENT c10tidy)
install(PROGRAMS scripts/c10-tidy-lint.sh DESTINATION ${C10TIDY_INSTALL_SHARE_DIR} COMPONENT c10tidy)

# c10-tidy-report: the script as bin/c10-tidy-report-N, its Python package
# under share/ (the script finds it from its own name), and the versions it
# writes into SARIF and the docs base of its helpUri (empty: none), fixed at
# build time.
install(PROGRAMS scripts/c10-tidy-report DESTINATION bin RENAME c10-tidy-report-${_n} COMPONENT c10tidy)
install(DIRECTORY scripts/c10tidy_report DESTINATION ${C10TIDY_INSTALL_SHARE_DIR}/python
        COMPONENT c10tidy PATTERN __pycache__ EXCLUDE)
get_directory_property(LLVM_PACKAGE_VERSION DIRECTORY checks DEFINITION LLVM_PACKAGE_VERSION)
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/report/build_info_generated.py
     CONTENT "TOOL_VERSION = \"@PROJECT_VERSION@\"\nLLVM_VERSION = \"@LLVM_PACKAGE_VERSION@\"\nDOCS_BASE_URL = \"@C10TIDY_DOCS_BASE_URL@\"\n" @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/report/build_info_generated.py
        DESTINATION ${C10TIDY_INSTALL_SHARE_DIR}/python/c10tidy_report COMPONENT c10tidy)

# Plain c10-tidy/c10-clangd for a machine with one LLVM major. A .deb never
# ships them (two packages would own the same path); it registers them with
# update-alternatives instead (cmake/debian/postinst.in).
option(C10TIDY_INSTALL_UNVERSIONED_NAMES
       "cmake --install also creates bin/c10-tidy, bin/c10-clangd and bin/c10-tidy-report (symlinks to the -N names)" OFF)
if(C10TIDY_INSTALL_UNVERSIONED_NAMES)
  foreach(tool c10-tidy c10-clangd c10-tidy-report)
    install(CODE "
      set(_link \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/bin/${tool}\")
      message(STATUS \"Installing: \${_link} -> ${tool}-${_n}\")
      file(CREATE_LINK ${tool}-${_n} \"\${_link}\" SYMBOLIC)
      list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${_link}\")"
      COMPONENT unversioned)
  endforeach()
endif()

# The CMake package, twice from the same templates: installed (paths relative
# to the prefix) and in the build tree (build/lib/cmake/C10Tidy-N, so that
# -DCMAKE_PREFIX_PATH=<this build dir> finds it). Both locate their files
# relative to themselves, so neither holds an absolute path.
function(c10tidy_write_package dir plugin tidy clangd)
  set(C10TIDY_PACKAGE_LLVM ${_n})
  set(C10TIDY_PACKAGE_PLUGIN ${plugin})
  set(C10TIDY_PACKAGE_TIDY ${tidy})
  set(C10TIDY_PACKAGE_CLANGD ${clangd})
  set(in ${PROJECT_SOURCE_DIR}/cmake/package)
  configure_file(${in}/C10TidyConfig.cmake.in ${dir}/C10TidyConfig.cmake @ONLY)
  configure_file(${in}/C10TidyConfigVersion.cmake.in ${dir}/C10TidyConfigVersion.cmake @ONLY)
  configure_file(${in}/C10TidyLLVM.cmake.in ${dir}/C10Tidy-llvm${_n}.cmake.in @ONLY)
  # The file names of the targets are only known at generation time.
  file(GENERATE OUTPUT ${dir}/C10Tidy-llvm${_n}.cmake INPUT ${dir}/C10Tidy-llvm${_n}.cmake.in)
  configure_file(${in}/C10TidyRequestedLLVM.cmake ${dir}/C10TidyRequestedLLVM.cmake COPYONLY)
  configure_file(${in}/C10TidyEnable.cmake ${dir}/C10TidyEnable.cmake COPYONLY)
endfunction()

function(c10tidy_build_tree_path target out)
  get_target_property(dir ${target} BINARY_DIR)
  file(RELATIVE_PATH rel ${CMAKE_BINARY_DIR} ${dir})
  set(${out} "${rel}/$<TARGET_FILE_NAME:${target}>" PARENT_SCOPE)
endfunction()
c10tidy_build_tree_path(C10Tidy _plugin)
c10tidy_build_tree_path(c10-tidy _tidy)
c10tidy_build_tree_path(c10-clangd _clangd)
c10tidy_write_package(${CMAKE_BINARY_DIR}/${C10TIDY_INSTALL_CMAKE_DIR} ${_plugin} ${_tidy} ${_clangd})

set(_installed ${CMAKE_BINARY_DIR}/installed-package/C10Tidy-${_n})
c10tidy_write_package(${_installed} ${C10TIDY_INSTALL_PLUGIN_DIR}/$<TARGET_FILE_NAME:C10Tidy>
                      bin/c10-tidy-${_n} bin/c10-clangd-${_n})
install(FILES ${_installed}/C10TidyConfig.cmake ${_installed}/C10TidyConfigVersion.cmake
              ${_installed}/C10Tidy-llvm${_n}.cmake ${_installed}/C10TidyRequestedLLVM.cmake
              ${_installed}/C10TidyEnable.cmake
        DESTINATION ${C10TIDY_INSTALL_CMAKE_DIR} COMPONENT c10tidy)
