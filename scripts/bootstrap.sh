#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs every Debian package that building and testing c10-tidy needs.
# Idempotent: packages already present are left alone. Run as root.
#
#   scripts/bootstrap.sh            # LLVM 19 and 22 (both supported majors)
#   scripts/bootstrap.sh 19         # only one LLVM major
set -euo pipefail

versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(19 22)

packages=(
  cmake ninja-build g++ python3 git
  libgtest-dev libgmock-dev libbenchmark-dev
  libtorch-dev libdlpack-dev
  libgrpc++-dev libabsl-dev protobuf-compiler-grpc libprotobuf-dev
  valgrind
  dpkg-dev pre-commit   # .deb packaging (dpkg-shlibdeps) and the pre-commit hook test
  lintian help2man      # the .deb's lintian test and its manual pages (from --help)
  neovim                # the Neovim snippet's headless test (docs/integration/clangd.md)
  python3-yaml chromium   # c10-tidy-report and its summary page's render test
)
for v in "${versions[@]}"; do
  packages+=(clang-"$v" clang-tidy-"$v" clang-tools-"$v" clangd-"$v" libclang-"$v"-dev
             llvm-"$v"-dev llvm-"$v"-tools libclang-rt-"$v"-dev lld-"$v")
done

# npm, for Microsoft's SARIF Multitool (the SARIF test is skipped without it),
# unless a Node.js from elsewhere already brings it.
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "bootstrap: all ${#packages[@]} packages already installed"
else
  if [ "$(id -u)" -ne 0 ]; then
    echo "bootstrap: need root to install: ${missing[*]}" >&2
    exit 1
  fi
  echo "bootstrap: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The SARIF validator. Best effort: offline, the test that needs it is skipped.
if ! command -v sarif-multitool >/dev/null && [ "$(id -u)" -eq 0 ]; then
  if timeout 600 npm install -g --no-audit --no-fund @microsoft/sarif-multitool >/dev/null 2>&1; then
    # npm may skip the package's install script, which marks the binary executable.
    find "$(npm root -g)/@microsoft" -name Sarif.Multitool -exec chmod a+x {} + 2>/dev/null || true
  else
    echo "bootstrap: npm could not install @microsoft/sarif-multitool (the SARIF test will be skipped)"
  fi
fi
exit 0
