//===- DocLinkFilter.cpp - c10-* diagnostic links to the check's page -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "DocLinkFilter.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace clang::tidy::c10 {

static const char UpstreamPrefix[] = "https://clang.llvm.org/extra/clang-tidy/checks/c10/";

std::string rewriteDocLinks(const std::string &Body, const std::string &Base) {
  std::string Out;
  size_t From = 0;
  for (size_t At; (At = Body.find(UpstreamPrefix, From)) != std::string::npos;) {
    size_t Name = At + sizeof(UpstreamPrefix) - 1;
    size_t End = Body.find(".html", Name);
    if (End == std::string::npos || Body.find('"', Name) < End)
      break;
    Out.append(Body, From, At - From);
    Out += Base + "c10-" + Body.substr(Name, End - Name) + ".md";
    From = End + 5;
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

DocLinkFilter::DocLinkFilter(std::string Base) : Base(std::move(Base)) {
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
      std::string Body = rewriteDocLinks(Buffer.substr(HeaderEnd + 4, Length), Base);
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
