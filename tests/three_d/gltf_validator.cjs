// Runs the Khronos glTF Validator (vendored from npm `gltf-validator` by frontend/build.mjs) on
// one GLB file and prints its report as JSON: `node gltf_validator.cjs model.glb`.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const validator = require(path.join(__dirname, "vendor", "gltf-validator", "index.js"));

const data = new Uint8Array(fs.readFileSync(process.argv[2]));
validator
  .validateBytes(data, { maxIssues: 100 })
  .then((report) => process.stdout.write(JSON.stringify(report)))
  .catch((error) => {
    process.stderr.write(String(error));
    process.exit(1);
  });
