//===- C10TidyModule.cpp - the "c10" clang-tidy module ---------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Registers every c10-* check. Nothing else belongs here.
//
//===----------------------------------------------------------------------===//

#include "C10TidyModuleAnchor.h"
#include "IValueRefAccessorCheck.h"
#include "IValueGenericToCheck.h"
#include "IValueVectorCopyCheck.h"
#include "IntrusivePtrCycleCheck.h"
#include "IntrusivePtrMoveCheck.h"
#include "IntrusivePtrReclaimCheck.h"
#include "MakeIntrusiveCheck.h"
#include "RefcountedCopyCheck.h"
#include "TupleCreateInitListCheck.h"
#include "TupleElementsCopyCheck.h"
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
    Factories.registerCheck<IValueGenericToCheck>("c10-ivalue-generic-to");
    Factories.registerCheck<IValueVectorCopyCheck>("c10-ivalue-vector-copy");
    Factories.registerCheck<IntrusivePtrCycleCheck>("c10-intrusive-ptr-cycle");
    Factories.registerCheck<IntrusivePtrMoveCheck>("c10-intrusive-ptr-move");
    Factories.registerCheck<IntrusivePtrReclaimCheck>("c10-intrusive-ptr-reclaim");
    Factories.registerCheck<MakeIntrusiveCheck>("c10-make-intrusive");
    Factories.registerCheck<RefcountedCopyCheck>("c10-refcounted-copy");
    Factories.registerCheck<TupleCreateInitListCheck>("c10-tuple-create-init-list");
    Factories.registerCheck<TupleElementsCopyCheck>("c10-tuple-elements-copy");
  }
};

} // namespace

static ClangTidyModuleRegistry::Add<C10TidyModule>
    Registration("c10-module", "Checks for slow and unsafe uses of PyTorch's c10 runtime.");

int forceLinkC10TidyModule() { return 0; }

} // namespace clang::tidy::c10
