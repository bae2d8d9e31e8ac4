/** The HTTP statuses an API answer may fail with, as the OpenAPI document lists them. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503 | 504;
