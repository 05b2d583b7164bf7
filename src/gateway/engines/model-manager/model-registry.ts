import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../../blobs/atomic-file'
import { type LocalModelKind } from './whisper-model-catalog'

export interface RegisteredModel {
  kind: LocalModelKind
  fileName: string
  sizeBytes: number
  sha256: string
  source: 'download' | 'import'
  installedAt: string
  /** The Hugging Face repository a hub download came from. */
  repo?: string
}

interface RegistryFile {
  version: 1
  models: Record<string, RegisteredModel>
}

/** `<modelsDir>/models.json`: what is installed under which name, written atomically. */
export class ModelRegistry {
  private readonly path: string
  private writes: Promise<unknown> = Promise.resolve()

  constructor(modelsDir: string) {
    this.path = join(modelsDir, 'models.json')
  }

  async read(): Promise<Record<string, RegisteredModel>> {
    try {
      const parsed = JSON.parse(await readFile(this.path, 'utf8')) as Partial<RegistryFile>
      return parsed.models && typeof parsed.models === 'object' ? parsed.models : {}
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw new Error(`cannot read the model registry ${this.path}: ${(e as Error).message}`)
    }
  }

  /** Read-modify-write, one change at a time. */
  update(change: (models: Record<string, RegisteredModel>) => void): Promise<void> {
    const next = this.writes.then(async () => {
      const models = await this.read()
      change(models)
      const file: RegistryFile = { version: 1, models }
      await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`)
    })
    this.writes = next.catch(() => {})
    return next
  }
}
