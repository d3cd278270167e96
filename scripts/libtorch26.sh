#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Obtains PyTorch 2.6 from Debian trixie without installing anything: the
# headers of `libtorch-dev 2.6.0+dfsg-7` (c10, ATen with its generated headers,
# torch) and, with --source, the upstream tree of the source package
# `pytorch 2.6.0+dfsg-7`. Prints the path on stdout.
#
#   scripts/libtorch26.sh                    # the include directory (…/root/usr/include)
#   scripts/libtorch26.sh --source           # the unpacked source tree
#   scripts/libtorch26.sh --flatbuffers      # trixie's libflatbuffers-dev headers (…/flatbuffers/usr/include)
#   scripts/libtorch26.sh [--source|--flatbuffers] --check # print it only if already cached (no network)
#
# How: a private apt configuration (APT_CONFIG: its own Dir::Etc, Dir::State
# and Dir::Cache under the cache directory, so neither /etc/apt nor the
# system's package lists are read or written) whose sources.list holds `deb`
# and `deb-src` entries for trixie on the machine's own Debian mirror (taken
# from /etc/apt/sources.list and /etc/apt/sources.list.d/*). A private
# `apt-get update`, then `apt-get download` (binary) or `apt-get source
# --download-only` (source); nothing is installed. The .deb's sha256 is checked
# against the Packages index, the upstream tarball's against the Sources index,
# before `dpkg-deb -x` / `tar -x` unpack them.
#
# Only libtorch-dev carries PyTorch's headers. Its other dependencies are
# shared libraries (libtorch2.6) and generic headers (python3-dev,
# libprotobuf-dev) that no c10/ATen header the tests include needs.
# --flatbuffers unpacks trixie's libflatbuffers-dev (the release libtorch-dev's
# mobile_bytecode_generated.h was generated for, which bookworm's 2.0.8 is not)
# the same way, for the lint of the tree's flatbuffer serializer and loader.
#
# Environment:
#   C10TIDY_LIBTORCH26_DIR  cache directory (default ${XDG_CACHE_HOME:-~/.cache}/c10-tidy/libtorch26)
#   C10TIDY_LIBTORCH26_VERSION  Debian version (default 2.6.0+dfsg-7)
#
# Exit status: 0 and the path on stdout; 77 if it cannot be obtained (no
# network, no Debian mirror, package gone: callers report SKIPPED); 1 on a real
# error (checksum mismatch, corrupt archive).
set -euo pipefail

version=${C10TIDY_LIBTORCH26_VERSION:-2.6.0+dfsg-7}
cache=${C10TIDY_LIBTORCH26_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/c10-tidy/libtorch26}
suite=trixie
upstream=${version%-*}                 # 2.6.0+dfsg
headers=$cache/root                    # libtorch-dev unpacked
tree=$cache/src/pytorch-$upstream      # the upstream source tree
flatbuffers=$cache/flatbuffers         # libflatbuffers-dev unpacked
unavailable=77

want=headers check=0
for arg in "$@"; do
  case $arg in
    --source) want=source ;;
    --flatbuffers) want=flatbuffers ;;
    --check) check=1 ;;
    -h|--help) sed -n '2,35p' "$0"; exit 0 ;;
    *) echo "libtorch26: unknown argument $arg" >&2; exit 2 ;;
  esac
done

log() { echo "libtorch26: $*" >&2; }
result() { # print the path of what was asked for if it is complete
  if [ "$want" = headers ] && [ -f "$headers/.complete" ]; then echo "$headers/usr/include"; return 0; fi
  if [ "$want" = source ] && [ -f "$tree/.complete" ]; then echo "$tree"; return 0; fi
  if [ "$want" = flatbuffers ] && [ -f "$flatbuffers/.complete" ]; then echo "$flatbuffers/usr/include"; return 0; fi
  return 1
}

result && exit 0
if [ "$check" = 1 ]; then
  log "$want not cached in $cache"
  exit "$unavailable"
fi

mkdir -p "$cache"
# Several tests may ask at once: one fetches, the others wait.
exec 9>"$cache/.lock"
flock 9
result && exit 0

# The machine's Debian mirrors: URIs of deb entries whose components include
# main (deb822 .sources files and one-line .list files), security archives aside.
mirrors() {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk 'BEGIN { RS = ""; FS = "\n" }
         { uris = ""; deb = 0; main = 0
           for (i = 1; i <= NF; i++) {
             if ($i ~ /^Types:/ && ($i " ") ~ /[ \t]deb[ \t]/) deb = 1
             if ($i ~ /^Components:/ && ($i " ") ~ /[ \t]main[ \t]/) main = 1
             if ($i ~ /^URIs:/) { sub(/^URIs:[ \t]*/, "", $i); uris = $i } }
           if (deb && main) { n = split(uris, u, /[ \t]+/); for (j = 1; j <= n; j++) print u[j] } }' "$f"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    sed -nE 's/^[[:space:]]*deb([[:space:]]+\[[^]]*\])?[[:space:]]+([^[:space:]]+)[[:space:]]+[^[:space:]]+[[:space:]]+.*\<main\>.*/\2/p' "$f"
  done
}
mirror=$(mirrors | grep -v -- '-security' | grep -E '/debian/?$' | head -n 1 || true)
if [ -z "$mirror" ]; then
  log "no Debian mirror in /etc/apt/sources.list or /etc/apt/sources.list.d"
  exit "$unavailable"
fi

apt_dir=$cache/apt
rm -rf "$apt_dir"
mkdir -p "$apt_dir/etc/apt.conf.d" "$apt_dir/etc/preferences.d" "$apt_dir/etc/sources.list.d" \
  "$apt_dir/etc/trusted.gpg.d" "$apt_dir/state/lists/partial" "$apt_dir/cache/archives/partial"
: >"$apt_dir/state/status"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
signed=""
[ -f "$keyring" ] && signed="[signed-by=$keyring] "
cat >"$apt_dir/etc/sources.list" <<EOF
deb $signed${mirror%/} $suite main
deb-src $signed${mirror%/} $suite main
EOF
# Read before any configuration file: Dir::Etc here means /etc/apt's
# apt.conf.d, sources and preferences are never read.
cat >"$apt_dir/apt.conf" <<EOF
Dir::Etc "$apt_dir/etc";
Dir::State "$apt_dir/state";
Dir::State::status "$apt_dir/state/status";
Dir::Cache "$apt_dir/cache";
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
Acquire::Languages "none";
APT::Sandbox::User "$(id -un)";
EOF
export APT_CONFIG=$apt_dir/apt.conf
if ! timeout 600 apt-get -q update >"$apt_dir/update.log" 2>&1 ||
   grep -qE '^(W|E): (Failed|Some index files failed)' "$apt_dir/update.log"; then
  log "private apt-get update of $suite on $mirror failed (see $apt_dir/update.log)"
  exit "$unavailable"
fi

# Downloads one binary package of the suite, checks its sha256 against the
# Packages index and unpacks it into a directory (replaced only when complete).
unpack_deb() { # package version(empty: the index's first) target
  local package=$1 version=$2 target=$3 debs=$cache/debs stanza expected file deb actual
  mkdir -p "$debs"
  stanza=$(apt-cache show "$package${version:+=$version}" 2>/dev/null | sed '/^$/q' || true)
  version=${version:-$(sed -n 's/^Version: //p' <<<"$stanza" | head -n 1)}
  expected=$(sed -n 's/^SHA256: //p' <<<"$stanza" | head -n 1)
  file=$(sed -n 's/^Filename: //p' <<<"$stanza" | head -n 1)
  if [ -z "$expected" ] || [ -z "$file" ]; then
    log "$package $version is not in $suite's Packages index"
    exit "$unavailable"
  fi
  deb=$debs/$(basename "$file")
  if [ ! -f "$deb" ] || [ "$(sha256sum "$deb" | cut -d' ' -f1)" != "$expected" ]; then
    rm -f "$deb"
    (cd "$debs" && timeout 900 apt-get -q download "$package=$version") >"$apt_dir/download.log" 2>&1 || {
      log "download of $package $version failed (see $apt_dir/download.log)"
      exit "$unavailable"
    }
  fi
  actual=$(sha256sum "$deb" | cut -d' ' -f1)
  if [ "$actual" != "$expected" ]; then
    log "sha256 of $(basename "$deb") is $actual, the Packages index says $expected"
    exit 1
  fi
  rm -rf "$target.partial"
  mkdir -p "$target.partial"
  dpkg-deb -x "$deb" "$target.partial"
  echo "$package $version $actual" >>"$target.partial/.complete"
  log "unpacked $(basename "$deb") (sha256 $actual)"
  rm -rf "$target"
  mv "$target.partial" "$target"
}

if [ "$want" = headers ]; then
  unpack_deb libtorch-dev "$version" "$headers"
elif [ "$want" = flatbuffers ]; then
  unpack_deb libflatbuffers-dev "" "$flatbuffers"
else
  download=$cache/src/download
  mkdir -p "$download"
  # Only the .dsc and the upstream tarball are needed; the exit status of
  # apt-get does not decide (a mirror may lack the packaging tarball).
  (cd "$download" && timeout 1800 apt-get -q source --download-only "pytorch=$version") \
    >"$apt_dir/source.log" 2>&1 || true
  dsc=$download/pytorch_$version.dsc
  orig=$(ls "$download"/pytorch_"$upstream".orig.tar.* 2>/dev/null | head -n 1 || true)
  if [ ! -f "$dsc" ] || [ -z "$orig" ]; then
    log "download incomplete: no .dsc or upstream tarball in $download (see $apt_dir/source.log)"
    exit "$unavailable"
  fi
  # The Sources index's Checksums-Sha256 stanza: " <sha256> <size> <file>".
  expected=$(apt-cache showsrc --only-source pytorch 2>/dev/null | awk -v f="$(basename "$orig")" '
    /^Checksums-Sha256:/ { s = 1; next }
    /^[^ ]/ { s = 0 }
    s && $3 == f { print $1; exit }')
  actual=$(sha256sum "$orig" | cut -d' ' -f1)
  if [ -z "$expected" ] || [ "$expected" != "$actual" ]; then
    log "sha256 of $(basename "$orig") is $actual, the Sources index says '${expected:-nothing}'"
    exit 1
  fi
  rm -rf "$tree" "$tree.partial"
  mkdir -p "$tree.partial"
  tar -xf "$orig" -C "$tree.partial" --strip-components=1
  echo "pytorch $version $actual" >"$tree.partial/.complete"
  mv "$tree.partial" "$tree"
  log "unpacked $(basename "$orig") (sha256 $actual)"
fi
result
