//===- DocLinkFilter.h - c10-* diagnostic links to the check's page -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clangd links every clang-tidy diagnostic to
// clang.llvm.org/extra/clang-tidy/checks/<module>/<check>.html, a page that
// exists for upstream checks and never for c10-*. clangd has no hook for that
// link, so c10-clangd passes the LSP messages it writes through a filter that
// points the c10 links at <base>c10-<check>.md and fixes Content-Length.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_TOOLS_DOCLINKFILTER_H
#define C10TIDY_TOOLS_DOCLINKFILTER_H

#include <string>
#include <thread>

namespace clang::tidy::c10 {

/// One LSP message body with clangd's c10 links replaced.
std::string rewriteDocLinks(const std::string &Body, const std::string &Base);

/// Replaces standard output by a pipe read by a thread that writes the
/// rewritten messages to the real standard output. Output that is not LSP
/// framing (--help, --check) passes unchanged.
class DocLinkFilter {
public:
  explicit DocLinkFilter(std::string Base);
  /// Closes the pipe and waits until everything written has been passed on.
  void finish();

private:
  void run(int In, int Out);
  std::string Base;
  std::thread Worker;
  bool Started = false;
};

} // namespace clang::tidy::c10

#endif
