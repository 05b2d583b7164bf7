import { badRequest } from '../../../shared/errors'
import type { InputItem } from './responses-types'

/** Looks up an item a client refers to by id (`item_reference`): an item of one of the team's stored responses. */
export type ItemLookup = (id: string) => InputItem | undefined

/** An input item as it is kept and listed: with an id and, for a message, its content as parts. */
export type StoredItem = InputItem & { id: string }

/**
 * The request's `input` as a list of items, `item_reference`s replaced by the items they name, every
 * item given an id (`msg_…` for messages, as OpenAI lists them) so it can be listed and referred to.
 * Content stays as sent, so the pivot request is the one a chat client would have sent.
 */
export function resolveItems(input: string | InputItem[] | undefined, lookup: ItemLookup, newId: (prefix: string) => string): StoredItem[] {
  if (input === undefined) return []
  if (typeof input === 'string') return [{ id: newId('msg'), type: 'message', role: 'user', content: input }]
  return input.map((item, i) => {
    if (typeof item !== 'object' || item === null) throw badRequest(`input[${i}] must be an object`, `input[${i}]`)
    if (item.type === 'item_reference') {
      const found = typeof item.id === 'string' ? lookup(item.id) : undefined
      if (!found) throw badRequest(`input[${i}].id: no stored item ${JSON.stringify(item.id)} of this team (it may have expired or been deleted, or been made with store: false).`, `input[${i}].id`, 'item_not_found')
      return { ...found, id: item.id }
    }
    const type = item.type ?? 'message'
    const prefix = type === 'function_call' ? 'fc' : type === 'function_call_output' ? 'fco' : type === 'reasoning' ? 'rs' : 'msg'
    return { ...item, type, id: item.id ?? newId(prefix) } as StoredItem
  })
}

/** An item as `input_items` lists it: a message's string content as one `input_text` part (OpenAI's listing). */
export function listedItem(item: StoredItem): StoredItem {
  if (item.type === 'message' && typeof item.content === 'string') return { ...item, content: [{ type: item.role === 'assistant' ? 'output_text' : 'input_text', text: item.content }] } as StoredItem
  return item
}
