/**
 * How large a request body may be, by what it carries (issue 30). Fastify refuses a body past its
 * route's limit with 413 before reading it when Content-Length says so, and stops reading once a
 * body without one passes it. Multipart uploads are streamed and have their own limits.
 */

const MiB = 1024 * 1024;

/** Every JSON or form body unless its route declares more: names, ids, settings, short lists. */
export const JSON_BODY_LIMIT = 1 * MiB;

/**
 * Bodies carrying base64 pictures or long tag lists: a profile photo (1 MB of picture), a saved
 * signature with initials, the values a signer fills in, a document's or template's tags (up to
 * 2,000), a bulk signature, the failed rows of a stamp paper import (5,000).
 */
export const LARGE_BODY_LIMIT = 8 * MiB;

/** Bodies carrying whole PDFs in base64 (a DocuSign template download, the older compose call). */
export const DOCUMENTS_BODY_LIMIT = 20 * MiB;

/** How deep a JSON body may nest arrays and objects; no request of the API needs half of it. */
export const MAX_JSON_DEPTH = 32;
