#!/usr/bin/env node
// Written by scripts/build.mjs from scripts/cli-bundle/loader.cjs (write-bin.mjs says why): edit that file.
"use strict";
// The CLI's loader, which the build writes into bin/hub-snippets.cjs (write-bin.mjs): starts the CLI from V8's code
// cache. Compiling the bundled JavaScript was most of a piped command's start-up (snippet 1.46× → 1.12× `node -e 0`
// on Node 20); with a cache, V8 restores the compiled functions instead. Two bundles: dist/cli.cjs (always) and dist/ui.cjs (the Ink
// views, only when stdout is a terminal), and two small ones for the common commands (below), each with its own
// caches:
// - dist/<bundle>.<node version>-<arch>.<group>.cache, written by the build (train-code-cache.mjs, beside this
//   file) for the Node.js that built it (and for any other one it is run with);
// - for any other Node.js, or when Node.js runs with flags, the first run compiles as usual and leaves a cache in
//   the user's cache folder for the next runs.
// V8 checks a cache before using it and compiles normally when the check fails.
// Why not module.enableCompileCache() on Node >= 22.1: it caches only the functions compiled before a module's
// first run ends (79 KB against this cache's 470 KB), so every run still compiles the rest; measured on Node 24
// it was slower (README.md beside this file).
// Each bundle is, on disk, the function expression compiled here (bundle-options.mjs wraps it at build time), so
// no wrapped copy of its source is built on every start.
// HUB_SNIPPETS_CODE_CACHE=off turns all of this off; HUB_SNIPPETS_CODE_CACHE=train makes every bundle a run
// loads write its cache into dist/ (the build's training runs).
// HUB_SNIPPETS_DEBUG=1 writes each bundle's cache state to stderr, and at exit the built-in modules the run loaded
// past Node's start (test/cli/start-up-builtins.test.ts holds the common commands to theirs).
const debug = process.env.HUB_SNIPPETS_DEBUG === "1";
const loadedAtStart = debug ? process.moduleLoadList.length : 0;
const { mkdirSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } = require("node:fs");
const { dirname, join } = require("node:path");
const { Script } = require("node:vm");
// Node's Module class, through this module: require("node:module") would load it and Node's source-map support
// on every start. (node:os is required only where a per-user cache needs the home folder.)
const { createRequire } = module.constructor;

const dist = join(__dirname, "..", "dist");
const runtime = `${process.version}-${process.arch}`;
const nodeFlags = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ").trim();
const cacheMode = process.env.HUB_SNIPPETS_CODE_CACHE;

// Which bundle starts, and from which cache. A bundle's top level and its cache cost every start in proportion to
// their size, whatever the command runs, so the common commands start from bundles of their own: dist/snippet.cjs
// for `snippet`, dist/catalogue.cjs for the list and show commands; everything else (help, errors, the browser)
// is dist/cli.cjs, the whole CLI, which the two small ones also hand any line they do not run to. Within a bundle,
// each command group has a cache of its own: V8 deserialises all of a cache on every start, so one cache for all
// commands made `tasks list` restore the snippet engine too. The group is a guess from the command line (a wrong
// one only costs time): the first word, and for `snippet` whether it writes loading code or app commands, which
// run other code. The other bundles keep one cache each ("main"): Ink and React are most of the views whatever
// the command, the whole CLI runs the lines nobody trains for, and a module of library generators writes one library's code.
// The catalogue's groups: a list and its show command share one (their caches were 88 KB each and ~90% the same).
const catalogueGroups = { tasks: "tasks", task: "tasks", libraries: "libraries", library: "libraries", apps: "apps", quant: "quant", providers: "providers" };
function commandGroup(argv) {
  const word = argv[0];
  // One client's snippet (`--client`) runs less than a whole answer of every kind, whose app and library code made
  // the one-snippet cache ~50 KB bigger. --library and --app share a group: apart, their caches were 321 and 315 KB,
  // together 349 KB (287 KB less to install; --library's start-up +0.6% in main-thread instructions, issue 64).
  if (word === "snippet") {
    if (argv.includes("--library") || argv.includes("--app")) return "snippet-one-kind";
    return argv.includes("--client") ? "snippet" : "snippet-all";
  }
  return Object.hasOwn(catalogueGroups, word) ? catalogueGroups[word] : "other";
}
const commandLineGroup = commandGroup(process.argv.slice(2));
const groupOf = (name) => (name === "snippet" || name === "catalogue" ? commandLineGroup : "main");

/** The bundle that starts this command line. */
function entryBundle() {
  if (commandLineGroup.startsWith("snippet")) return "snippet";
  return commandLineGroup === "other" ? "cli" : "catalogue";
}

function readIfPresent(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** A short hash for a file name (node:crypto would cost a few ms of start-up to load). */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The per-user cache file for this build of a bundle, this Node.js and these flags; none without a home. */
function userCacheFile(name, bundle) {
  try {
    const stamp = statSync(bundle);
    const cacheHome = process.env.XDG_CACHE_HOME || join(require("node:os").homedir(), ".cache");
    return join(cacheHome, "hub-snippets", `${name}-${groupOf(name)}-${fnv1a(`${stamp.size} ${stamp.mtimeMs} ${runtime} ${nodeFlags}`)}.cache`);
  } catch {
    // os.homedir() throws for a user the system does not know (some containers).
    return undefined;
  }
}

function writeAtomically(file, data) {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, data);
    renameSync(partial, file);
  } catch {
    // A cache is an optimisation: a read-only home or a full disk only means the next run compiles again.
  }
}

/** The cache to start from (data may be missing) and where to save one if it turns out unusable. */
function chooseCache(name, bundle) {
  if (cacheMode === "off") return { data: undefined, saveTo: undefined };
  const builtCache = join(dist, `${name}.${runtime}.${groupOf(name)}.cache`);
  if (cacheMode === "train") return { data: readIfPresent(builtCache), saveTo: builtCache, always: true };
  const built = nodeFlags === "" ? readIfPresent(builtCache) : undefined;
  if (built !== undefined) return { data: built, saveTo: undefined };
  const file = userCacheFile(name, bundle);
  return { data: file === undefined ? undefined : readIfPresent(file), saveTo: file };
}

/** Runs dist/<name>.cjs as a CommonJS module and returns its exports. */
function loadBundle(name) {
  const bundle = join(dist, `${name}.cjs`);
  const cache = chooseCache(name, bundle);
  // The bundle is a function expression (bundle-options.mjs wraps it at build time).
  const script = new Script(readFileSync(bundle, "utf8"), { filename: bundle, cachedData: cache.data });
  const missed = cache.data === undefined || script.cachedDataRejected;
  const saveTo = missed || cache.always ? cache.saveTo : undefined;
  if (debug) {
    const state = cache.data === undefined ? "none" : script.cachedDataRejected ? "rejected" : "used";
    // Written to the descriptor: process.stderr would load node:net and the stream modules for a pipe.
    writeSync(2, `hub-snippets: code cache for ${name}: ${state}${saveTo ? `, saving ${saveTo}` : ""}\n`);
  }
  // Written at exit, so the cache holds every function this run compiled, not only the top level.
  if (saveTo) process.once("exit", () => writeAtomically(saveTo, script.createCachedData()));
  const bundleModule = { exports: {} };
  const importFromBin = (specifier) => import(specifier);
  script.runInThisContext()(bundleModule.exports, createRequire(bundle), bundleModule, bundle, dirname(bundle), importFromBin, loadBundle);
  return bundleModule.exports;
}

/** The public built-in modules (node:net, node:tty…) this run loaded since the loader started. */
function builtinsLoaded() {
  const loaded = process.moduleLoadList.slice(loadedAtStart);
  return loaded.filter((entry) => /^NativeModule (?!internal\/)/.test(entry)).map((entry) => entry.slice("NativeModule ".length));
}

/** Starts the CLI: the bundle for this command line. */
function startCli() {
  if (debug) process.once("exit", () => writeSync(2, `hub-snippets: built-in modules loaded: ${builtinsLoaded().join(" ") || "none"}\n`));
  loadBundle(entryBundle());
}

module.exports = { loadBundle, startCli };
startCli();
