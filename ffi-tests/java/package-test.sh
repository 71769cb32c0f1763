#!/usr/bin/env bash
# org.librouge:librouge as a Maven user meets it (issue 26 point 2): after `make maven` installed
# it into the local repository, a new project (testdata/user: a pom.xml that depends on
# org.librouge:librouge:0.1.0 and nothing else, UserMain.java, and the binding's agreement host
# AgreeJava.java with its JSON reader, copied in) is built in an empty temporary folder with
# `mvn package`; `mvn dependency:build-classpath` gives the classpath Maven resolved; the program
# runs on it with -Xcheck:jni (no JNI warning allowed), no java.library.path and no library
# property, so the native library comes out of the dependency's jar. Checks its agreement output
# against ../agree/build/c.out byte for byte and rouge-score's text cases within 1e-9 (UserMain).
# Env: MVN (the mvn command with its flags). Prints ok/FAIL per check and
# `maven-user: N passed, M failed`; exits non-zero on a failure.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mvn=${MVN:-mvn -B -ntp}
java=${JAVA:-java}
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
finish() { echo "maven-user: $pass passed, $fail failed"; [ $fail = 0 ]; exit; }
run() { local log=$1; shift; "$@" >"$log" 2>&1 || { sed 's/^/    | /' "$log" | tail -n 40; return 1; }; }

agree=$root/ffi-tests/agree/build
[ -f "$agree/cases.tsv" ] && [ -f "$agree/c.out" ] || { bad "$agree/{cases.tsv,c.out} missing (make -C ffi-tests/agree)"; finish; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rouge-maven-user.XXXXXX") || { echo "FAIL mktemp"; exit 1; }
trap 'rm -rf "$tmp"' EXIT
user=$tmp/user
mkdir -p "$user"
cp -r "$here/testdata/user/." "$user/"
cp "$here/test/AgreeJava.java" "$here/test/Json.java" "$user/src/main/java/"

# shellcheck disable=SC2086
if run "$tmp/package.log" sh -c 'cd "$1" && shift && "$@" package' sh "$user" $mvn; then
  ok "mvn package: a project depending on org.librouge:librouge:0.1.0 by its coordinates compiles"
else
  bad "mvn package"; finish
fi
# shellcheck disable=SC2086
if run "$tmp/cp.log" sh -c 'cd "$1" && shift && "$@" dependency:build-classpath -Dmdep.outputFile=cp.txt' sh "$user" $mvn; then
  classpath=$(cat "$user/cp.txt")
  ok "mvn dependency:build-classpath: $classpath"
else
  bad "mvn dependency:build-classpath"; finish
fi
jar=${classpath%%:*}
if [[ $jar == */org/librouge/librouge/0.1.0/librouge-0.1.0.jar ]] && [[ $jar != "$root"/* ]] &&
   [ "$(unzip -l "$jar" | grep -c 'librouge_jni.so$')" = 2 ]; then
  ok "the dependency is the repository's jar, with librouge_jni.so for linux-x86_64 and linux-aarch64"
else
  bad "the dependency jar: $jar"
fi

# No java.library.path, no org.librouge.jni.path: the jar's copy or nothing.
if (cd "$user" && "$java" -Xcheck:jni -cp "target/classes:$classpath" UserMain "$agree/cases.tsv" "$tmp/java-user.out" \
      "$root/tests/conformance") >"$tmp/run.log" 2>&1; then
  sed 's/^/    /' "$tmp/run.log"
  ok "the program runs and scores (java -Xcheck:jni -cp target/classes:<resolved classpath> UserMain)"
else
  sed 's/^/    | /' "$tmp/run.log"
  bad "the program runs and scores"
fi
if grep -q 'WARNING' "$tmp/run.log"; then bad "-Xcheck:jni printed warnings"; else ok "-Xcheck:jni: no JNI warning"; fi
if cmp -s "$tmp/java-user.out" "$agree/c.out"; then
  ok "agreement: $(wc -l <"$agree/c.out") lines identical to ffi-tests/agree/build/c.out"
else
  bad "agreement output differs from c.out"
fi
finish
