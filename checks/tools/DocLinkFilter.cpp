//===- DocLinkFilter.cpp - c10-* diagnostic links to the check's page -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "DocLinkFilter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace clang::tidy::c10 {

static const char UpstreamPrefix[] = "https://clang.llvm.org/extra/clang-tidy/checks/c10/";

std::string DocLinks::linkFor(const std::string &Check) const {
  if (!Base.empty())
    return Base + Check + ".md";
  if (PagesDir.empty())
    return "";
  std::string Page = PagesDir + "/" + Check + ".md";
  if (!llvm::sys::fs::is_regular_file(Page))
    return "";
  return fileUrl(Page);
}

std::string fileUrl(const std::string &AbsolutePath) {
  static const char Hex[] = "0123456789ABCDEF";
  std::string Url = "file://";
  for (unsigned char C : AbsolutePath) {
    if (std::isalnum(C) || C == '/' || C == '-' || C == '.' || C == '_' || C == '~') {
      Url += static_cast<char>(C);
    } else {
      Url += '%';
      Url += Hex[C >> 4];
      Url += Hex[C & 15];
    }
  }
  return Url;
}

// The link as the text of a JSON string (a configured base may hold anything).
static std::string jsonText(const std::string &S) {
  std::string Quoted;
  llvm::raw_string_ostream(Quoted) << llvm::json::Value(llvm::json::isUTF8(S) ? S
                                                                             : llvm::json::fixUTF8(S));
  return Quoted.substr(1, Quoted.size() - 2);
}

static bool isSpace(char C) { return C == ' ' || C == '\n' || C == '\r' || C == '\t'; }

// Matches Lit ending at Pos (skipping white space before Pos); moves Pos to its start.
static bool backOver(const std::string &S, size_t &Pos, const char *Lit) {
  while (Pos > 0 && isSpace(S[Pos - 1]))
    --Pos;
  size_t N = std::strlen(Lit);
  if (Pos < N || S.compare(Pos - N, N, Lit) != 0)
    return false;
  Pos -= N;
  return true;
}

// Matches Lit starting at Pos (skipping white space first); moves Pos past it.
static bool forwardOver(const std::string &S, size_t &Pos, const char *Lit) {
  while (Pos < S.size() && isSpace(S[Pos]))
    ++Pos;
  size_t N = std::strlen(Lit);
  if (S.compare(Pos, N, Lit) != 0)
    return false;
  Pos += N;
  return true;
}

// [Begin, End) of the member `"codeDescription":{"href":"<url>"}` whose URL
// string is [UrlBegin, UrlEnd), with the comma that separates it from the
// next member (or else from the previous one). clangd writes it compact, or
// indented with --pretty.
static bool codeDescriptionAround(const std::string &S, size_t UrlBegin, size_t UrlEnd,
                                  size_t &Begin, size_t &End) {
  size_t B = UrlBegin, E = UrlEnd;
  if (!(backOver(S, B, "\"") && backOver(S, B, ":") && backOver(S, B, "\"href\"") &&
        backOver(S, B, "{") && backOver(S, B, ":") && backOver(S, B, "\"codeDescription\"") &&
        forwardOver(S, E, "\"") && forwardOver(S, E, "}")))
    return false;
  if (size_t After = E; forwardOver(S, After, ","))
    E = After;
  else if (size_t Before = B; backOver(S, Before, ","))
    B = Before;
  Begin = B;
  End = E;
  return true;
}

std::string rewriteDocLinks(const std::string &Body, const DocLinks &Links) {
  std::string Out;
  size_t From = 0;
  for (size_t At; (At = Body.find(UpstreamPrefix, From)) != std::string::npos;) {
    size_t Name = At + sizeof(UpstreamPrefix) - 1;
    size_t End = Body.find(".html", Name);
    if (End == std::string::npos || Body.find_first_of("\"/\\", Name) < End)
      break;
    std::string Link = Links.linkFor("c10-" + Body.substr(Name, End - Name));
    size_t Begin = At, Stop = End + 5;
    if (Link.empty()) {
      size_t B, E;
      if (!codeDescriptionAround(Body, At, Stop, B, E) || B < From) {
        // Not where clangd puts the link: leave it as it is.
        Out.append(Body, From, Stop - From);
        From = Stop;
        continue;
      }
      Begin = B; // the whole member goes
      Stop = E;
    }
    Out.append(Body, From, Begin - From);
    Out += jsonText(Link);
    From = Stop;
  }
  Out.append(Body, From, std::string::npos);
  return Out;
}

static bool writeAll(int Fd, const std::string &Data) {
  for (size_t Done = 0; Done < Data.size();) {
    ssize_t N = ::write(Fd, Data.data() + Done, Data.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += static_cast<size_t>(N);
  }
  return true;
}

DocLinkFilter::DocLinkFilter(DocLinks Links) : Links(std::move(Links)) {
  int Pipe[2];
  std::fflush(stdout);
  int Out = ::dup(STDOUT_FILENO);
  if (Out < 0 || ::pipe(Pipe) != 0)
    return; // no filter: the links stay upstream's
  ::dup2(Pipe[1], STDOUT_FILENO);
  ::close(Pipe[1]);
  Worker = std::thread([this, In = Pipe[0], Out] { run(In, Out); });
  Started = true;
}

void DocLinkFilter::run(int In, int Out) {
  std::string Buffer;
  bool Raw = false; // not LSP framing: pass everything on as it comes
  char Chunk[65536];
  for (;;) {
    ssize_t N = ::read(In, Chunk, sizeof(Chunk));
    if (N < 0 && errno == EINTR)
      continue;
    if (N > 0)
      Buffer.append(Chunk, static_cast<size_t>(N));
    for (;;) {
      if (!Raw && Buffer.size() >= 15 && Buffer.compare(0, 15, "Content-Length:") != 0)
        Raw = true;
      if (Raw) {
        writeAll(Out, Buffer);
        Buffer.clear();
        break;
      }
      size_t HeaderEnd = Buffer.find("\r\n\r\n");
      if (HeaderEnd == std::string::npos)
        break;
      size_t Length = std::strtoul(Buffer.c_str() + 15, nullptr, 10);
      if (Buffer.size() < HeaderEnd + 4 + Length)
        break;
      std::string Body = rewriteDocLinks(Buffer.substr(HeaderEnd + 4, Length), Links);
      writeAll(Out, "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body);
      Buffer.erase(0, HeaderEnd + 4 + Length);
    }
    if (N == 0 || (N < 0 && errno != EINTR)) {
      writeAll(Out, Buffer); // a truncated last message, as clangd wrote it
      break;
    }
  }
  ::close(In);
  ::close(Out);
}

void DocLinkFilter::finish() {
  if (!Started)
    return;
  std::fflush(stdout);
  ::close(STDOUT_FILENO);
  Worker.join();
  Started = false;
}

} // namespace clang::tidy::c10
