# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# One Debian package per LLVM major, built with `cpack -G DEB` in a build tree:
# c10-tidy-N depends on the clang-tidy-N that loads its plugin, plus the shared
# libraries dpkg-shlibdeps finds in the tools. Every file in it carries N
# (cmake/C10TidyInstall.cmake), so c10-tidy-19 and c10-tidy-22 install side by
# side; the unversioned names come from update-alternatives, never from a file.
set(_n ${C10TIDY_LLVM_VERSION})
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME c10-tidy-${_n})
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "c10-tidy developers <maintainers@users.noreply.a-seed-87a862df.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "clang-tidy checks for PyTorch's c10 runtime (LLVM ${_n})")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "Finds slow and unsafe uses of c10::IValue, intrusive_ptr, Tuple, List/Dict
and Tensor in C++ code, with fix-its where the rewrite is provably the same
program. Contains the plugin for clang-tidy-${_n} -load, c10-tidy-${_n}
(clang-tidy with the checks built in), c10-clangd-${_n} (clangd for editors),
c10-tidy-report-${_n} (SARIF and cost summaries) and a CMake package:
find_package(C10Tidy) and c10tidy_enable(<target>).")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# c10-tidy-report-N is a Python 3 script that reads YAML.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "clang-tidy-${_n}, python3, python3-yaml")
# Stripped as Debian strips (install(TARGETS) honours this; the renamed
# programs are stripped by cmake/C10TidyInstall.cmake's install code).
set(CPACK_STRIP_FILES TRUE)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Only the c10tidy component: the unversioned links would collide between packages.
set(CPACK_INSTALL_CMAKE_PROJECTS "${CMAKE_BINARY_DIR};${PROJECT_NAME};c10tidy;/")

foreach(script postinst prerm)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/debian/${script}.in
                 ${CMAKE_BINARY_DIR}/debian/${script} @ONLY
                 FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                  WORLD_READ WORLD_EXECUTE)
endforeach()
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_BINARY_DIR}/debian/postinst ${CMAKE_BINARY_DIR}/debian/prerm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)

include(CPack)
