#!/usr/bin/env bash
# Builds the Debian package (mvn -Pdeb package): a runtime of Java 17 and JavaFX as modules (jlink), the
# application image (jpackage), the class list of a training run for the start-up archive, the .deb, and the man
# pages of the command line put into it.
# Arguments: the project's directory, its build directory, the package version.
set -euo pipefail
basedir=$1
target=$2
version=${3%-SNAPSHOT} # a Debian version: 0.1.0-SNAPSHOT is packaged as 0.1.0
pkg="$basedir/src/workbench/src/main/package"
stage="$target/package"
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
jdk_bin="$java_home/bin"

for tool in jlink jpackage; do
  [ -x "$jdk_bin/$tool" ] || { echo "build-deb: $jdk_bin/$tool not found: a full JDK 17 is needed (openjdk-17-jdk)" >&2; exit 1; }
done
for tool in fakeroot dpkg-deb objcopy xvfb-run asciidoctor; do
  command -v "$tool" >/dev/null || { echo "build-deb: $tool not found (Debian packages fakeroot, dpkg, binutils, xvfb, asciidoctor)" >&2; exit 1; }
done

rm -rf "$stage/runtime" "$stage/image" "$stage/training" "$stage/deb" "$stage/man" "$stage/deb-root"
mkdir -p "$stage/training" "$stage/deb"

# the application's own classes, not the shaded jar: JavaFX comes from the runtime, as named modules
"$jdk_bin/jar" --create --file "$stage/app/cardinal.jar" --main-class dev.cardinal.Launcher -C "$target/classes" .

# Java's modules are the ones jdeps finds in the application and its libraries, plus the elliptic-curve TLS
# ciphers (servers' certificates) and the locale data (numbers and dates in the user's language)
"$jdk_bin/jlink" --module-path "$stage/javafx" \
  --add-modules java.base,java.compiler,java.desktop,java.logging,java.management,java.naming,java.net.http,java.security.jgss,java.sql,java.xml,jdk.net,jdk.unsupported,jdk.crypto.ec,jdk.localedata,javafx.controls,javafx.fxml \
  --strip-debug --no-header-files --no-man-pages --output "$stage/runtime"
# JavaFX's native libraries beside the runtime's own, where JavaFX looks first (else it unpacks them into ~/.openjfx)
mkdir "$stage/training/javafx"
(cd "$stage/training/javafx" && "$jdk_bin/jar" --extract --file "$(ls "$stage"/javafx/javafx-graphics-*-linux.jar)")
cp "$stage"/training/javafx/*.so "$stage/runtime/lib/"

# Transparent huge pages for the heap: the tag dictionaries and series tables are probed at random, and with 4 KiB
# pages nearly every probe of a large table also misses the TLB (10M explosion-shaped lines: 10 to 35% less CPU,
# performance.md). Where the kernel offers none the JVM warns and goes on; that warning goes to stderr, never into a
# command's stdout (JSON, CSV), where unified logging puts warnings by default.
"$jdk_bin/jpackage" --type app-image --name cardinal --app-version "$version" --dest "$stage/image" \
  --input "$stage/app" --main-jar cardinal.jar --main-class dev.cardinal.Launcher --runtime-image "$stage/runtime" \
  --icon "$pkg/cardinal.png" \
  --java-options '-XX:SharedArchiveFile=$APPDIR/cardinal.jsa' \
  --java-options '-XX:+UseTransparentHugePages' \
  --java-options '-Xlog:pagesize=off:stdout' --java-options '-Xlog:pagesize=warning:stderr'
image="$stage/image/cardinal"

# Training run: the classes a user's first minutes load (reading a sample, projecting, the window with the sample
# workspace projected), listed for the start-up archive that the package's postinst makes (see postinst).
sample="$basedir/sample-data/ad-marketplace"
export HOME="$stage/training/home" # the training's recent files and settings stay in target/
JAVA_TOOL_OPTIONS="-XX:DumpLoadedClassList=$stage/training/analyze.classlist" \
  "$image/bin/cardinal" analyze "$sample/traffic.lp.gz" --format json > "$stage/training/analyze.json"
# the window: until no class has been loaded for 3 s once the projection panel's are (at most 120 s)
xvfb-run -a bash -c '
  list=$1; shift
  JAVA_TOOL_OPTIONS="-XX:DumpLoadedClassList=$list" "$@" & app=$!
  last=0; still=0
  for _ in $(seq 1 240); do
    sleep 0.5
    kill -0 $app 2>/dev/null || { echo "build-deb: the training run of the window ended by itself" >&2; exit 1; }
    n=$(wc -l < "$list" 2>/dev/null || echo 0)
    if [ "$n" = "$last" ] && grep -q "dev/cardinal/ui/projection/SeriesChart" "$list"; then still=$((still + 1)); else still=0; fi
    last=$n
    [ $still -ge 6 ] && break
  done
  kill $app; wait $app || true
' training "$stage/training/window.classlist" "$image/bin/cardinal" gui "$sample/ad-marketplace.cardinal.json" \
  > "$stage/training/window.log" 2>&1
grep -q "com/sun/glass/ui/gtk/GtkApplication" "$stage/training/window.classlist" \
  || { echo "build-deb: the training run never opened the window (see $stage/training/window.log)" >&2; exit 1; }
awk '!seen[$0]++' "$stage/training/analyze.classlist" "$stage/training/window.classlist" > "$image/lib/app/cardinal.classlist"

"$jdk_bin/jpackage" --type deb --app-image "$image" --name cardinal --app-version "$version" --dest "$stage/deb" \
  --install-dir /usr --resource-dir "$pkg/linux" --icon "$pkg/cardinal.png" \
  --file-associations "$pkg/cardinal-workspace.properties" --linux-shortcut \
  --description "Schema design workbench for time-series databases: see what a layout costs before the series exist" \
  --vendor "Cardinal" --linux-deb-maintainer "cardinal@localhost" --linux-app-category devel \
  --linux-package-deps "libgtk-3-0, libgl1, libpango-1.0-0, libfreetype6, libfontconfig1"

# Man pages (man cardinal, man cardinal-analyze, ...): picocli's generator writes an AsciiDoc page for cardinal and
# each command from the command line's own definitions, so they say what --help says; asciidoctor makes them troff.
# A wide usage width keeps picocli from wrapping the synopsis inside an option's label (man reflows it anyway).
man="$stage/man"
"$jdk_bin/java" -Dpicocli.usage.width=400 -cp "$stage/app/*:$stage/javafx/*:$stage/codegen/*" \
  picocli.codegen.docgen.manpage.ManPageGenerator --exit -d "$man/adoc" dev.cardinal.cli.Main
asciidoctor -b manpage -a mansource="Cardinal $version" -a manmanual="Cardinal Manual" -D "$man/man1" "$man"/adoc/*.adoc
[ -f "$man/man1/cardinal.1" ] && [ -f "$man/man1/cardinal-analyze.1" ] \
  || { echo "build-deb: no man pages in $man/man1" >&2; exit 1; }

# jpackage puts files under its install folder only: the man pages go into the .deb it made, which is unpacked,
# given them (owned by the package, so removing it removes them) and packed again
deb=$(ls "$stage"/deb/*.deb)
root="$stage/deb-root"
dpkg-deb -R "$deb" "$root"
install -d -m 755 "$root/usr/share/man/man1"
for page in "$man"/man1/*.1; do
  gzip -9n < "$page" > "$root/usr/share/man/man1/$(basename "$page").gz"
  chmod 644 "$root/usr/share/man/man1/$(basename "$page").gz"
done
if [ -f "$root/DEBIAN/md5sums" ]; then
  (cd "$root" && md5sum usr/share/man/man1/*.gz >> DEBIAN/md5sums)
fi
sed -i "s/^Installed-Size: .*/Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)/" "$root/DEBIAN/control"
dpkg-deb --root-owner-group -b "$root" "$deb" > /dev/null
rm -rf "$root"
ls "$stage"/deb/*.deb
