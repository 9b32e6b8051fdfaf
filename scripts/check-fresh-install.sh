#!/usr/bin/env bash
# A newcomer's install: clones a commit of this repository (HEAD by default) into an empty folder and runs
# `npm install` there with npm 10, the npm that Node 20 and 22 ship (`npx -y npm@10`; NPM_VERSION=11 for the other),
# from the npm registry, with the user's npm cache (what CI already downloaded) and no variable that steers install
# scripts. It fails when the install fails (a dependency's install script that reaches a host other than the npm
# registry fails it where only the registry resolves, as in CI: onnxruntime-node's fetched a CUDA add-on from
# api.nuget.org), when a package other than esbuild has an install script, when node_modules weighs 300 MB or more,
# when the install changes a tracked file, or when `npx hub-snippets --version` fails or rebuilds dist/ (npx installs
# the project into its own cache and runs `prepare` again; scripts/prepare.mjs skips an up-to-date build).
# Usage: bash scripts/check-fresh-install.sh [commit]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$root" rev-parse "${1:-HEAD}")
npm_version=${NPM_VERSION:-10}
limit_mb=300
work=$(mktemp -d)
npx_cache="$(npm config get cache)/_npx"
cleanup() {
  # npx's copy of the clone (a folder named by a hash of its path, holding a link to it).
  grep -lsF "$work/repo" "$npx_cache"/*/package.json | while read -r file; do rm -rf "$(dirname "$file")"; done
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "check-fresh-install: $*" >&2
  exit 1
}

git clone -q "$root" "$work/repo"
cd "$work/repo"
git checkout -q --detach "$commit"
# npm itself first (npx caches it), so that the timing below is the install's.
npx -y "npm@$npm_version" --version >/dev/null
started=$(date +%s)
status=0
env -u ONNXRUNTIME_NODE_INSTALL -u NODE_LLAMA_CPP_SKIP_DOWNLOAD -u CI \
  npx -y "npm@$npm_version" install --no-audit --no-fund >"$work/install.log" 2>&1 || status=$?
seconds=$(($(date +%s) - started))
[ "$status" = 0 ] || fail "npm@$npm_version install failed in a fresh clone of ${commit:0:10} (exit $status): $(tail -n 20 "$work/install.log")"

size_mb=$(du -sm node_modules | cut -f1)
echo "check-fresh-install: npm@$npm_version install of ${commit:0:10}: ${seconds} s, node_modules ${size_mb} MB"
[ "$size_mb" -lt "$limit_mb" ] || fail "node_modules weighs ${size_mb} MB (the limit is ${limit_mb} MB): $(du -sm node_modules/* node_modules/@*/* 2>/dev/null | sort -rn | head -n 5 | tr '\n' ' ')"

# Install scripts: only esbuild's (it installs its platform binary from an npm registry package).
# shellcheck disable=SC2016 # JavaScript, not shell, in single quotes
scripted=$(node -e '
const { readdirSync, readFileSync, existsSync } = require("node:fs");
const found = [];
const visit = (dir) => {
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (name.startsWith(".")) continue;
    if (name.startsWith("@")) { visit(`${dir}/${name}`); continue; }
    const file = `${dir}/${name}/package.json`;
    if (existsSync(file)) {
      const { name: id, scripts = {} } = JSON.parse(readFileSync(file, "utf8"));
      const run = ["preinstall", "install", "postinstall"].filter((event) => scripts[event]);
      if (run.length > 0 && id !== "esbuild") found.push(`${id} (${run.map((event) => `${event}: ${scripts[event]}`).join(", ")})`);
    }
    visit(`${dir}/${name}/node_modules`);
  }
};
visit("node_modules");
console.log(found.join("; "));
')
[ -z "$scripted" ] || fail "packages with install scripts besides esbuild's: $scripted"

# The install leaves every tracked file as it was, package-lock.json included (npm 10 drops the "libc" fields npm 11
# writes; scripts/prepare.mjs puts them back).
changed=$(git status --porcelain --untracked-files=no || true)
[ -z "$changed" ] || fail "npm install changed tracked files: $changed $(git diff --stat)"

before=$(stat -c %Y dist/cli.cjs)
version=$(npx hub-snippets --version 2>"$work/npx.err") || fail "npx hub-snippets --version failed: $(cat "$work/npx.err")"
[ "$version" = "$(node -p 'require("./package.json").version')" ] || fail "npx hub-snippets --version printed '$version'"
[ "$(stat -c %Y dist/cli.cjs)" = "$before" ] || fail "the first npx hub-snippets rebuilt dist/ (its prepare script ran the build again)"
echo "check-fresh-install: npx hub-snippets --version: $version, without a rebuild"
