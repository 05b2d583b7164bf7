import { seededRandom } from '../../src/gateway/services/messages/fixtures/random-json-bodies'

/**
 * A made-up corpus for retrieval tests and the RAG bench: creatures with invented names, each in its
 * own document, described from word lists by a seeded generator (the same corpus every run).
 */

const SYLLABLES = ['zor', 'vath', 'mel', 'quin', 'tra', 'bek', 'sol', 'ny', 'dra', 'fen', 'gul', 'ix', 'pom', 'rel', 'tas', 'yor', 'kal', 'bri', 'vos', 'lum']
const KINDS = ['lizard', 'beetle', 'owl', 'otter', 'moth', 'heron', 'badger', 'squid', 'falcon', 'toad', 'weasel', 'crab']
const PLACES = ['salt marsh', 'pine forest', 'river delta', 'limestone cave', 'mountain lake', 'desert canyon', 'kelp reef', 'birch swamp', 'glacier edge', 'tea terraces']
const FOODS = ['wild plums', 'river snails', 'pine seeds', 'glow worms', 'sea grapes', 'clover honey', 'mushroom caps', 'frozen berries']
const HABITS = ['hums at dusk', 'builds towers of pebbles', 'sleeps upside down', 'collects blue feathers', 'swims against the tide', 'paints its nest with clay', 'migrates every spring', 'hides under fallen leaves']
const COLORS = ['amber', 'silver', 'violet', 'crimson', 'olive', 'cobalt', 'ivory', 'copper']

export interface CorpusDoc {
  name: string
  creature: string
  text: string
}

/** `count` documents, each about one creature with a unique invented name. */
export function creatureCorpus(count: number, seed = 7): CorpusDoc[] {
  const rand = seededRandom(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!
  const names = new Set<string>()
  const docs: CorpusDoc[] = []
  while (docs.length < count) {
    // three syllables give 8,000 names; larger corpora (the bench) take four
    const name = Array.from({ length: docs.length < 4000 ? 3 : 4 }, () => pick(SYLLABLES)).join('')
    if (names.has(name)) continue
    names.add(name)
    const creature = name[0]!.toUpperCase() + name.slice(1)
    const text = `${creature} is a ${pick(COLORS)} ${pick(KINDS)} of the ${pick(PLACES)}. ${creature} eats ${pick(FOODS)} and ${pick(HABITS)}.`
    docs.push({ name: `${name}.txt`, creature, text })
  }
  return docs
}

/** A query naming the creature exactly, as a person who read about it would ask. */
export const exactQuery = (d: CorpusDoc) => `What does ${d.creature} eat?`

/** The same question with the name misspelt (two letters swapped): no word of it matches the document. */
export function misspeltQuery(d: CorpusDoc): string {
  const n = d.creature
  const i = Math.max(1, Math.floor(n.length / 2) - 1)
  return `What does ${n.slice(0, i)}${n[i + 1]}${n[i]}${n.slice(i + 2)} eat?`
}
