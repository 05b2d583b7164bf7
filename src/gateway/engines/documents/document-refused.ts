/**
 * A document the gateway will not read to the end (too many pages, pixels, or not a document at all).
 * The message reads after the document's name ("report.pdf has 6000 pages; ..."); the worker turns it into
 * a 4xx naming the request field.
 */
export class DocumentRefused extends Error {
  constructor(
    readonly status: 400 | 413 | 422,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'DocumentRefused'
  }
}
