#!/usr/bin/env bash
# Builds the Fairy-Stockfish engine from the source distribution of the PyPI
# package pyffish, checks it and installs it outside the repository.
# See tools/fairy-stockfish/README.md.
set -euo pipefail

PROG=${0##*/}
PYFFISH_VERSION=${PYFFISH_VERSION:-0.0.90}
# sha256 of pyffish-0.0.90.tar.gz as PyPI serves it; other versions are not checked.
PINNED_VERSION=0.0.90
PINNED_SHA256=4a79601d85f392bce03705a275fb5f03dc44a554b26d32d518fb6887d772f701
BIN_NAME=fairy-stockfish

usage() {
    cat <<EOF
usage: $PROG [--force] [--sdist FILE] [--arch ARCH] [DIR]

Builds the Fairy-Stockfish engine (largeboards, all variants, classical
evaluation with no NNUE network) from the source distribution of pyffish
$PYFFISH_VERSION, checks it (UCI handshake; chess, xiangqi and capablanca perft 3;
the Chased: line of 'd') and installs it as DIR/$BIN_NAME.
Prints the binary's path on stdout; progress and the engine's
'id name' line go to stderr. If DIR/$BIN_NAME already passes the checks,
it only prints the path.

  DIR           install directory (default \$FSF_DIR, else
                \$HOME/.cache/griffon/fairy-stockfish)
  --force       rebuild even if a working binary is installed
  --sdist FILE  use this pyffish-VERSION.tar.gz instead of downloading it
                (also \$FSF_SDIST)
  --arch ARCH   one of the ARCH names of Fairy-Stockfish's Makefile:
                x86-64-modern x86-64-sse41-popcnt x86-64-avx2 x86-64-bmi2
                x86-64-ssse3 x86-64-sse3-popcnt x86-64 armv8 apple-silicon
                general-64 general-32 (also \$FSF_ARCH; default: x86-64-modern
                if the CPU has popcnt and SSE4.1, x86-64 on other x86-64 CPUs,
                general-64 elsewhere)

Environment: PYFFISH_VERSION (default $PINNED_VERSION), CXX (default g++),
JOBS (default: number of CPUs), PYTHON (default python3).
EOF
}

log() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 1; }

FORCE=no
SDIST=${FSF_SDIST:-}
ARCH=${FSF_ARCH:-}
DIR=${FSF_DIR:-}
while [ $# -gt 0 ]; do
    case $1 in
        -h|--help) usage; exit 0 ;;
        --force) FORCE=yes ;;
        --sdist) [ $# -ge 2 ] || die "--sdist needs a file"; SDIST=$2; shift ;;
        --sdist=*) SDIST=${1#--sdist=} ;;
        --arch) [ $# -ge 2 ] || die "--arch needs a name"; ARCH=$2; shift ;;
        --arch=*) ARCH=${1#--arch=} ;;
        -*) usage >&2; die "unknown option $1" ;;
        *) [ -z "${DIR_ARG:-}" ] || die "more than one DIR"; DIR_ARG=$1 ;;
    esac
    shift
done
DIR=${DIR_ARG:-$DIR}
if [ -z "$DIR" ]; then
    [ -n "${HOME:-}" ] || die "HOME is not set; give DIR"
    DIR=$HOME/.cache/griffon/fairy-stockfish
fi
PYTHON=${PYTHON:-python3}
CXX=${CXX:-g++}

mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
BIN=$DIR/$BIN_NAME
# Keep the directory out of git wherever it is.
[ -e "$DIR/.gitignore" ] || printf '*\n' >"$DIR/.gitignore"

TIMEOUT=()
if command -v timeout >/dev/null 2>&1; then TIMEOUT=(timeout 300); fi

# engine BINARY COMMAND...: the engine's output for these UCI commands.
engine() {
    local bin=$1
    shift
    printf '%s\n' uci "$@" quit | ${TIMEOUT[@]+"${TIMEOUT[@]}"} "$bin" 2>&1
}

# perft_check BINARY VARIANT EXPECTED: perft 3 from the start position.
perft_check() {
    local bin=$1 variant=$2 expected=$3 out nodes
    out=$(engine "$bin" "setoption name UCI_Variant value $variant" \
        "position startpos" "go perft 3") || true
    nodes=$(sed -n 's/^Nodes searched: *\([0-9][0-9]*\).*/\1/p' <<<"$out" | tail -n 1)
    if [ "$nodes" != "$expected" ]; then
        log "$variant perft 3: expected $expected, got '${nodes:-nothing}'; engine said:"
        tail -n 20 <<<"$out" >&2
        return 1
    fi
    log "$variant perft 3 = $nodes (ok)"
}

# verify BINARY: 0 if it is a working largeboards Fairy-Stockfish.
verify() {
    local bin=$1 out
    [ -x "$bin" ] || return 1
    out=$(engine "$bin") || true
    if ! grep -q '^id name Fairy-Stockfish' <<<"$out"; then
        log "no 'id name Fairy-Stockfish' from $bin; it said:"
        head -n 20 <<<"$out" >&2
        return 1
    fi
    perft_check "$bin" chess 8902 || return 1
    perft_check "$bin" xiangqi 79666 || return 1
    perft_check "$bin" capablanca 25228 || return 1
    # The chased pieces (xiangqi's chasing rule) that reference data needs.
    out=$(engine "$bin" "setoption name UCI_Variant value xiangqi" \
        "position startpos moves h3e3" d) || true
    if ! grep -q '^Chased:' <<<"$out"; then
        log "no 'Chased:' line in xiangqi 'd' output; engine said:"
        tail -n 20 <<<"$out" >&2
        return 1
    fi
    log "xiangqi 'd' prints a Chased: line (ok)"
    VERSION_LINE=$(grep -m 1 '^id name ' <<<"$out")
}

report() {
    log "Fairy-Stockfish version: $VERSION_LINE"
    printf '%s\n' "$BIN"
}

VERSION_LINE=
if [ "$FORCE" = no ] && [ -e "$BIN" ]; then
    if verify "$BIN"; then
        log "$BIN already works (use --force to rebuild)"
        report
        exit 0
    fi
    log "$BIN does not pass the checks; rebuilding"
fi

# ---- architecture: the flags of Fairy-Stockfish's Makefile for ARCH
if [ -z "$ARCH" ]; then
    machine=$(uname -m)
    case $machine in
        x86_64|amd64)
            flags=
            if [ -r /proc/cpuinfo ]; then
                flags=$(grep -m 1 '^flags' /proc/cpuinfo || true)
            elif command -v sysctl >/dev/null 2>&1; then
                flags=$(sysctl -n machdep.cpu.features 2>/dev/null | tr 'A-Z.' 'a-z_' || true)
            fi
            case " $flags " in
                *" popcnt "*) case " $flags " in
                    *" sse4_1 "*) ARCH=x86-64-modern ;;
                    *) ARCH=x86-64 ;;
                    esac ;;
                *) ARCH=x86-64 ;;
            esac ;;
        *) ARCH=general-64 ;;
    esac
fi
bits=64 popcnt=no pext=no sse=no sse2=no ssse3=no sse41=no avx2=no neon=no prefetch=no
case $ARCH in
    x86-64) sse=yes sse2=yes ;;
    x86-64-sse3-popcnt) sse=yes sse2=yes popcnt=yes ;;
    x86-64-ssse3) sse=yes sse2=yes ssse3=yes ;;
    x86-64-sse41-popcnt|x86-64-modern) sse=yes sse2=yes ssse3=yes sse41=yes popcnt=yes ;;
    x86-64-avx2) sse=yes sse2=yes ssse3=yes sse41=yes popcnt=yes avx2=yes ;;
    x86-64-bmi2) sse=yes sse2=yes ssse3=yes sse41=yes popcnt=yes avx2=yes pext=yes ;;
    armv8|apple-silicon) popcnt=yes neon=yes prefetch=yes ;;
    general-64) ;;
    general-32) bits=32 ;;
    *) die "unsupported ARCH '$ARCH' (see --help)" ;;
esac
[ "$sse" = no ] || prefetch=yes

# largeboards=yes all=yes nnue=no: LARGEBOARDS (with precomputed magics
# unless pext), ALLVARS, and no embedded network (the classical evaluation;
# nothing is downloaded).
CXXFLAGS="-std=c++17 -fno-exceptions -O3 -DNDEBUG -DUSE_PTHREADS -pthread"
CXXFLAGS="$CXXFLAGS -DLARGEBOARDS -DALLVARS -DNNUE_EMBEDDING_OFF"
[ "$pext" = yes ] || CXXFLAGS="$CXXFLAGS -DPRECOMPUTED_MAGICS"
if [ "$bits" = 64 ]; then CXXFLAGS="$CXXFLAGS -DIS_64BIT"; fi
case $ARCH in x86-*|general-*) CXXFLAGS="$CXXFLAGS -m$bits" ;; esac
[ "$prefetch" = yes ] || CXXFLAGS="$CXXFLAGS -DNO_PREFETCH"
if [ "$sse" = yes ]; then CXXFLAGS="$CXXFLAGS -msse"; fi
if [ "$popcnt" = yes ]; then
    case $ARCH in x86-*) CXXFLAGS="$CXXFLAGS -msse3 -mpopcnt" ;; esac
    CXXFLAGS="$CXXFLAGS -DUSE_POPCNT"
fi
if [ "$avx2" = yes ]; then CXXFLAGS="$CXXFLAGS -DUSE_AVX2 -mavx2"; fi
if [ "$sse41" = yes ]; then CXXFLAGS="$CXXFLAGS -DUSE_SSE41 -msse4.1"; fi
if [ "$ssse3" = yes ]; then CXXFLAGS="$CXXFLAGS -DUSE_SSSE3 -mssse3"; fi
if [ "$sse2" = yes ]; then CXXFLAGS="$CXXFLAGS -DUSE_SSE2 -msse2"; fi
if [ "$neon" = yes ]; then CXXFLAGS="$CXXFLAGS -DUSE_NEON"; fi
if [ "$pext" = yes ]; then CXXFLAGS="$CXXFLAGS -DUSE_PEXT -mbmi2"; fi

# pyffish's own version, if installed: the reference data comes from it.
installed=$("$PYTHON" -c 'import importlib.metadata as m; print(m.version("pyffish"))' 2>/dev/null) || installed=
if [ -n "$installed" ] && [ "$installed" != "$PYFFISH_VERSION" ]; then
    log "warning: installed pyffish is $installed, building from $PYFFISH_VERSION"
fi

# ---- the source distribution
if [ -z "$SDIST" ]; then
    SDIST=$DIR/pyffish-$PYFFISH_VERSION.tar.gz
    if [ ! -s "$SDIST" ]; then
        log "downloading the pyffish $PYFFISH_VERSION sdist into $DIR"
        "$PYTHON" -m pip download --quiet --no-deps --no-binary :all: \
            "pyffish==$PYFFISH_VERSION" -d "$DIR" >&2 \
            || die "pip download of pyffish==$PYFFISH_VERSION failed"
    fi
fi
[ -s "$SDIST" ] || die "no source distribution at $SDIST"
case ${SDIST##*/} in
    pyffish-"$PYFFISH_VERSION".tar.gz) ;;
    pyffish-*.tar.gz)
        v=${SDIST##*/pyffish-}
        PYFFISH_VERSION=${v%.tar.gz} ;;
    *) die "$SDIST is not named pyffish-VERSION.tar.gz" ;;
esac

sha256() {
    if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d' ' -f1
    else shasum -a 256 "$1" | cut -d' ' -f1
    fi
}
SUM=$(sha256 "$SDIST")
if [ "$PYFFISH_VERSION" = "$PINNED_VERSION" ]; then
    [ "$SUM" = "$PINNED_SHA256" ] \
        || die "$SDIST has sha256 $SUM, PyPI's pyffish-$PINNED_VERSION.tar.gz has $PINNED_SHA256"
    log "sdist sha256 matches PyPI's ($SUM)"
else
    log "sdist sha256 $SUM (not checked: only $PINNED_VERSION is pinned)"
fi

SRCDIR=$DIR/pyffish-$PYFFISH_VERSION
rm -rf "$SRCDIR"
tar --no-same-owner -xzf "$SDIST" -C "$DIR"
[ -f "$SRCDIR/src/uci.cpp" ] || die "$SDIST has no src/uci.cpp"

if [ -z "${JOBS:-}" ]; then
    JOBS=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
fi
command -v "$CXX" >/dev/null 2>&1 || die "no C++ compiler '$CXX' (set CXX)"
command -v make >/dev/null 2>&1 || die "make is needed"
CXXFLAGS="$CXXFLAGS -flto"
if "$CXX" --version 2>/dev/null | grep -qi clang; then
    LDFLAGS="$CXXFLAGS"
else
    LDFLAGS="$CXXFLAGS -flto=$JOBS"
fi

# The sdist has no Makefile (MANIFEST.in takes only *.h and *.cpp): build
# what the upstream Makefile builds, every engine source but the Python
# and JavaScript bindings.
SRCS=
nsrc=0
for f in "$SRCDIR"/src/*.cpp "$SRCDIR"/src/syzygy/*.cpp "$SRCDIR"/src/nnue/*.cpp \
         "$SRCDIR"/src/nnue/features/*.cpp; do
    f=${f#"$SRCDIR"/src/}
    case $f in pyffish.cpp|ffishjs.cpp) continue ;; esac
    SRCS="$SRCS $f"
    nsrc=$((nsrc + 1))
done
cat >"$SRCDIR/src/griffon-build.mk" <<EOF
# Written by tools/fairy-stockfish/build.sh (Griffon).
CXX = $CXX
CXXFLAGS = $CXXFLAGS
LDFLAGS = $LDFLAGS
SRCS = $SRCS
OBJS = \$(SRCS:.cpp=.o)

$BIN_NAME: \$(OBJS)
	\$(CXX) -o \$@ \$(OBJS) \$(LDFLAGS)

%.o: %.cpp
	\$(CXX) \$(CXXFLAGS) -c -o \$@ \$<
EOF

# engine_info() prints the compile date (__DATE__); take the sdist's date
# instead, so that every build of one version reports the same 'id name'.
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
    SOURCE_DATE_EPOCH=$("$PYTHON" -c 'import os, sys; print(int(os.path.getmtime(sys.argv[1])))' \
        "$SRCDIR/PKG-INFO" 2>/dev/null) || SOURCE_DATE_EPOCH=
fi
[ -z "$SOURCE_DATE_EPOCH" ] || export SOURCE_DATE_EPOCH

BUILD_LOG=$DIR/build.log
log "building Fairy-Stockfish from pyffish $PYFFISH_VERSION: ARCH=$ARCH, $nsrc files, $JOBS jobs, $CXX (log: $BUILD_LOG)"
log "CXXFLAGS: $CXXFLAGS"
start=$(date +%s)
if ! make -C "$SRCDIR/src" -f griffon-build.mk -j"$JOBS" "$BIN_NAME" >"$BUILD_LOG" 2>&1; then
    tail -n 40 "$BUILD_LOG" >&2
    die "build failed (full log: $BUILD_LOG)"
fi
elapsed=$(( $(date +%s) - start ))
log "built in ${elapsed}s"

NEW=$SRCDIR/src/$BIN_NAME
verify "$NEW" || die "the new binary $NEW fails the checks; not installed"
cp "$NEW" "$BIN.tmp.$$"
mv -f "$BIN.tmp.$$" "$BIN"
{
    printf 'binary: %s\n' "$BIN"
    printf 'engine: %s\n' "${VERSION_LINE#id name }"
    printf 'source: pyffish %s sdist, sha256 %s\n' "$PYFFISH_VERSION" "$SUM"
    printf 'arch: %s (largeboards=yes all=yes nnue=no)\n' "$ARCH"
    printf 'compiler: %s\n' "$("$CXX" --version 2>/dev/null | head -n 1)"
    printf 'cxxflags: %s\n' "$CXXFLAGS"
    printf 'built: %s in %ss with %s jobs\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$elapsed" "$JOBS"
} >"$BIN.info"
log "installed $BIN (build details in $BIN.info)"
report
