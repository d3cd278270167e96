//===- ClassNameListOption.h - options that name C++ classes --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Several checks let forks of PyTorch name their own classes ("::c10::IValue",
// "::myfork::IValue"). This parses and validates such a ';'-separated option.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_CLASSNAMELISTOPTION_H
#define C10TIDY_UTILS_CLASSNAMELISTOPTION_H

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::c10::utils {

/// The class names in \p Value, each trimmed and made fully qualified
/// ("c10::IValue" becomes "::c10::IValue"), or std::nullopt when \p Value is
/// empty or an entry is not a qualified identifier. On failure \p BadEntry is
/// the first offending entry.
std::optional<std::vector<std::string>>
parseClassNameList(llvm::StringRef Value, std::string &BadEntry);

/// The class names option \p Option of \p Check (named \p CheckName) holds
/// as \p Raw. A malformed value is reported as a configuration error naming
/// the first bad entry and the \p Example of a good value, and gives an empty
/// list: the check is disabled. \p Kind says what the entries name.
std::vector<std::string> parseClassNameListOption(const ClangTidyCheck &Check,
                                                  llvm::StringRef CheckName,
                                                  llvm::StringRef Option, llvm::StringRef Raw,
                                                  llvm::StringRef Example,
                                                  llvm::StringRef Kind = "class names");

/// The names as StringRefs, for AST matchers such as hasAnyName.
std::vector<llvm::StringRef> asStringRefs(const std::vector<std::string> &Names);

} // namespace clang::tidy::c10::utils

#endif
