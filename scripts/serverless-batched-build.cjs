'use strict';
/**
 * Builds the functions' bundles a batch at a time instead of one esbuild build per function.
 *
 * serverless-esbuild (pinned 1.57.2) runs a separate esbuild build for each of the ~70
 * handlers, so esbuild parses the AWS SDK, zod and lib/ again for every one of them; then
 * it parses each finished bundle once more with acorn to find which externals (sharp,
 * exceljs) it requires; and before zipping a function it copies the function's files to a
 * temporary folder that its zip step never reads. This plugin replaces those three steps of
 * that plugin, and nothing else: one esbuild build per BATCH handlers (the same options, each
 * handler still its own self-contained bundle at the same path), the externals a bundle
 * requires read from esbuild's own metafile, and the zip written straight from the build
 * folder, byte for byte as that plugin writes it. Measured on 2 cores: an idle packaging
 * takes ~40 s instead of ~90 s (docs/decisions.md, "The bundles are built a batch at a
 * time"). tests/deploy/package.test.ts checks the zips it leads to.
 */
const { createWriteStream, mkdirSync, readFileSync, statSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

/** Handlers per esbuild build: 25 kept esbuild under ~0.9 GB; all ~70 at once took 2 GB. */
const BATCH = 25;
const PINNED = '1.57.2';
// serverless-esbuild's own options, which esbuild does not take (as its bundle step strips them)
const PLUGIN_OPTIONS = [
  'concurrency',
  'zipConcurrency',
  'exclude',
  'nativeZip',
  'packager',
  'packagePath',
  'watch',
  'keepOutputDirectory',
  'packagerOptions',
  'installExtraArgs',
  'outputFileExtension',
  'outputBuildFolder',
  'outputWorkFolder',
  'nodeExternals',
  'skipBuild',
  'skipRebuild',
  'skipBuildExcludeFns',
  'stripEntryResolveExtensions',
  'disposeContext',
];

class BatchedBuild {
  constructor(serverless) {
    this.serverless = serverless;
    const command = serverless.processedInput?.commands?.[0];
    this.hooks = ['package', 'deploy'].includes(command) ? { initialize: () => this.install() } : {};
  }

  install() {
    const dist = dirname(require.resolve('serverless-esbuild'));
    const version = require(join(dist, '..', 'package.json')).version;
    const plugin = this.serverless.pluginManager.plugins.find((p) => p.constructor?.name === 'EsbuildServerlessPlugin');
    // another version may name its steps differently: then it builds as it always did
    if (!plugin || version !== PINNED) return;
    const esbuild = require(require.resolve('esbuild', { paths: [dist] }));
    const helper = require(join(dist, 'helper.js'));
    const requires = new Map(); // bundle path (absolute) -> the external modules it requires
    const readDeps = helper.getDepsFromBundle;
    helper.getDepsFromBundle = (bundlePath, esm) => requires.get(bundlePath) ?? readDeps(bundlePath, esm);
    const utils = require(join(dist, 'utils.js'));
    const copyThenZip = utils.zip;
    const archiver = require(require.resolve('archiver', { paths: [dist] }));
    utils.zip = (zipPath, files, nativeZip) => (nativeZip ? copyThenZip(zipPath, files, nativeZip) : zipFiles(archiver, zipPath, files));
    plugin.bundle = async function bundleInBatches() {
      this.prepare();
      const options = Object.fromEntries(Object.entries(this.buildOptions).filter(([k]) => !PLUGIN_OPTIONS.includes(k)));
      const exclude = [this.buildOptions.exclude ?? []].flat().filter((e) => typeof e === 'string');
      const ext = this.buildOptions.outputFileExtension;
      const config = {
        ...options,
        external: [...[this.buildOptions.external ?? []].flat(), ...(exclude.includes('*') ? [] : exclude)],
        plugins: this.plugins,
        ...(ext !== '.js' ? { outExtension: { '.js': ext } } : {}),
        outdir: this.buildDirPath,
        outbase: '.',
        metafile: true,
      };
      const entries = [...new Set(this.functionEntries.map((f) => f.entry))];
      const bundlePathOf = (entry) => entry.slice(0, entry.lastIndexOf('.')) + ext;
      this.buildCache = {};
      for (let i = 0; i < entries.length; i += BATCH) {
        const batch = entries.slice(i, i + BATCH);
        const result = await esbuild.build({ ...config, entryPoints: batch });
        for (const [out, meta] of Object.entries(result.metafile.outputs)) {
          if (out.endsWith('.map')) continue;
          const external = meta.imports.filter((im) => im.external).map((im) => im.path);
          requires.set(join(process.cwd(), out), external);
        }
        for (const entry of batch) this.buildCache[entry] = { bundlePath: bundlePathOf(entry), entry, result };
      }
      this.buildResults = this.functionEntries
        .filter(({ func }) => func !== null)
        .map(({ entry, func, functionAlias }) => ({ bundlePath: this.buildCache[entry].bundlePath, func, functionAlias }));
      this.log.verbose(
        `Compiled ${entries.length} bundles in ${Math.ceil(entries.length / BATCH)} esbuild builds (${relative(process.cwd(), this.buildDirPath)})`,
      );
    };
  }
}

/**
 * The zip serverless-esbuild's own (non-native) zip step writes, without the copy before it:
 * the same entries in the same order, each with its file's mode and the date 0, so the same
 * build gives the same zip (and deployment hash).
 */
function zipFiles(archiver, zipPath, files) {
  mkdirSync(dirname(zipPath), { recursive: true });
  return new Promise((resolve, reject) => {
    const archive = archiver.create('zip');
    const output = createWriteStream(zipPath);
    output.on('close', resolve);
    output.on('error', reject);
    archive.on('error', reject);
    output.on('open', () => {
      archive.pipe(output);
      for (const file of files) {
        const stats = statSync(file.rootPath);
        if (stats.isDirectory()) continue;
        archive.append(readFileSync(file.rootPath), { name: file.localPath, mode: stats.mode, date: new Date(0) });
      }
      archive.finalize();
    });
  });
}

module.exports = BatchedBuild;
