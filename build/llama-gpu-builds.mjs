/**
 * The llama.cpp GPU build each installer carries (electron-builder's `beforeBuild` hook, see
 * electron-builder.yml). Development and CI installs skip the GPU packages (package.json `overrides`
 * swap them for an empty placeholder: the CUDA ones are hundreds of MB); an installer must ship the
 * one for its platform, so this hook puts the real package in place before the app is packed.
 * CUDA ships in no installer: the Vulkan build runs on NVIDIA, AMD and Intel GPUs alike.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/** Installer target (`platform-arch`) -> the @node-llama-cpp package with its GPU build; targets missing here run on the CPU. */
export const GPU_BUILDS = {
  'darwin-arm64': { backend: 'metal', package: '@node-llama-cpp/mac-arm64-metal' },
  'linux-x64': { backend: 'vulkan', package: '@node-llama-cpp/linux-x64-vulkan' },
  'win32-x64': { backend: 'vulkan', package: '@node-llama-cpp/win-x64-vulkan' },
}

/** The empty package package.json's overrides install in place of a GPU build. */
export function isPlaceholder(packageDir) {
  const manifest = join(packageDir, 'package.json')
  if (!existsSync(manifest)) return true
  return JSON.parse(readFileSync(manifest, 'utf8')).name === '@favware/skip-dependency'
}

/** Fetches the real package (same version as node-llama-cpp) with `npm pack`, which overrides do not touch, and unpacks it in place. */
function installGpuBuild(appDir, target) {
  const build = GPU_BUILDS[target]
  if (!build) return null
  const dir = join(appDir, 'node_modules', build.package)
  if (!isPlaceholder(dir)) return build
  const { version } = JSON.parse(readFileSync(join(appDir, 'node_modules', 'node-llama-cpp', 'package.json'), 'utf8'))
  const tarball = execFileSync('npm', ['pack', `${build.package}@${version}`, '--silent'], { cwd: appDir, encoding: 'utf8', shell: process.platform === 'win32' }).trim().split('\n').pop()
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  execFileSync('tar', ['-xzf', join(appDir, tarball), '-C', dir, '--strip-components=1'])
  rmSync(join(appDir, tarball), { force: true })
  return build
}

/** electron-builder's beforeBuild: `{ appDir, platform, arch }`; true lets it go on installing dependencies as usual. */
export async function beforeBuild(context) {
  const platform = context.platform.nodeName
  installGpuBuild(context.appDir, `${platform}-${context.arch}`)
  return true
}

export default beforeBuild
