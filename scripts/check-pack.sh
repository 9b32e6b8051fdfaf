#!/usr/bin/env bash
# Packs the project, installs the tarball into an empty project (nothing else installed) and uses it there as a
# user would: every command piped (the record files are the repository's examples, as a user's would be), the Ink
# views on a pseudo-terminal, the library API and its type declarations. First it checks that the install holds
# only what the published code loads (scripts/check-pack-deps.mjs). Needs script(1) and tmux (.ci/run installs it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
socket="hub-snippets-check-pack-$$"
cleanup() {
  tmux -L "$socket" kill-server 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "check-pack: $*" >&2
  exit 1
}
command -v tmux >/dev/null || fail "tmux is needed to start the interactive browser (apt-get install tmux)"
command -v script >/dev/null || fail "script(1) is needed for the Ink views on a pseudo-terminal (apt-get install bsdutils)"

manifest_before=$(cat "$root/package.json")
tarball=$(cd "$root" && npm pack --silent --pack-destination "$work" | tail -n 1)
# prepack packs package.json without its scripts (scripts/pack-manifest.mjs) and postpack puts them back.
[ "$(cat "$root/package.json")" = "$manifest_before" ] || fail "npm pack left package.json changed (postpack restores it)"
packed_scripts=$(tar -xzOf "$work/$tarball" package/package.json | node -e 'process.stdout.write(JSON.stringify(JSON.parse(require("fs").readFileSync(0, "utf8")).scripts ?? null))')
[ "$packed_scripts" = null ] || fail "the packed package.json has scripts: $packed_scripts"
project="$work/project"
mkdir "$project"
cd "$project"
npm init -y >/dev/null
npm pkg set type=module
# Installing the tarball must print no warning at all (npm 11 warned about the packed `prepare` script).
npm install --prefer-offline --no-audit --no-fund "$work/$tarball" >"$work/install.log" 2>&1 || fail "npm install of the tarball failed: $(cat "$work/install.log")"
! grep -qi 'warn' "$work/install.log" || fail "npm install of the tarball warned: $(grep -i 'warn' "$work/install.log")"
# What npx installs: the package and its dependencies, with the code caches of the Node.js that built it. At most
# 22 MB (issue 64: it had grown from 22 to 23 MB; du's kibibytes, 22 × 1024).
installed_kb=$(du -sk node_modules | cut -f1)
[ "$installed_kb" -le 22528 ] || fail "the install weighs ${installed_kb} KB, over 22 MB: $(du -sk node_modules/* node_modules/hub-snippets/dist/* 2>/dev/null | sort -rn | head -n 6 | tr '\n' ' ')"
echo "check-pack: the install weighs ${installed_kb} KB (at most 22528)"
node "$root/scripts/check-pack-deps.mjs" "$project"

cli="$project/node_modules/.bin/hub-snippets"
examples="$root/examples"
# A Node.js the build did not train for leaves per-user code caches: here, not in the user's own cache folder.
export XDG_CACHE_HOME="$work/cache"

# expect PATTERN ARGS…: runs the installed CLI with ARGS, piped; it must exit 0 and print a line matching PATTERN
# (an extended regular expression).
expect() {
  local pattern=$1 out status=0
  shift
  out=$("$cli" "$@" 2>"$work/stderr") || status=$?
  [ "$status" = 0 ] || fail "hub-snippets $* exited $status: $(head -c 600 "$work/stderr")"
  grep -Eq -- "$pattern" <<<"$out" || fail "hub-snippets $* printed no line matching /$pattern/; it printed: $(head -c 600 <<<"$out")"
}

# Through npx once, as the README says; the rest through the same bin, without npx's own start-up.
npx --no-install hub-snippets tasks list | grep -q '^text-to-image ' || fail "npx hub-snippets tasks list did not list text-to-image"
expect '^automatic-speech-recognition ' tasks list --modality audio
expect '"id": "object-detection"' tasks list --json
expect '^Text-to-Image$' task show text-to-image
expect '"id": "depth-estimation"' task show depth-estimation --json
expect '^diffusers ' libraries list
expect '"key": "diffusers"' libraries list --task text-to-image --json
expect 'github.com/huggingface/diffusers' library show diffusers
expect '^ollama ' apps list --model "$examples/llama-3.2-3b-instruct-gguf.json"
expect '"key": "llama.cpp"' apps list --json
expect '^Q4_K_M ' quant list
expect '"name": "Q4_K_XL"' quant parse gpt-oss-20b-UD-Q4_K_XL.gguf --json
expect '^together ' providers list
expect '^Usage: hub-snippets' --help
# snippet: each kind (inference, library, app), one client of one language, a language, --json and the whole answer.
expect '^import requests$' snippet "$examples/whisper-large-v3.json" --lang python --client requests
expect '^import \{ OpenAI \} from "openai";$' snippet "$examples/llama-3.1-8b-instruct.json" --lang js --client openai --stream
expect '^from huggingface_hub import InferenceClient$' snippet "$examples/qwen2.5-7b-instruct.json" --lang python --client huggingface_hub
expect "curl -X POST 'https://router\.huggingface\.co/fal-ai/fal-ai/flux/dev" snippet "$examples/flux.1-dev.json" --lang sh
expect '"kind": "inference"' snippet "$examples/bart-large-mnli.json" --json
expect '^## Local apps$' snippet "$examples/qwen2.5-7b-instruct.json"
expect '^from diffusers import DiffusionPipeline$' snippet "$examples/flux.1-dev.json" --library
expect '^llama-server -hf bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M$' snippet "$examples/llama-3.2-3b-instruct-gguf.json" --app llama.cpp
expect '^ollama run hf.co/bartowski/Llama-3.2-3B-Instruct-GGUF:' snippet "$examples/llama-3.2-3b-instruct-gguf.json" --app ollama --memory 16GB
expect "^payload = \{\"inputs\": \"Paris is the \[MASK\] of France.\"\}$" snippet --id google-bert/bert-base-uncased --task fill-mask --lang python --client requests
status=0
"$cli" task show no-such-task >/dev/null 2>"$work/stderr" || status=$?
if [ "$status" != 1 ] || ! grep -q "unknown task 'no-such-task'" "$work/stderr"; then
  fail "task show no-such-task exited $status (1 expected, with the unknown id named): $(cat "$work/stderr")"
fi

# --copy loads clipboardy, the one package outside the bundles, from the install; on Linux it runs xsel, here a
# stand-in on PATH that keeps what it is given.
mkdir "$work/bin"
printf '#!/bin/sh\ncat > "%s"\n' "$work/clipboard.txt" >"$work/bin/xsel"
chmod +x "$work/bin/xsel"
PATH="$work/bin:$PATH" WAYLAND_DISPLAY="" XDG_SESSION_TYPE="" "$cli" snippet "$examples/whisper-large-v3.json" --lang python --client requests --copy \
  >"$work/printed.txt" 2>"$work/stderr" || fail "snippet --copy failed: $(cat "$work/stderr")"
# The clipboard gets the code alone: what is printed without its first line, the install comment.
[ "$(cat "$work/clipboard.txt" 2>/dev/null)" = "$(tail -n +2 "$work/printed.txt")" ] ||
  fail "snippet --copy did not hand the printed code to the clipboard tool: $(cat "$work/stderr")"

# Every example that --help prints (the root's, each group's and each command's), run as printed, in order, from an
# empty folder with only the installed package's bin on PATH, as `npx hub-snippets` users would: the example records
# must come with the package (example:<name>). curl is a stand-in that answers the complete record fetch with the
# shipped example of that id (the check makes no network call); xsel keeps what --copy gives it.
help_dir="$work/help-examples"
mkdir -p "$help_dir/bin" "$help_dir/cwd"
printf '#!/bin/sh\ncat > /dev/null\n' >"$help_dir/bin/xsel"
cat >"$help_dir/bin/curl" <<CURL
#!/usr/bin/env node
const url = process.argv.at(-1);
const { readdirSync, readFileSync } = require("node:fs");
const dataset = /^https:\/\/huggingface\.co\/api\/datasets\/([^?/]+\/[^?/]+)$/.exec(url);
if (dataset) {
  const datasets = "$project/node_modules/hub-snippets/examples/datasets/";
  const found = readdirSync(datasets).find((name) => JSON.parse(readFileSync(datasets + name, "utf8")).id === dataset[1]);
  if (!found) { console.error("curl stand-in: no shipped dataset example of " + dataset[1]); process.exit(22); }
  process.stdout.write(readFileSync(datasets + found));
  process.exit(0);
}
const match = /^https:\/\/huggingface\.co\/api\/models\/([^?]+)\?blobs=true((?:&expand\[\]=\w+)+)$/.exec(url);
const asked = match ? match[2].split("&expand[]=").slice(1) : [];
const needed = ["inferenceProviderMapping", "pipeline_tag", "library_name", "tags", "siblings", "gated"];
if (!match || !needed.every((field) => asked.includes(field))) { console.error("curl stand-in: not a complete record fetch: " + url); process.exit(22); }
const dir = "$project/node_modules/hub-snippets/examples/";
const file = readdirSync(dir).filter((name) => name.endsWith(".json")).find((name) => JSON.parse(readFileSync(dir + name, "utf8")).id === match[1]);
if (!file) { console.error("curl stand-in: no shipped example of " + match[1]); process.exit(22); }
process.stdout.write(readFileSync(dir + file));
CURL
chmod +x "$help_dir/bin/curl" "$help_dir/bin/xsel"
help_path="$help_dir/bin:$project/node_modules/.bin:$(dirname "$(command -v node)"):/usr/bin:/bin"
help_of() { PATH="$help_path" hub-snippets "$@" --help 2>/dev/null; }
# The commands a help lists: the first word of each line of its "Commands:" section but help.
commands_in() { awk '/^Commands:/{on=1;next} /^$/{on=0} on && /^  [^ ]/ && $1 != "help" {print $1}'; }
help_texts=$(
  help_of
  for group in $(help_of | commands_in); do
    help_of "$group"
    for command in $(help_of "$group" | commands_in); do help_of "$group" "$command"; done
  done
)
help_examples=$(sed -n 's/^  \$ //p' <<<"$help_texts" | grep -v '^#' | awk '!seen[$0]++')
[ "$(grep -c . <<<"$help_examples")" -ge 20 ] || fail "found only these --help examples: $help_examples"
# Runs each line as printed from the empty folder, with only the installed bin and the stand-ins on PATH; $1 names
# what the lines are in the failure message. A line that saves its output in a file (> model.json, > flux.ipynb)
# prints nothing: the file it names must hold something instead.
run_as_printed() {
  local what=$1 line saved
  while IFS= read -r line; do
    (cd "$help_dir/cwd" && env -u CI PATH="$help_path" WAYLAND_DISPLAY="" XDG_SESSION_TYPE="" bash -o pipefail -c "$line" >"$work/example.out" 2>"$work/stderr") ||
      fail "the $what \`$line\` failed from an empty folder: $(head -c 600 "$work/stderr")"
    # (A README line may end with a comment: `… > flux.ipynb   # piped: …`.)
    saved=$(sed -n 's/.* > \([^ #]*\) *\(#.*\)\{0,1\}$/\1/p' <<<"$line")
    if [ -n "$saved" ]; then
      [ -s "$help_dir/cwd/$saved" ] || fail "the $what \`$line\` saved nothing in $saved"
    else
      [ -s "$work/example.out" ] || fail "the $what \`$line\` printed nothing"
    fi
  done
}
run_as_printed "--help example" <<<"$help_examples"

# Every command of the shipped README's shell blocks that runs hub-snippets (or fetches a record for it), as
# printed, in order, in the same empty folder: `npx hub-snippets` is the installed bin (npx would run the same one).
# shellcheck disable=SC2016 # the extraction is JavaScript in single quotes
readme_commands=$(
  node -e '
    const text = require("node:fs").readFileSync(process.argv[1], "utf8");
    for (const [, body] of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
      for (const line of body.replace(/\\\n\s*/g, " ").split("\n")) {
        if (/^(npx hub-snippets|curl )/.test(line)) console.log(line.replaceAll("npx hub-snippets", "hub-snippets"));
      }
    }' "$project/node_modules/hub-snippets/README.md"
)
[ "$(grep -c . <<<"$readme_commands")" -ge 20 ] || fail "found only these README commands: $readme_commands"
run_as_printed "README command" <<<"$readme_commands"

# The Ink views (dist/ui.cjs) on a pseudo-terminal: the first frame of `task show`, written before it exits.
env -u CI HUB_SNIPPETS_DEBUG=1 TERM=xterm-256color timeout 30 script -qfec "'$cli' task show text-to-image" /dev/null >"$work/frame.txt" ||
  fail "task show text-to-image on a pseudo-terminal failed: $(cat "$work/frame.txt")"
grep -q 'hub-snippets: code cache for ui: ' "$work/frame.txt" || fail "task show on a pseudo-terminal did not start the Ink views: $(cat "$work/frame.txt")"
plain_frame=$(sed 's/\x1b\[[0-9;?]*[A-Za-z]//g' "$work/frame.txt")
for line in 'Text-to-Image' 'Demo inputs' 'Prompt:  A red fox'; do
  grep -q "$line" <<<"$plain_frame" || fail "the first frame of task show text-to-image has no '$line': $plain_frame"
done

# The interactive browser in tmux: its start screen, then q quits.
tmux -L "$socket" new-session -d -s browser -x 100 -y 30 "env -u CI TERM=xterm-256color '$cli'"
screen=""
for _ in $(seq 100); do
  screen=$(tmux -L "$socket" capture-pane -p -t browser 2>/dev/null || true)
  grep -q 'type to filter' <<<"$screen" && break
  sleep 0.1
done
grep -q 'type to filter' <<<"$screen" || fail "the browser's start screen never showed 'type to filter'; it shows: $screen"
grep -q 'text-to-image' <<<"$screen" || fail "the browser's start screen lists no text-to-image: $screen"
tmux -L "$socket" send-keys -t browser q
for _ in $(seq 50); do
  tmux -L "$socket" has-session -t browser 2>/dev/null || break
  sleep 0.1
done
! tmux -L "$socket" has-session -t browser 2>/dev/null || fail "the browser did not quit on q"

# The library API, imported by its package name.
api_check=$(
  cat <<'EOF'
const api = await import("hub-snippets");
const model = api.readModelRecord(process.argv[1]);
const answer = api.getModelSnippets(model, { language: "python" });
const checks = {
  getTask: api.getTask("translation")?.id === "translation",
  listTasks: api.listTasks({ modality: "audio" }).some((task) => task.id === "automatic-speech-recognition"),
  getLibrary: api.getLibrary("timm")?.key === "timm",
  getModelSnippets: answer.snippets.some((snippet) => snippet.kind === "inference" && snippet.content.includes("import requests")),
  parseQuantLabel: api.parseQuantLabel("gpt-oss-20b-UD-Q4_K_XL.gguf")?.type.name === "Q4_K_XL",
  appSnippets: api.getModelSnippets(api.readModelRecord(process.argv[2]), { app: "llama.cpp" }).snippets.some((snippet) => snippet.client === "llama.cpp"),
};
const failed = Object.keys(checks).filter((name) => !checks[name]);
if (failed.length > 0) { console.error(`check-pack: the library API gave wrong answers: ${failed.join(", ")}`); process.exit(1); }
EOF
)
node --input-type=module -e "$api_check" "$examples/whisper-large-v3.json" "$examples/llama-3.2-3b-instruct-gguf.json"

# The type declarations, from a TypeScript project that has the tarball and Node's types (the repository's) only.
cat >consumer.ts <<'EOF'
import { getModelSnippets, getTask, ModelRecordSchema, type Task } from "hub-snippets";
const task: Task | undefined = getTask("translation");
const model = ModelRecordSchema.parse({ id: "openai/whisper-large-v3", pipeline_tag: "automatic-speech-recognition" });
export const kinds: string[] = getModelSnippets(model, { language: "python" }).snippets.map((snippet) => snippet.kind);
export const id: string = task?.id ?? "";
EOF
cat >tsconfig.json <<EOF
{ "compilerOptions": { "module": "nodenext", "target": "es2022", "strict": true, "noEmit": true, "skipLibCheck": false,
  "typeRoots": ["$root/node_modules/@types"], "types": ["node"] }, "files": ["consumer.ts"] }
EOF
node "$root/node_modules/typescript/bin/tsc" -p . || fail "a TypeScript project does not type-check against the installed type declarations (above)"

echo "check-pack: the packed tarball installs, holds only what its code loads, and runs: every command, the Ink views, the library API and its types"
