/**
 * Ids of a kept response and its items. A response is `resp_<key>`, its items (input and output)
 * `<prefix>_<key><n>`: an item's id names its response, so `item_reference` finds the item through the
 * response's row, and keeping a response writes one row, not one index row per item. The key starts
 * with the time, so keys sort as they were made and the table's key index grows at its end (random
 * keys dirty a page anywhere in it on every insert).
 */
const TIME_CHARS = 9
const RANDOM_BYTES = 10
const KEY_LENGTH = TIME_CHARS + 2 * RANDOM_BYTES
const ITEM_ID = new RegExp(`^[a-z]+_([0-9a-z]{${KEY_LENGTH}})\\d+$`)

/** A new response key: the time in base 36, then random bytes in hex (`randomToken` is base64url). */
export function newResponseKey(nowMs: number, randomToken: (bytes: number) => string): string {
  return nowMs.toString(36).padStart(TIME_CHARS, '0').slice(-TIME_CHARS) + Buffer.from(randomToken(RANDOM_BYTES), 'base64url').toString('hex')
}

export const responseId = (key: string): string => `resp_${key}`

/** Ids for the items of the response with this key, numbered in the order they are made. */
export function itemIdsOf(key: string): (prefix: string) => string {
  let n = 0
  return (prefix) => `${prefix}_${key}${n++}`
}

/** The id of the response an item id was made for, or undefined for an id made elsewhere. */
export function responseIdOfItem(itemId: string): string | undefined {
  const key = ITEM_ID.exec(itemId)?.[1]
  return key === undefined ? undefined : responseId(key)
}
