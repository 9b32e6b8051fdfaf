#!/usr/bin/env bash
# Runs the built CLI on another Node.js line: usage: bash scripts/check-node-line.sh /path/to/node
# (.ci/run passes Node 22, 24 and 26 from the npm registry's `node` package). First, with no code cache for that
# Node (none built, an empty per-user cache folder), the CLI must print what the machine's Node prints and leave a
# per-user cache that the next run uses; then the build's caches are trained for it
# (scripts/cli-bundle/train-code-cache.mjs) and the CLI tests (test/cli/) run the CLI on it, vitest included.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
line_node=${1:?"usage: bash scripts/check-node-line.sh /path/to/node"}
cd "$root"
fail() {
  echo "check-node-line: $*" >&2
  exit 1
}
[ -x "$line_node" ] || fail "$line_node is not an executable Node.js"
[ -f dist/snippet.cjs ] || fail "dist/ is not built: run npm run build first"
version=$("$line_node" -p 'process.version + "-" + process.arch')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Untrained: the build's caches for this Node are removed (a fresh build has none but the machine Node's).
rm -f dist/*."$version".*.cache
runs=(
  "snippet examples/llama-3.1-8b-instruct.json --lang python --client requests"
  "snippet examples/qwen2.5-7b-instruct.json"
  "tasks list --json"
)
for index in "${!runs[@]}"; do
  run=${runs[$index]}
  read -ra args <<<"$run"
  cache_home="$work/cache-$index"
  expected=$(node bin/hub-snippets.cjs "${args[@]}" 2>/dev/null) || fail "the machine's node failed: hub-snippets $run"
  for attempt in first second; do
    got=$(env NODE_OPTIONS="" HUB_SNIPPETS_DEBUG=1 XDG_CACHE_HOME="$cache_home" "$line_node" bin/hub-snippets.cjs "${args[@]}" 2>"$work/stderr") ||
      fail "Node $version, no code cache ($attempt run): hub-snippets $run failed: $(cat "$work/stderr")"
    [ "$got" = "$expected" ] || fail "Node $version, no code cache ($attempt run): hub-snippets $run printed other output than $(node -v) does"
    # The first run compiles and saves a per-user cache; the second starts from it.
    state=$([ "$attempt" = first ] && echo "none, saving $cache_home/hub-snippets/" || echo "used")
    grep -q "^hub-snippets: code cache for [a-z]*: $state" "$work/stderr" ||
      fail "Node $version ($attempt run of hub-snippets $run): no 'code cache for …: $state' line: $(cat "$work/stderr")"
  done
done
echo "check-node-line: Node $version runs the CLI untrained (same output as $(node -v), per-user cache saved, then used)"

start=$SECONDS
"$line_node" scripts/cli-bundle/train-code-cache.mjs
echo "check-node-line: code caches trained for Node $version in $((SECONDS - start)) s"
start=$SECONDS
HUB_SNIPPETS_TEST_NODE="$line_node" "$line_node" node_modules/vitest/vitest.mjs run test/cli
echo "check-node-line: CLI tests on Node $version: $((SECONDS - start)) s"
