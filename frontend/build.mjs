// Refreshes static/vendor/ from node_modules (run `npm ci` first; `make frontend` does both).
// The vendored files are committed, so running the platform needs neither Node nor the network;
// MANIFEST.json records each file's package, version and SHA-256, and a test checks it against
// package-lock.json and the files.
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const modules = join(here, "node_modules");
const vendor = join(here, "static", "vendor");
const repo = join(here, "..");
const testVendor = join(repo, "tests", "browser", "vendor");
// The Khronos glTF Validator, run with Node by the 3D workflow's tests on the GLB files it makes.
const gltfVendor = join(repo, "tests", "three_d", "vendor", "gltf-validator");
const key = (path) => relative(repo, path);

const copies = [
  ["htmx.org", "dist/htmx.min.js", vendor, "htmx.min.js"],
  ["chart.js", "dist/chart.umd.min.js", vendor, "chart.umd.min.js"],
  ["axe-core", "axe.min.js", testVendor, "axe.min.js"],
  ["gltf-validator", "index.js", gltfVendor, "index.js"],
  ["gltf-validator", "gltf_validator.dart.js", gltfVendor, "gltf_validator.dart.js"],
];
const bundles = [
  ["three", "src/viewer.js", "LonghaulViewer", "viewer.min.js"],
  ["@cfworker/json-schema", "src/schema.js", "LonghaulSchema", "schema.min.js"],
];
const licenses = {
  "htmx.org": "LICENSE",
  "chart.js": "LICENSE.md",
  three: "LICENSE",
  "@cfworker/json-schema": null, // the package ships no license file: MIT, text below
  "axe-core": "LICENSE",
  "gltf-validator": "LICENSE",
};

function version(pkg) {
  return JSON.parse(readFileSync(join(modules, pkg, "package.json"), "utf8")).version;
}

function sha256(path) {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

rmSync(vendor, { recursive: true, force: true });
mkdirSync(join(vendor, "licenses"), { recursive: true });
mkdirSync(testVendor, { recursive: true });
mkdirSync(gltfVendor, { recursive: true });
const manifest = {};
// A source-map comment names a file that is not vendored: hashed static storage (production's
// collectstatic) refuses to post-process a file whose references are missing.
const withoutSourceMap = (text) => text.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
for (const [pkg, source, target, name] of copies) {
  writeFileSync(join(target, name), withoutSourceMap(readFileSync(join(modules, pkg, source), "utf8")));
  manifest[key(join(target, name))] = { package: pkg, version: version(pkg), sha256: sha256(join(target, name)) };
}
for (const [pkg, entry, globalName, name] of bundles) {
  await build({
    entryPoints: [join(here, entry)],
    bundle: true,
    minify: true,
    format: "iife",
    globalName,
    target: "es2020",
    legalComments: "eof",
    outfile: join(vendor, name),
    logLevel: "warning",
  });
  manifest[key(join(vendor, name))] = { package: pkg, version: version(pkg), sha256: sha256(join(vendor, name)) };
}
const MIT = (holder) =>
  `MIT License\n\nCopyright (c) ${holder}\n\nPermission is hereby granted, free of charge, to any person obtaining a copy\nof this software and associated documentation files (the "Software"), to deal\nin the Software without restriction, including without limitation the rights\nto use, copy, modify, merge, publish, distribute, sublicense, and/or sell\ncopies of the Software, and to permit persons to whom the Software is\nfurnished to do so, subject to the following conditions:\n\nThe above copyright notice and this permission notice shall be included in all\ncopies or substantial portions of the Software.\n\nTHE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR\nIMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,\nFITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE\nAUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER\nLIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,\nOUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE\nSOFTWARE.\n`;
for (const [pkg, file] of Object.entries(licenses)) {
  const name = `${pkg.replace("/", "-").replace("@", "")}.txt`;
  const target =
    pkg === "axe-core" ? join(testVendor, "LICENSE-axe-core.txt")
    : pkg === "gltf-validator" ? join(gltfVendor, "LICENSE.txt")
    : join(vendor, "licenses", name);
  if (file === null) writeFileSync(target, MIT("Jeremy Danyow (cfworker)"));
  else copyFileSync(join(modules, pkg, file), target);
}
writeFileSync(join(vendor, "MANIFEST.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`vendored ${Object.keys(manifest).length} files into static/vendor and tests/browser/vendor`);
