#!/usr/bin/env bash
# Packs the project, installs the tarball into an empty folder and runs the installed CLI, as a user would.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

tarball=$(cd "$root" && npm pack --silent --pack-destination "$work" | tail -n 1)
cd "$work"
npm init -y >/dev/null
npm install --prefer-offline --no-audit --no-fund "./$tarball" >/dev/null

out=$(npx --no-install hub-snippets tasks list)
grep -q '^text-to-image ' <<<"$out" || { echo "check-pack: installed CLI did not list text-to-image" >&2; exit 1; }
npx --no-install hub-snippets task show depth-estimation --json | grep -q '"id": "depth-estimation"'
npx --no-install hub-snippets libraries list --json | grep -q '"key": "diffusers"'
node --input-type=module -e 'import { getTask, getLibrary } from "hub-snippets"; if (getTask("translation")?.id !== "translation" || getLibrary("timm")?.key !== "timm") process.exit(1);'
echo "check-pack: the packed tarball installs and runs (tasks list, task show, libraries list, library import)"
