//===- C10TidyModule.cpp - the "c10" clang-tidy module ---------------------===//
//
// Registers every c10-* check. Nothing else belongs here.
//
//===----------------------------------------------------------------------===//

#include "C10TidyModuleAnchor.h"
#include "IValueRefAccessorCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "llvm/Config/llvm-config.h"
#if LLVM_VERSION_MAJOR < 22 // Since 22 the registry lives in ClangTidyModule.h.
#include "clang-tidy/ClangTidyModuleRegistry.h"
#endif

namespace clang::tidy::c10 {
namespace {

class C10TidyModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<IValueRefAccessorCheck>("c10-ivalue-ref-accessor");
  }
};

} // namespace

static ClangTidyModuleRegistry::Add<C10TidyModule>
    Registration("c10-module", "Checks for slow and unsafe uses of PyTorch's c10 runtime.");

int forceLinkC10TidyModule() { return 0; }

} // namespace clang::tidy::c10
