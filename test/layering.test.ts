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

  it('keeps better-sqlite3 inside the store, and node: out of shared', async () => {
    expect(await restricted('src/gateway/services/x.ts', "import Database from 'better-sqlite3'\nexport const x = Database\n")).toHaveLength(1)
    expect(await restricted('src/gateway/store/x.ts', "import Database from 'better-sqlite3'\nexport const x = Database\n")).toHaveLength(0)
    expect(await restricted('src/shared/x.ts', "import { join } from 'node:path'\nexport const x = join\n")).toHaveLength(1)
  })
})
