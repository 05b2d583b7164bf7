import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint()
const restricted = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('layering lint rules (ARCHITECTURE.md)', () => {
  it('stops the gateway and shared code from importing electron', async () => {
    expect(await restricted('src/gateway/app.ts', "import { app } from 'electron'\nexport const x = app\n")).toHaveLength(1)
    expect(await restricted('src/shared/errors.ts', "import { app } from 'electron'\nexport const x = app\n")).toHaveLength(1)
  })

  it('stops the renderer from importing gateway code', async () => {
    const found = await restricted('src/renderer/src/App.tsx', "import { buildGateway } from '../../gateway/app'\nexport const x = buildGateway\n")
    expect(found[0]).toMatch(/never imports gateway/)
  })

  it('keeps better-sqlite3 and pg inside the store, and node: out of shared', async () => {
    expect(await restricted('src/gateway/services/x.ts', "import Database from 'better-sqlite3'\nexport const x = Database\n")).toHaveLength(1)
    expect(await restricted('src/gateway/store/x.ts', "import Database from 'better-sqlite3'\nexport const x = Database\n")).toHaveLength(0)
    expect(await restricted('src/gateway/boot/x.ts', "import pg from 'pg'\nexport const x = pg\n")).toHaveLength(1)
    expect(await restricted('src/gateway/store/postgres/x.ts', "import pg from 'pg'\nexport const x = pg\n")).toHaveLength(0)
    expect(await restricted('src/shared/x.ts', "import { join } from 'node:path'\nexport const x = join\n")).toHaveLength(1)
  })
})

describe('gateway layers import only downward', () => {
  const imports = (spec: string) => `import { x } from '${spec}'\nexport const y = x\n`
  it.each([
    ['src/gateway/http/x.ts', '../api/chat/chat-routes', /http\/ holds HTTP machinery/],
    ['src/gateway/http/x.ts', '../services/pipeline/pipeline', /http\/ holds HTTP machinery/],
    ['src/gateway/services/chat/x.ts', '../../http/sse-sink', /services\/ never imports http\/ or api\//],
    ['src/gateway/services/chat/x.ts', '../../api/request-context', /services\/ never imports http\/ or api\//],
    ['src/gateway/api/chat/x.ts', '../../store/store', /api\/ never imports store\/ or providers\//],
    ['src/gateway/api/chat/x.ts', '../../providers/registry', /api\/ never imports store\/ or providers\//],
    ['src/gateway/providers/openai/x.ts', '../../store/repos/providers-repo', /providers\/ never imports store\//],
    ['src/gateway/store/repos/x.ts', '../../services/pipeline/pipeline', /store\/ is the lowest gateway layer/],
    ['src/gateway/kernel/x.ts', '../services/pipeline/pipeline', /leaf layers/],
  ])('%s may not import %s', async (file, spec, message) => {
    const found = await restricted(file, imports(spec))
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(message)
  })

  it('lets each layer import the layers below it', async () => {
    expect(await restricted('src/gateway/api/chat/x.ts', imports('../../services/chat/chat-service'))).toEqual([])
    expect(await restricted('src/gateway/services/chat/x.ts', imports('../../providers/registry'))).toEqual([])
    expect(await restricted('src/gateway/services/chat/x.ts', imports('../../store/store'))).toEqual([])
    expect(await restricted('src/gateway/http/x.ts', imports('../security/credentials'))).toEqual([])
    expect(await restricted('src/gateway/providers/openai/x.ts', imports('../../engines/host/engine-host'))).toEqual([])
  })
})

describe('renderer features sit side by side (issue 22)', () => {
  const imports = (spec: string) => `import { x } from '${spec}'\nexport const y = x\n`
  it('a feature may not import another feature; lib/ and components/ are fine; the shell places the pages', async () => {
    const found = await restricted('src/renderer/src/features/usage/UsagePage.tsx', imports('../playground/download'))
    expect(found[0]).toMatch(/A feature never imports another feature/)
    expect(await restricted('src/renderer/src/features/playground/x.ts', imports('../../features/audio/AudioPage'))).toHaveLength(1)
    expect(await restricted('src/renderer/src/features/usage/UsagePage.tsx', imports('../../lib/download'))).toEqual([])
    expect(await restricted('src/renderer/src/features/usage/UsagePage.tsx', imports('./UsageChart'))).toEqual([])
    expect(await restricted('src/renderer/src/features/shell/AppShell.tsx', imports('../playground/PlaygroundPage'))).toEqual([])
  })

  it('a store selector may not build a new array or object under plain useAppStore', async () => {
    const lint = async (body: string) => {
      const [r] = await eslint.lintText(`import { useAppStore } from '../../stores/app-store'\nexport const useX = () => ${body}\n`, { filePath: 'src/renderer/src/features/models/x.ts' })
      return r!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length
    }
    expect(await lint("useAppStore((s) => s.catalog.models.filter((m) => m.kind === 'chat'))")).toBe(1)
    expect(await lint('useAppStore((s) => ({ a: s.a }))')).toBe(1)
    expect(await lint('useAppStore((s) => s.catalog.models.filter((m) => m.kind === "chat").length)')).toBe(0)
  })
})
