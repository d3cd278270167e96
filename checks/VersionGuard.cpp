//===- VersionGuard.cpp - refuse to run inside another LLVM major ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clang-tidy plugins link against the C++ API of one LLVM major version, which
// has no stable ABI. Loaded into another major, a plugin either registers into
// registries the host never reads (a silent no-op that reports nothing) or dies
// on the first unresolved symbol. Both look like success or a crash to a user,
// so this file, linked only into the plugin, checks the host's version when the
// plugin is loaded and stops with one clear message.
//
// It runs from a high-priority constructor, before the module's registration
// (an ordinary static initializer) touches any LLVM symbol, and it finds the
// host's version without calling into the C++ API: through the stable C entry
// point LLVMGetVersion (LLVM >= 16), else from the soname of the loaded libLLVM.
//
//===----------------------------------------------------------------------===//

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#ifndef C10TIDY_LLVM_MAJOR
#error "C10TIDY_LLVM_MAJOR must be defined by the build"
#endif

namespace {

using GetVersionFn = void (*)(unsigned *, unsigned *, unsigned *);

// The major version in a path such as ".../libLLVM.so.19.1" or "libLLVM-14.so".
int majorFromLibLLVMPath(const char *Path) {
  const char *Name = std::strstr(Path, "libLLVM");
  if (!Name)
    return 0;
  for (const char *P = Name + std::strlen("libLLVM"); *P; ++P)
    if (std::isdigit(static_cast<unsigned char>(*P)))
      return static_cast<int>(std::strtol(P, nullptr, 10));
  return 0;
}

int findLoadedLibLLVM(struct dl_phdr_info *Info, size_t, void *Data) {
  if (Info->dlpi_name && std::strstr(Info->dlpi_name, "libLLVM")) {
    *static_cast<int *>(Data) = majorFromLibLLVMPath(Info->dlpi_name);
    return *static_cast<int *>(Data) != 0;
  }
  return 0;
}

int hostLLVMMajor() {
  if (auto *GetVersion =
          reinterpret_cast<GetVersionFn>(dlsym(RTLD_DEFAULT, "LLVMGetVersion"))) {
    unsigned Major = 0, Minor = 0, Patch = 0;
    GetVersion(&Major, &Minor, &Patch);
    return static_cast<int>(Major);
  }
  int Major = 0;
  dl_iterate_phdr(findLoadedLibLLVM, &Major);
  return Major;
}

__attribute__((constructor(101))) void refuseForeignLLVM() {
  int Host = hostLLVMMajor();
  if (Host == 0 || Host == C10TIDY_LLVM_MAJOR)
    return; // A host we cannot identify is given the benefit of the doubt.
  std::fprintf(stderr,
               "error: the c10-tidy plugin was built for LLVM %d but was loaded into a "
               "tool from LLVM %d; run it with clang-tidy-%d, or rebuild it with "
               "-DC10TIDY_LLVM_VERSION=%d (or use the standalone c10-tidy)\n",
               C10TIDY_LLVM_MAJOR, Host, C10TIDY_LLVM_MAJOR, Host);
  std::fflush(stderr);
  // Exit before any static initializer of the plugin runs into the foreign ABI.
  _exit(2);
}

} // namespace
