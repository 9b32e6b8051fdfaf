#!/usr/bin/env node
"use strict";
// The CLI starts from code caches through a loader that lives with the rest of its start-up code
// (scripts/cli-bundle/README.md says why each piece exists).
require("../scripts/cli-bundle/loader.cjs").startCli();
