import type { Migration } from './index'

/**
 * Items of kept responses are found through their response: an item's id names it
 * (services/responses/item-ids.ts), so the per-item index rows are no longer written or read.
 * Items of responses kept before this version can no longer be named by `item_reference`;
 * `previous_response_id`, retrieval and `input_items` still serve those responses.
 */
export const responseItemsByResponse: Migration = {
  version: 20,
  name: 'response-items-by-response',
  sql: /* sql */ `
    DROP TABLE response_items;
  `,
}
