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

install(FILES README.md DESTINATION ${C10TIDY_INSTALL_SHARE_DIR} COMPONENT c10tidy)
install(DIRECTORY docs/checks docs/integration DESTINATION ${C10TIDY_INSTALL_SHARE_DIR}/doc
        COMPONENT c10tidy)
install(FILES docs/integration/sample.clang-tidy docs/integration/sample.clangd
        DESTINATION ${C10TIDY_INSTALL_SHARE_DIR} COMPONENT c10tidy)
install(PROGRAMS scripts/c10-tidy-lint.sh DESTINATION ${C10TIDY_INSTALL_SHARE_DIR} COMPONENT c10tidy)

# c10-tidy-report: the script as bin/c10-tidy-report-N, its Python package
# under share/ (the script finds it from its own name), and the versions it
# writes into SARIF, fixed at build time.
install(PROGRAMS scripts/c10-tidy-report DESTINATION bin RENAME c10-tidy-report-${_n} COMPONENT c10tidy)
install(DIRECTORY scripts/c10tidy_report DESTINATION ${C10TIDY_INSTALL_SHARE_DIR}/python
        COMPONENT c10tidy PATTERN __pycache__ EXCLUDE)
get_directory_property(LLVM_PACKAGE_VERSION DIRECTORY checks DEFINITION LLVM_PACKAGE_VERSION)
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/report/build_info_generated.py
     CONTENT "TOOL_VERSION = \"@PROJECT_VERSION@\"\nLLVM_VERSION = \"@LLVM_PACKAGE_VERSION@\"\n" @ONLY)
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
