#!/usr/bin/env bash
# Rebuilds the vendored Discord Embedded App SDK:
#   web/discord-sdk.js              one self-contained, minified browser ES module
#   vendor/discord-sdk/LICENSE.txt  the SDK's licence and those of the code bundled in it
#
# Why: the Discord Activity page is a plain ES module of web/ (no bundler, built into the
# binary with include_dir), and the SDK is published for bundlers only (npm package of ~70
# ES module files importing one another). Both outputs are committed: `cargo build`/`cargo run`
# never run this script, and need neither Node nor npm.
#
# Run it (needs node and npm, reaches only the npm registry) to update or check the files:
#   bash vendor/discord-sdk/build.sh && git diff --stat web/discord-sdk.js vendor/discord-sdk
# Every package is pinned to an exact version, so two runs give byte-identical files.
#
# To move to another SDK version: set SDK_VERSION, and set the bundled libraries' versions
# below to those of that release's package-lock.json in the SDK's repository (its build
# copies its dependencies into output/lib/ of the package, which does not say their versions;
# the licences are read from these installed packages, so keep the two in step).
set -euo pipefail

SDK_VERSION=2.5.0
ESBUILD_VERSION=0.28.2

here=$(cd "$(dirname "$0")" && pwd)
web_dir=$(cd "$here/../../web" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/discord-sdk-build.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"

# The SDK and esbuild, and every package the SDK depends on, at exact versions. The SDK's
# output already contains copies of its runtime libraries (output/lib/: the versions of its
# v2.5.0 package-lock.json); the same versions are installed here, together with tslib (which
# the SDK's build also copied in), so that their licence files can be read.
cat > package.json <<EOF
{
  "name": "discord-sdk-vendor-build",
  "version": "0.0.0",
  "private": true,
  "dependencies": {
    "@discord/embedded-app-sdk": "$SDK_VERSION",
    "esbuild": "$ESBUILD_VERSION",
    "big-integer": "1.6.52",
    "decimal.js-light": "2.5.1",
    "eventemitter3": "5.0.1",
    "lodash.transform": "4.6.0",
    "tslib": "2.7.0",
    "uuid": "11.1.0",
    "zod": "3.23.8",
    "@types/lodash": "4.17.27",
    "@types/lodash.transform": "4.6.9",
    "@types/uuid": "10.0.0"
  }
}
EOF
npm install --no-save --ignore-scripts --no-audit --no-fund --no-package-lock \
    --loglevel=error >&2

cat > entry.mjs <<'EOF'
export * from '@discord/embedded-app-sdk';
EOF

# esbuild, through its JS API for one plugin: lodash's global lookup
# `freeGlobal || freeSelf || Function('return this')()` never reaches Function() in a browser
# (`self` is the global), but it is the bundle's only Function()/eval text, so it is replaced
# by `globalThis` (es2020): the file then has no dynamic code at all, for a CSP of
# `script-src 'self'`. The build fails if that text is not found exactly once.
cat > build.mjs <<'EOF'
import * as esbuild from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';

const [sdkVersion, outFile] = process.argv.slice(2);
const lodashRoot = {
  name: 'lodash-root-without-function',
  setup(build) {
    build.onLoad({ filter: /[\\/]lib[\\/]lodash\.transform[\\/]index\.mjs$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const needle = "Function('return this')()";
      if (text.split(needle).length !== 2) {
        throw new Error(`${args.path}: expected exactly one ${needle}`);
      }
      return { contents: text.replace(needle, 'globalThis'), loader: 'js' };
    });
  },
};
const result = await esbuild.build({
  entryPoints: ['entry.mjs'],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  legalComments: 'none',
  charset: 'utf8',
  banner: {
    js: `// @discord/embedded-app-sdk ${sdkVersion} (MIT), bundled and minified with esbuild; licences: vendor/discord-sdk/LICENSE.txt; rebuild: vendor/discord-sdk/build.sh`,
  },
  outfile: outFile,
  metafile: true,
  logLevel: 'warning',
  plugins: [lodashRoot],
});
await writeFile('meta.json', JSON.stringify(result.metafile, null, 1));
EOF
node build.mjs "$SDK_VERSION" "$work/discord-sdk.js"

# The licences: the packages whose code is in the output, by the metafile's inputs that put
# bytes into it. A file under node_modules/<pkg>/ is of <pkg>; a file under the SDK's
# output/lib/<pkg>/ is the SDK's copy of <pkg>. Each licence is read from the installed
# package, whose version must be the one pinned above.
cat > licences.mjs <<'EOF'
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';

const sdk = '@discord/embedded-app-sdk';
const meta = JSON.parse(readFileSync('meta.json', 'utf8'));
const pkgOf = (input) => {
  const m = input.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
  if (!m) return null; // entry.mjs
  const copied = m[1] === sdk && m[2].match(/^output\/lib\/((?:@[^/]+\/)?[^/]+)\//);
  return copied ? copied[1] : m[1];
};
const used = new Set();
for (const out of Object.values(meta.outputs)) {
  for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
    const pkg = pkgOf(input);
    if (pkg && bytesInOutput > 0) used.add(pkg);
  }
}
if (!used.has(sdk)) throw new Error(`${sdk} is not in the output`);
const others = [...used].filter((p) => p !== sdk).sort();
const licenceText = (pkg) => {
  const dir = `node_modules/${pkg}`;
  const files = readdirSync(dir).filter((f) => /^licen[cs]e(\.(md|txt))?$/i.test(f)).sort();
  if (files.length !== 1) throw new Error(`${pkg}: expected one licence file, found ${files}`);
  const { version, license } = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
  const text = readFileSync(`${dir}/${files[0]}`, 'utf8').replace(/\r\n/g, '\n').trimEnd();
  return { version, license, file: files[0], text };
};
const rule = '='.repeat(78);
const section = (pkg, note) => {
  const l = licenceText(pkg);
  return `${rule}\n${pkg} ${l.version} (${l.license}), ${note}; from its ${l.file}\n${rule}\n\n${l.text}\n`;
};
const parts = [
  `This licence file covers discord-sdk.js: the npm package ${sdk} ` +
    `${licenceText(sdk).version} bundled into one file, and the code of the ` +
    `${others.length} packages that the SDK's own build copied into it (output/lib/).\n`,
  section(sdk, 'the SDK'),
  ...others.map((pkg) => section(pkg, `bundled in ${sdk}`)),
];
writeFileSync('LICENSE.txt', parts.join('\n'));
console.error(`bundled: ${[sdk, ...others].map((p) => `${p}@${licenceText(p).version}`).join(', ')}`);
EOF
node licences.mjs

# A check of what the header promises: no import of another file, no dynamic code.
if grep -Eq '(^|[^.A-Za-z0-9_$])(import\(|eval\(|Function\()|from"[^"]|import"' discord-sdk.js; then
    echo "discord-sdk.js has an import, eval or Function(): refusing it" >&2
    exit 1
fi

cp discord-sdk.js "$web_dir/discord-sdk.js"
cp LICENSE.txt "$here/LICENSE.txt"
echo "wrote $web_dir/discord-sdk.js and $here/LICENSE.txt" >&2
