#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The Neovim snippets of docs/integration/clangd.md, as written there, in a
headless Neovim: it opens a C++ file with a c10 finding and must receive the
c10-make-intrusive diagnostic from c10-clangd. The 0.7 snippet runs on any
Neovim (Debian's is 0.7); the 0.11 one where vim.lsp.config exists. Exit 77
(ctest: skipped) without nvim.

  neovim_test.py --clangd C10_CLANGD --llvm N --doc docs/integration/clangd.md
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

from harness import expect, log, main, run, scratch_dir, write

SOURCE = """#include <c10/util/intrusive_ptr.h>

struct Node : c10::intrusive_ptr_target {};

c10::intrusive_ptr<Node> make() {
  return c10::intrusive_ptr<Node>::unsafe_steal_from_new(new Node());
}
"""
# Waits for the diagnostic, writes what arrived as JSON, quits.
WAIT = """
local ok = vim.wait(%d, function()
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.code == "c10-make-intrusive" then return true end
  end
  return false
end, 200)
local out = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(out, { code = d.code, lnum = d.lnum, message = d.message })
end
local f = io.open("%s", "w")
f:write(vim.fn.json_encode({ ok = ok, diagnostics = out, clients = #vim.lsp.get_active_clients() }))
f:close()
vim.cmd("qall!")
"""


def snippet(doc, marker):
    with open(doc) as f:
        text = f.read()
    m = re.search(r"<!-- %s -->\s*```lua\n(.*?)```" % re.escape(marker), text, re.S)
    return "\n".join(line[2:] if line.startswith("  ") else line
                     for line in m.group(1).splitlines()) if m else None


def run_snippet(nvim, lua, project, bindir, name):
    init = os.path.join(project, name + ".lua")
    result = os.path.join(project, name + ".json")
    write(init, lua)
    write(os.path.join(project, name + "-wait.lua"), WAIT % (90000, result))
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"],
               XDG_STATE_HOME=os.path.join(project, ".state"), HOME=project)
    r = subprocess.run([nvim, "--headless", "-u", init, "-i", "NONE", "--cmd", "filetype on",
                        "-c", "edit code.cpp",
                        "-c", "luafile " + os.path.join(project, name + "-wait.lua")],
                       cwd=project, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=180, stdin=subprocess.DEVNULL)
    if not os.path.exists(result):
        return None, r.stdout
    with open(result) as f:
        return json.load(f), r.stdout


def test():
    p = argparse.ArgumentParser()
    p.add_argument("--clangd", required=True)
    p.add_argument("--llvm", required=True)
    p.add_argument("--doc", required=True)
    args = p.parse_args()
    nvim = shutil.which("nvim")
    if not nvim:
        print("SKIPPED: Neovim is not installed (Debian: apt-get install neovim)")
        sys.exit(77)
    version = run([nvim, "--version"]).stdout.splitlines()[0]
    log(version)
    m = re.search(r"v(\d+)\.(\d+)", version)
    has_config = m and (int(m.group(1)), int(m.group(2))) >= (0, 11)
    work = scratch_dir("neovim")
    project = os.path.join(work, "project")
    write(os.path.join(project, "code.cpp"), SOURCE)
    write(os.path.join(project, ".clangd"),
          "Diagnostics:\n  ClangTidy:\n    Add: [c10-*]\n    FastCheckFilter: Loose\n")
    write(os.path.join(project, ".clang-tidy"), "Checks: '-*'\n")
    write(os.path.join(project, "build", "compile_commands.json"), json.dumps([{
        "directory": project, "file": os.path.join(project, "code.cpp"),
        "arguments": ["c++", "-std=c++17", "-c", "code.cpp"]}]))
    bindir = os.path.join(work, "bin")
    os.makedirs(bindir)
    # The snippets name the installed binary.
    os.symlink(os.path.abspath(args.clangd), os.path.join(bindir, "c10-clangd-" + args.llvm))
    for marker in ("nvim-0.7", "nvim-0.11"):
        lua = snippet(args.doc, marker)
        expect(lua and ("c10-clangd-%s" % args.llvm) in lua or "c10-clangd-19" in (lua or ""),
               "clangd.md has the %s snippet" % marker)
        if marker == "nvim-0.11" and not has_config:
            print("SKIPPED part: the 0.11 snippet needs vim.lsp.config (%s)" % version)
            continue
        lua = lua.replace("c10-clangd-19", "c10-clangd-" + args.llvm)
        result, output = run_snippet(nvim, lua, project, bindir, marker.replace(".", "_"))
        log("%s: %s" % (marker, result))
        expect(result and result["ok"] and
               any(d["code"] == "c10-make-intrusive" and d["lnum"] == 5 for d in result["diagnostics"]),
               "%s snippet in %s: c10-clangd's c10-make-intrusive diagnostic on line 6"
               % (marker, version), "%s\n%s" % (result, output[-3000:]))


if __name__ == "__main__":
    main(test)
