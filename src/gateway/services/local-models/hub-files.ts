/** A hub repository's files as model choices: the GGUF (or whisper.cpp ggml) files, each with its quantization. */
import type { HubFile, HubRepo } from '../../engines/model-manager/hub-client'
import type { LocalModelKind } from '../../engines/model-manager/whisper-model-catalog'

export interface ModelFileChoice {
  file: string
  quant: string | null
  sizeBytes: number
  sha256: string | null
  kind: LocalModelKind
  /** A model split over several files ("-00001-of-00003.gguf"): listed once, with the size of all its parts. */
  parts: number
}

const QUANT = /(?:^|[-_.])(I?Q\d(?:_[A-Z0-9]+)*|[BF]F?16|F32|FP16|FP32)(?=[-_.]|$)/i
const SPLIT = /-(\d{5})-of-(\d{5})\.gguf$/i
const WHISPER_FILE = /(?:^|\/)ggml-[^/]+\.bin$/i

/** "Llama-3.2-1B-Instruct-Q4_K_M.gguf" -> "Q4_K_M"; null when the name does not say. */
export function quantOf(fileName: string): string | null {
  const base = (fileName.split('/').pop() ?? fileName).replace(SPLIT, '').replace(/\.(gguf|bin)$/i, '')
  const m = QUANT.exec(base)
  return m ? m[1]!.toUpperCase() : null
}

/** What a repository holds, from its tags: embedding models, whisper models, or chat models. */
export function repoKind(repo: Pick<HubRepo, 'id' | 'tags' | 'pipelineTag'>): LocalModelKind {
  const tags = [...repo.tags, repo.pipelineTag ?? ''].map((t) => t.toLowerCase())
  if (tags.some((t) => t === 'automatic-speech-recognition' || t === 'whisper') || /whisper/i.test(repo.id)) return 'whisper'
  if (tags.some((t) => t === 'sentence-similarity' || t === 'feature-extraction' || t === 'sentence-transformers') || /embed/i.test(repo.id)) return 'embedding'
  return 'chat'
}

export function modelFileChoices(files: HubFile[], kind: LocalModelKind): ModelFileChoice[] {
  const choices: ModelFileChoice[] = []
  const splits = new Map<string, ModelFileChoice>()
  for (const f of files) {
    if (kind === 'whisper' ? !WHISPER_FILE.test(f.path) : !/\.gguf$/i.test(f.path)) continue
    // Vision projectors and imatrix data sit beside the model files; they are not models of their own.
    if (/mmproj|imatrix/i.test(f.path)) continue
    const split = SPLIT.exec(f.path)
    if (split) {
      const key = f.path.replace(SPLIT, '')
      const first = splits.get(key)
      if (first) first.sizeBytes += f.sizeBytes
      else splits.set(key, { file: f.path.replace(SPLIT, '-00001-of-$2.gguf'), quant: quantOf(f.path), sizeBytes: f.sizeBytes, sha256: null, kind, parts: Number(split[2]) })
      continue
    }
    choices.push({ file: f.path, quant: quantOf(f.path), sizeBytes: f.sizeBytes, sha256: f.sha256, kind, parts: 1 })
  }
  return [...choices, ...splits.values()].sort((a, b) => a.sizeBytes - b.sizeBytes)
}

/** The name an installed hub file goes by: its file name without the extension, as model names allow. */
export function installNameOf(file: string): string {
  const base = (file.split('/').pop() ?? file).replace(/\.(gguf|bin)$/i, '')
  return base.replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[^A-Za-z0-9]+/, '').slice(0, 64) || 'model'
}
