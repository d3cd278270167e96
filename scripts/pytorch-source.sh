#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Obtains PyTorch 1.13.1's source tree (the upstream tarball of Debian's
# `pytorch` source package, i.e. the files of the v1.13.1 tag) into a cache and
# prints the path of the unpacked tree on stdout. Used by the conformance tests
# and by anything else that needs PyTorch's own sources; nothing it fetches is
# ever part of this repository.
#
#   scripts/pytorch-source.sh            # print the tree's path, fetching it if needed
#   scripts/pytorch-source.sh --check    # print it only if already cached (no network)
#
# How: a private deb-src list is derived from the machine's apt sources (deb822
# `.sources` files and one-line `.list` files), a private `apt-get update` fills
# a private lists directory, and `apt-get source --download-only` fetches the
# .dsc and the tarballs. /etc/apt and the system's package lists are not touched.
# The upstream tarball's sha256 is checked against the .dsc before unpacking.
#
# Environment:
#   C10TIDY_PYTORCH_SRC_CACHE  cache directory (default ${XDG_CACHE_HOME:-~/.cache}/c10-tidy/pytorch)
#   C10TIDY_PYTORCH_VERSION    Debian version (default 1.13.1+dfsg-4)
#
# Exit status: 0 and the path on stdout; 77 if the sources cannot be obtained
# (no network, no deb-src entry, package gone: callers report SKIPPED);
# 1 on a real error (checksum mismatch, corrupt tarball).
set -euo pipefail

version=${C10TIDY_PYTORCH_VERSION:-1.13.1+dfsg-4}
cache=${C10TIDY_PYTORCH_SRC_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/c10-tidy/pytorch}
upstream=${version%-*}          # 1.13.1+dfsg
tree=$cache/pytorch-$upstream   # the unpacked upstream tree
unavailable=77

log() { echo "pytorch-source: $*" >&2; }

if [ -f "$tree/.complete" ]; then
  echo "$tree"
  exit 0
fi
if [ "${1:-}" = "--check" ]; then
  log "not cached in $cache"
  exit "$unavailable"
fi

mkdir -p "$cache"
# Several test processes may ask at once: one fetches, the others wait.
exec 9>"$cache/.lock"
flock 9
if [ -f "$tree/.complete" ]; then
  echo "$tree"
  exit 0
fi

apt_dir=$cache/apt
rm -rf "$apt_dir"
mkdir -p "$apt_dir/sources.list.d" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$cache/download"

# deb-src twins of the machine's deb entries.
found=0
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] || continue
  sed -E 's/^Types:.*/Types: deb-src/' "$f" >"$apt_dir/sources.list.d/$(basename "$f")"
  found=1
done
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [ -f "$f" ] || continue
  sed -nE 's/^[[:space:]]*deb[[:space:]]+/deb-src /p' "$f" >>"$apt_dir/sources.list.d/derived.list"
  found=1
done
if [ "$found" = 0 ]; then
  log "no apt sources on this machine"
  exit "$unavailable"
fi

apt_opts=(
  -o "Dir::Etc::SourceList=/dev/null"
  -o "Dir::Etc::SourceParts=$apt_dir/sources.list.d"
  -o "Dir::State::Lists=$apt_dir/lists"
  -o "Dir::Cache=$apt_dir/cache"
  -o "Dir::Cache::pkgcache="
  -o "Dir::Cache::srcpkgcache="
  -o "APT::Sandbox::User=root"
)
if ! apt-get "${apt_opts[@]}" -q update >"$apt_dir/update.log" 2>&1; then
  log "private apt-get update failed (see $apt_dir/update.log)"
  exit "$unavailable"
fi
# Only the .dsc and the upstream tarball are needed; a mirror that lacks the
# Debian packaging tarball makes apt-get fail after fetching them, so its exit
# status is not what decides.
(cd "$cache/download" &&
  apt-get "${apt_opts[@]}" -q source --download-only "pytorch=$version") >"$apt_dir/source.log" 2>&1 || true

dsc=$cache/download/pytorch_${version#*:}.dsc
orig=$(ls "$cache/download"/pytorch_"$upstream".orig.tar.* 2>/dev/null | head -n 1 || true)
if [ ! -f "$dsc" ] || [ -z "$orig" ]; then
  log "download incomplete: no .dsc or upstream tarball in $cache/download (see $apt_dir/source.log)"
  exit "$unavailable"
fi
# The Checksums-Sha256 stanza: " <sha256> <size> <file>".
expected=$(awk -v f="$(basename "$orig")" '
  /^Checksums-Sha256:/ { s = 1; next }
  /^[^ ]/ { s = 0 }
  s && $3 == f { print $1 }' "$dsc")
actual=$(sha256sum "$orig" | cut -d' ' -f1)
if [ -z "$expected" ] || [ "$expected" != "$actual" ]; then
  log "sha256 of $(basename "$orig") is $actual, the .dsc says '${expected:-nothing}'"
  exit 1
fi

rm -rf "$tree" "$tree.partial"
mkdir -p "$tree.partial"
tar -xf "$orig" -C "$tree.partial" --strip-components=1
echo "$version $actual" >"$tree.partial/.complete"
mv "$tree.partial" "$tree"
log "unpacked $(basename "$orig") (sha256 $actual) into $tree"
echo "$tree"
