//===- UnitAnalyses.cpp ---------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/UnitAnalyses.h"
#include "utils/PerUnit.h"

namespace clang::tidy::c10::utils {

OwnershipAnalysis &UnitAnalyses::ownership(const OwnershipConfig &Config) {
  if (!Ownership)
    Ownership.emplace(Config, Ctx, Parents, LastUses, Sinks);
  return *Ownership;
}

UnitAnalyses &SharedUnitAnalyses::get(ASTContext &Ctx) {
  if (!Held || HeldFor != &Ctx) {
    Held = sharedPerUnit<UnitAnalyses>(&Ctx, [&] { return std::make_shared<UnitAnalyses>(Ctx); });
    HeldFor = &Ctx;
  }
  return *Held;
}

} // namespace clang::tidy::c10::utils
