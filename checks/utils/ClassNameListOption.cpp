//===- ClassNameListOption.cpp --------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/ClassNameListOption.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/LangOptions.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace clang::tidy::c10::utils {

// A keyword ("true", "int", "class") is no class name: an option value such
// as 'true' is a value of the wrong type, not a class of that name. The
// keywords are collected once: an IdentifierTable costs a few hundred
// thousand instructions to build, and every check parses its options in
// every translation unit.
static bool isKeyword(llvm::StringRef S) {
  static const llvm::StringSet<> Keywords = [] {
    LangOptions Lang;
    Lang.CPlusPlus = Lang.CPlusPlus11 = Lang.CPlusPlus14 = Lang.CPlusPlus17 = true;
    Lang.CPlusPlus20 = Lang.Bool = Lang.WChar = true;
    IdentifierTable Table(Lang);
    llvm::StringSet<> Set;
    for (const auto &Entry : Table)
      if (Entry.getValue()->isKeyword(Lang))
        Set.insert(Entry.getKey());
    return Set;
  }();
  return Keywords.contains(S);
}

static bool isIdentifier(llvm::StringRef S) {
  if (S.empty() || !(llvm::isAlpha(S.front()) || S.front() == '_'))
    return false;
  return llvm::all_of(S, [](char C) { return llvm::isAlnum(C) || C == '_'; }) && !isKeyword(S);
}

static bool isQualifiedName(llvm::StringRef S) {
  S.consume_front("::");
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  S.split(Parts, "::", /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  return llvm::all_of(Parts, isIdentifier);
}

std::optional<std::vector<std::string>>
parseClassNameList(llvm::StringRef Value, std::string &BadEntry) {
  llvm::SmallVector<llvm::StringRef, 4> Entries;
  Value.split(Entries, ';', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  std::vector<std::string> Names;
  for (llvm::StringRef Entry : Entries) {
    Entry = Entry.trim();
    if (Entry.empty())
      continue;
    if (!isQualifiedName(Entry)) {
      BadEntry = Entry.str();
      return std::nullopt;
    }
    Names.push_back(Entry.starts_with("::") ? Entry.str() : "::" + Entry.str());
  }
  if (Names.empty()) {
    BadEntry = Value.str();
    return std::nullopt;
  }
  return Names;
}

std::vector<llvm::StringRef> asStringRefs(const std::vector<std::string> &Names) {
  return {Names.begin(), Names.end()};
}

std::vector<std::string> parseClassNameListOption(const ClangTidyCheck &Check,
                                                  llvm::StringRef CheckName,
                                                  llvm::StringRef Option, llvm::StringRef Raw,
                                                  llvm::StringRef Example,
                                                  llvm::StringRef Kind) {
  std::string BadEntry;
  if (std::optional<std::vector<std::string>> Names = parseClassNameList(Raw, BadEntry))
    return std::move(*Names);
  Check.configurationDiag("invalid value '%0' in option '%1.%2': expected a ';'-separated list "
                          "of qualified %3 such as '%4'; the check is disabled",
                          DiagnosticIDs::Error)
      << BadEntry << CheckName << Option << Kind << Example;
  return {};
}

} // namespace clang::tidy::c10::utils
