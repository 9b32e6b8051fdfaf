#!/usr/bin/env bash
# Installs the runtimes that only the execution tests use into test/runtimes/node_modules/ (their own package and
# lockfile, apart from the project's install): node-llama-cpp (test/snippets/gguf-runner-execution.test.ts) and
# transformers.js with onnxruntime and wavefile (test/snippets/transformers-js-execution.test.ts). ~1.2 GB, of which
# node-llama-cpp's prebuilt builds are ~680 MB (its optional dependencies: the CUDA and Vulkan ones, 620 MB, install on
# every Linux x64, although the tests use the CPU one) and onnxruntime-node and -web ~430 MB. Without
# them those tests skip with a notice; under CI=true they fail. .ci/run runs this.
# Everything comes from the npm registry: onnxruntime-node's postinstall would fetch a CUDA provider from
# api.nuget.org (skipped by the variable below on npm 10, denied by allowScripts on npm 11), and node-llama-cpp's
# uses its prebuilt CPU build, never downloading or building llama.cpp (NODE_LLAMA_CPP_SKIP_DOWNLOAD).
set -euo pipefail
cd "$(dirname "$0")/.."
export ONNXRUNTIME_NODE_INSTALL=skip NODE_LLAMA_CPP_SKIP_DOWNLOAD=true
npm ci --prefix test/runtimes --no-audit --no-fund "$@"
