//===- DocLinkFilter.h - c10-* diagnostic links to the check's page -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clangd links every clang-tidy diagnostic to
// clang.llvm.org/extra/clang-tidy/checks/<module>/<check>.html, a page that
// exists for upstream checks and never for c10-*. clangd has no hook for that
// link, so c10-clangd passes the LSP messages it writes through a filter that
// points the c10 links at the check's page (DocLinks) and fixes Content-Length.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_TOOLS_DOCLINKFILTER_H
#define C10TIDY_TOOLS_DOCLINKFILTER_H

#include <string>
#include <thread>

namespace clang::tidy::c10 {

/// Where a c10-* diagnostic links: a configured base URL, or else the check
/// pages on this machine (the installed docs, or the source tree's for a
/// binary in its build tree).
struct DocLinks {
  /// <Base>c10-<check>.md when set; ends in '/'.
  std::string Base;
  /// Otherwise file://<PagesDir>/c10-<check>.md when that file exists.
  std::string PagesDir;

  /// The link for a c10-* check, or "" when there is no page to link to.
  std::string linkFor(const std::string &Check) const;
};

/// A path as a file:// URL (percent-encoded).
std::string fileUrl(const std::string &AbsolutePath);

/// One LSP message body with clangd's c10 links replaced, or removed (the
/// whole codeDescription) where Links has no page for the check.
std::string rewriteDocLinks(const std::string &Body, const DocLinks &Links);

/// Replaces standard output by a pipe read by a thread that writes the
/// rewritten messages to the real standard output. Output that is not LSP
/// framing (--help, --check) passes unchanged.
class DocLinkFilter {
public:
  explicit DocLinkFilter(DocLinks Links);
  /// Closes the pipe and waits until everything written has been passed on.
  void finish();

private:
  void run(int In, int Out);
  DocLinks Links;
  std::thread Worker;
  bool Started = false;
};

} // namespace clang::tidy::c10

#endif
